import { describe, expect, it } from 'vitest'
import { storefrontUrl } from './storefront-url.ts'

describe('a document on the storefront', () => {
  it('opens a published page at its own path', () => {
    expect(storefrontUrl({ path: '/cs/terms', published: true })).toBe('/cs/terms')
  })

  it('opens an unpublished page as the editor’s preview', () => {
    expect(storefrontUrl({ path: '/en/new-page', published: false })).toBe('/en/new-page?preview=1')
  })
})
