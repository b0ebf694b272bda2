import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser } from '../../../test/inject-json.ts'
import { ensureStorefrontBuild, STOREFRONT_BUILD_DIR } from '../../../test/storefront-build.ts'

/**
 * The storefront draws what the back office defines (issue 19): a glossary term becomes a link
 * (once per page, not in the heading) in a document page, also one the page cache kept before the
 * term existed; a static route answers an address no page has, redirects to a named page, and
 * stays out of the way of documents.
 */
let t: TestApp
let adminCookie: string

beforeAll(async () => {
  await ensureStorefrontBuild()
  t = await buildTestApp({ deps: { storefrontBuildDir: STOREFRONT_BUILD_DIR } })
  adminCookie = await signInNewUser(t.database.db, { username: 'st-front', isAdmin: true })
})
afterAll(async () => {
  await t.close()
})

function grid(url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: adminCookie },
    payload: payload as object,
  })
}

describe('the glossary on document pages', () => {
  it('links the first occurrence of a term, also on a page kept before the term existed', async () => {
    // Drawn (and kept by the page cache) without the term.
    const before = await t.app.inject('/en/terms')
    expect(before.statusCode).toBe(200)
    expect(before.body).toContain('forwarding company')
    expect(before.body).not.toContain('class="glossary-term"')

    const created = await grid('/admin/bundle/glossary/settings/glossary', {
      xaction: 'create',
      data: { text: 'forwarding company', language: 'en', link: '/en/contact', abbr: 'Carrier' },
    })
    expect(created.statusCode).toBe(200)

    const after = await t.app.inject('/en/terms')
    expect(after.body).toContain(
      '<a href="/en/contact" class="glossary-term"><abbr title="Carrier">forwarding company</abbr></a>',
    )
    expect(after.body.match(/class="glossary-term"/g)).toHaveLength(1)
    // Another language's page is untouched.
    expect((await t.app.inject('/cs/terms')).body).not.toContain('class="glossary-term"')
  })
})

describe('static routes on the storefront', () => {
  it('draws a document target under the route’s address, and redirects a page target', async () => {
    await grid('/admin/bundle/staticroutes/staticroutes', {
      xaction: 'create',
      data: {
        name: 'legal',
        pattern: '/{locale}/legal/{x}',
        targetType: 'document',
        target: '/{locale}/terms',
      },
    })
    const find = await grid('/admin/bundle/staticroutes/staticroutes', {
      xaction: 'create',
      data: {
        name: 'find',
        pattern: '/find/{q}',
        targetType: 'page',
        target: 'search?q={q}',
        defaults: { locale: 'en' },
      },
    })
    expect(find.statusCode, find.body).toBe(200)
    const legal = await t.app.inject('/en/legal/anything')
    expect(legal.statusCode).toBe(200)
    expect(legal.body).toContain('forwarding company')

    const found = await t.app.inject('/find/round%20frames')
    expect(found.statusCode).toBe(302)
    expect(found.headers.location).toBe('/en/search?q=round+frames')
  })

  it('leaves documents to the documents and unknown addresses to the not-found page', async () => {
    await grid('/admin/bundle/staticroutes/staticroutes', {
      xaction: 'create',
      data: {
        name: 'greedy',
        syntax: 'regex',
        pattern: '/(?<locale>[a-z]{2})/(?<page>[a-z]+)',
        targetType: 'page',
        target: 'home',
        priority: -5,
      },
    })
    const terms = await t.app.inject('/en/terms')
    expect(terms.statusCode).toBe(200)
    expect(terms.body).toContain('forwarding company')
    expect((await t.app.inject('/en/nothing/here')).statusCode).toBe(404)
    expect((await t.app.inject('/xx/legal/a')).statusCode).toBe(404)
  })
})
