import { describe, expect, it } from 'vitest'
import { LanguageTreeQuerySchema, UpdateSiteSchema } from './document-sites-api.ts'

describe('UpdateSiteSchema', () => {
  it('reads domains from the form’s text (lines, commas, spaces) or a list', () => {
    expect(
      UpdateSiteSchema.parse({ id: '5', domains: ' a.example.com\nb.example.com, c.example.com ' }),
    ).toMatchObject({
      id: 5,
      domains: ['a.example.com', 'b.example.com', 'c.example.com'],
      mainDomain: '',
      redirectToMainDomain: false,
      defaultLanguage: '',
      errorDocument: '',
      errorDocuments: {},
    })
    expect(UpdateSiteSchema.parse({ id: 5, domains: ['x.example.com', ' '] }).domains).toEqual([
      'x.example.com',
    ])
  })

  it('takes Pimcore’s form booleans and parses its own output again unchanged', () => {
    const parsed = UpdateSiteSchema.parse({
      id: 5,
      domains: 'a.example.com',
      redirectToMainDomain: 'true',
      defaultLanguage: 'sk',
      errorDocuments: { cs: '/cs/404' },
    })
    expect(parsed.redirectToMainDomain).toBe(true)
    expect(UpdateSiteSchema.parse(parsed)).toEqual(parsed)
  })

  it('refuses error pages for unknown languages and a language that is not the shop’s', () => {
    expect(
      UpdateSiteSchema.safeParse({ id: 5, domains: 'a.example.com', errorDocuments: { de: 3 } })
        .success,
    ).toBe(false)
    expect(
      UpdateSiteSchema.safeParse({ id: 5, domains: 'a.example.com', defaultLanguage: 'de' })
        .success,
    ).toBe(false)
  })
})

describe('LanguageTreeQuerySchema', () => {
  it('keeps the shop’s languages of the comma-separated list and drops the rest', () => {
    expect(LanguageTreeQuerySchema.parse({ node: '1', languages: 'en, de,sk,,' })).toEqual({
      node: 1,
      languages: ['en', 'sk'],
    })
  })
})
