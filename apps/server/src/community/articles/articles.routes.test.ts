import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArticleDetail, ArticleListAnswer } from '@optika/domain/community/article-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  DETAIL_FIXTURE as D,
  insertDetailFixture,
} from '../../../test/fixtures/product-detail-fixture.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { ensureStorefrontBuild, STOREFRONT_BUILD_DIR } from '../../../test/storefront-build.ts'

/**
 * GET /api/articles and /api/articles/{id} (issue 18) on the real app: published articles in the
 * language, newest first, paged and filtered; related products as tiles; the editor's preview;
 * 'Article not found'. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp
const ARTICLES_FOLDER = 9000
const ids: Record<string, number> = {}

const text = (en: string, cs = `${en} (cs)`) => ({ en, cs })

/** The fixture gives its rows fixed ids; articles get theirs from 9001 on, under folder 9000. */
let nextId = 9001

async function insertArticle(
  key: string,
  data: Record<string, unknown>,
  published = true,
): Promise<void> {
  const id = nextId++
  await t.database.db.insert(objects).values({
    id,
    parentId: ARTICLES_FOLDER,
    type: 'object',
    key,
    path: '/Articles/',
    published,
    classId: 'Article',
    data,
  })
  ids[key] = id
}

beforeAll(async () => {
  await ensureStorefrontBuild()
  t = await buildTestApp({ deps: { storefrontBuildDir: STOREFRONT_BUILD_DIR } })
  await insertDetailFixture(t.database.db)
  await t.database.db.insert(objects).values({
    id: ARTICLES_FOLDER,
    parentId: null,
    type: 'folder',
    key: 'Articles',
    path: '/',
    published: true,
  })
  // Seven published articles, one a month, the newest last; categories in turn.
  const categories = ['news', 'advice', 'fashion', 'technology'] as const
  for (let month = 1; month <= 7; month++) {
    await insertArticle(`a${month}`, {
      title: text(`Article ${month}`),
      perex: text(`Perex ${month}`),
      body: text(`<p>Body ${month}</p>`),
      date: `2026-0${month}-10`,
      author: 'Jana Nováková',
      category: categories[(month - 1) % 4],
      imageId: D.images.product,
      relatedProductIds: [],
    })
  }
  await insertArticle(
    'hostile',
    {
      title: text('Hostile body'),
      body: text(
        '<p onclick="x()">Hi<script>alert(1)</script></p><img src="https://tracker.example/p.gif">' +
          '<img src="/media/large/products/product.webp" onerror="x()" alt="Frame">' +
          '<a href="javascript:alert(1)">bad</a><iframe src="https://x.example"></iframe><h1>Head</h1>',
      ),
      date: '2025-12-01',
      category: 'advice',
      relatedProductIds: [D.frame, D.unpublished, 999_999, D.sparePart],
    },
    true,
  )
  await insertArticle(
    'draft',
    { title: text('Draft article'), date: '2026-12-24', category: 'news' },
    false,
  )
  // Written only in Czech: not listed in English.
  await insertArticle('czechOnly', {
    title: { cs: 'Jen česky' },
    date: '2026-11-01',
    category: 'news',
  })
})
afterAll(() => t.close())

function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
}

describe('the article list', () => {
  it('lists published articles in the language, newest first, six to a page', async () => {
    const first = (await get('/api/articles?locale=en')).json<ArticleListAnswer>()
    expect(first.total).toBe(8)
    expect(first.pageCount).toBe(2)
    expect(first.articles.map((a) => a.title)).toEqual([
      'Article 7',
      'Article 6',
      'Article 5',
      'Article 4',
      'Article 3',
      'Article 2',
    ])
    expect(first.articles[0]).toMatchObject({
      id: ids.a7,
      perex: 'Perex 7',
      date: '2026-07-10',
      author: 'Jana Nováková',
      category: 'fashion',
      url: `/en/articles/${ids.a7}/article-7`,
      picture: { url: '/media/medium/products/product.webp', width: 640, height: 480 },
    })
    const second = (await get('/api/articles?locale=en&page=2')).json<ArticleListAnswer>()
    expect(second.articles.map((a) => a.title)).toEqual(['Article 1', 'Hostile body'])
  })

  it('lists a language’s own articles only, never a draft', async () => {
    const cs = (await get('/api/articles?locale=cs')).json<ArticleListAnswer>()
    expect(cs.total).toBe(9)
    expect(cs.articles[0]?.title).toBe('Jen česky')
    expect(cs.articles.map((a) => a.title)).not.toContain('Draft article (cs)')
  })

  it('filters by category', async () => {
    const advice = (await get('/api/articles?locale=en&category=advice')).json<ArticleListAnswer>()
    expect(advice.articles.map((a) => a.title)).toEqual(['Article 6', 'Article 2', 'Hostile body'])
    expect(advice).toMatchObject({ category: 'advice', total: 3, pageCount: 1 })
  })

  it('refuses bad input with a translated 400 and never fails', async () => {
    for (const query of [
      'category=%27%3B%20drop%20table%20objects%3B--',
      'category=.*(',
      'page=0',
      'page=abc',
      'page=100000',
      'locale=xx',
      `category=${'x'.repeat(10_000)}`,
    ]) {
      const response = await get(`/api/articles?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    }
  })
})

describe('an article', () => {
  it('answers the article with its related products as orderable tiles, without prices for visitors', async () => {
    const response = await get(`/api/articles/${ids.hostile}?locale=en`)
    expect(response.statusCode).toBe(200)
    const article = response.json<ArticleDetail>()
    // Unpublished and unknown products are left out; the order is the editor's.
    expect(article.relatedProducts.map((p) => p.id)).toEqual([D.frame, D.sparePart])
    expect(article.relatedProducts[0]).toMatchObject({
      sellableId: D.variants.inStock,
      orderability: 'available',
    })
    expect(article.relatedProducts.every((p) => p.price === undefined)).toBe(true)
    expect(article.pricesVisible).toBe(false)
    expect(article.unpublished).toBe(false)
    expect(article.urls.en).toBe(`/en/articles/${ids.hostile}/hostile-body`)
  })

  it('shows signed-in customers the tiles’ prices', async () => {
    const customer = await insertCustomer(t.database.db)
    const cookie = await signInCustomer(t.app, customer.email)
    const article = (
      await get(`/api/articles/${ids.hostile}?locale=en`, cookie)
    ).json<ArticleDetail>()
    expect(article.pricesVisible).toBe(true)
    expect(article.relatedProducts[0]?.price).toBeDefined()
  })

  it('draws a sanitized body: no scripts, handlers, foreign pictures or javascript links', async () => {
    const { bodyHtml } = (await get(`/api/articles/${ids.hostile}?locale=en`)).json<ArticleDetail>()
    expect(bodyHtml).not.toMatch(/script|onclick|onerror|javascript:|iframe|tracker\.example|<h1/)
    expect(bodyHtml).toContain('<img src="/media/large/products/product.webp" alt="Frame"')
    expect(bodyHtml).toContain('<h2>Head</h2>')
  })

  it('answers 404 "Article not found" in the visitor’s language', async () => {
    for (const path of [
      `/api/articles/${ids.draft}?locale=en`,
      `/api/articles/${ids.czechOnly}?locale=en`,
      `/api/articles/${D.frame}?locale=en`,
      '/api/articles/999999?locale=en',
      '/api/articles/abc?locale=en',
      '/api/articles/0?locale=en',
      `/api/articles/${ids.draft}?locale=en&preview=1`,
    ]) {
      const response = await get(path)
      expect(response.statusCode, path).toBe(404)
      expect(response.json()).toEqual({ code: 'ARTICLE_NOT_FOUND', message: 'Article not found' })
    }
    const cs = await get(`/api/articles/${ids.draft}?locale=cs`)
    expect(cs.json()).toMatchObject({ message: 'Článek nebyl nalezen' })
  })

  it('shows an unpublished article to a back-office user with the objects permission who previews, never kept', async () => {
    const editor = await signIn(
      t.database.db,
      await insertAdminUser(t.database.db, {
        username: 'article-editor',
        permissions: ['objects'],
      }),
    )
    const outsider = await signIn(
      t.database.db,
      await insertAdminUser(t.database.db, {
        username: 'article-outsider',
        permissions: ['orders'],
      }),
    )
    const preview = await get(`/api/articles/${ids.draft}?locale=en&preview=1`, editor)
    expect(preview.statusCode).toBe(200)
    expect(preview.json<ArticleDetail>()).toMatchObject({
      title: 'Draft article',
      unpublished: true,
    })
    expect(preview.headers['cache-control']).toBe('no-store')
    // Without asking for a preview, or without the permission: not found.
    expect((await get(`/api/articles/${ids.draft}?locale=en`, editor)).statusCode).toBe(404)
    expect((await get(`/api/articles/${ids.draft}?locale=en&preview=1`, outsider)).statusCode).toBe(
      404,
    )
  })
})

describe('the article pages', () => {
  it('draw the list and an article; an old slug moves to the article’s address', async () => {
    const list = await get('/en/articles?category=fashion')
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain('Article 7')
    expect(list.body).not.toContain('Article 6')
    const page = await get(`/en/articles/${ids.a7}/article-7`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('"@type":"Article"')
    expect(page.body).toMatch(/<link rel="canonical" href="[^"]*\/en\/articles\/\d+\/article-7"/)
    const moved = await get(`/en/articles/${ids.a7}/old-title`)
    expect(moved.statusCode).toBe(301)
    expect(moved.headers.location).toBe(`/en/articles/${ids.a7}/article-7`)
  })

  it('answer "Article not found" with a 404 for a draft, and preview it for an editor, never kept or indexed', async () => {
    const missing = await get(`/en/articles/${ids.draft}/draft-article?preview=1`)
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Article not found')
    const editor = await signIn(
      t.database.db,
      await insertAdminUser(t.database.db, { username: 'page-editor', permissions: ['objects'] }),
    )
    const preview = await get(`/en/articles/${ids.draft}/draft-article?preview=1`, editor)
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['cache-control']).toBe('private, no-store')
    expect(preview.headers['x-robots-tag']).toBe('noindex')
    expect(preview.body).toContain('<meta name="robots" content="noindex"/>')
    expect(preview.body).toContain('Preview: this article is not published')
  })
})
