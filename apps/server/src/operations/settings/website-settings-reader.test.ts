import { describe, expect, it } from 'vitest'
import { createWebsiteSettingsReader, websiteSettingsForSite } from './website-settings-store.ts'

describe('website settings as storefront code reads them', () => {
  const reader = createWebsiteSettingsReader([
    { name: 'headerPhone', type: 'text', value: '+420 1', siteId: null, language: null },
    { name: 'headerPhone', type: 'text', value: '+421 2', siteId: null, language: 'sk' },
    { name: 'headerPhone', type: 'text', value: '+421 3', siteId: 7, language: 'sk' },
    { name: 'headerPhone', type: 'text', value: 'site 7', siteId: 7, language: null },
    { name: 'empty', type: 'text', value: '  ', siteId: null, language: null },
    { name: 'limit', type: 'number', value: 1500, siteId: null, language: null },
  ])

  it('answers the most specific setting: site and language, then site, then language, then any', () => {
    expect(reader.get('headerPhone', { language: 'sk', siteId: 7 })).toBe('+421 3')
    expect(reader.get('headerPhone', { language: 'cs', siteId: 7 })).toBe('site 7')
    expect(reader.get('headerPhone', { language: 'sk' })).toBe('+421 2')
    expect(reader.get('headerPhone', { language: 'hu' })).toBe('+420 1')
  })

  it('answers null for a missing setting and the fallback for an empty or non-text one', () => {
    expect(reader.get('nothing', { language: 'cs' })).toBeNull()
    expect(reader.text('empty', { language: 'cs' }, 'fallback')).toBe('fallback')
    expect(reader.text('limit', { language: 'cs' }, 'fallback')).toBe('fallback')
    expect(reader.get('limit', { language: 'cs' })).toBe(1500)
  })

  it("gives a site's page its site's settings when the page names only its language", () => {
    const onSite = websiteSettingsForSite(reader, 7)
    expect(onSite.get('headerPhone', { language: 'sk' })).toBe('+421 3')
    expect(onSite.text('headerPhone', { language: 'cs' })).toBe('site 7')
    expect(websiteSettingsForSite(reader, 8).get('headerPhone', { language: 'hu' })).toBe('+420 1')
  })
})
