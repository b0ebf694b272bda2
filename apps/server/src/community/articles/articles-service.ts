import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Viewer } from '@optika/domain/accounts/viewer'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import { mediaUrl, type ImagePreset } from '@optika/domain/catalogue/media-url'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import {
  ARTICLE_CATEGORIES,
  ARTICLES_PAGE_SIZE,
  type ArticleCategory,
  type ArticleDetail,
  type ArticleListAnswer,
  type ArticleListQuery,
  type ArticlePicture,
  type ArticleSummary,
} from '@optika/domain/community/article-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { loadImages, presetSize, type StoredImage } from '../../catalogue/reads/product-tiles.ts'
import type { ProductDetailService } from '../../catalogue/product-detail/product-detail-service.ts'
import { findObjectsPreviewer } from '../preview/find-objects-previewer.ts'
import { slugify } from '@optika/domain/routing/slugify'
import { sanitizeArticleBody } from './sanitize-article-body.ts'
import type { PageGlossary } from '../../cms/render/load-document-page.ts'
import { resolveSite } from '../../cms/sites/resolve-site.ts'

/** The articles one storefront request sees (its viewer, and its back-office session for previews). */
export interface RequestArticles {
  /** Published articles with a title in the language, newest first, one page. */
  list(query: ArticleListQuery): Promise<ArticleListAnswer>
  /**
   * One article in `locale`; null when there is none the viewer may see (unknown, not an article,
   * unpublished without an editor's preview, or without a title in the language).
   */
  get(input: {
    readonly id: number
    readonly locale: Locale
    readonly preview: boolean
  }): Promise<ArticleDetail | null>
}

export interface ArticlesService {
  forRequest(request: FastifyRequest): RequestArticles
}

export interface ArticlesDeps {
  readonly db: Db
  /** Draws the related products as tiles with add-to-cart. */
  readonly productDetail: Pick<ProductDetailService, 'links'>
  /** Draws glossary terms into the body (operations, issue 19); none without it. */
  readonly glossary?: PageGlossary
}

/** An Article object's data as the PIM stores it (class Article, shop-classes.ts). */
interface ArticleData {
  readonly title?: LocalizedText
  readonly perex?: LocalizedText
  readonly body?: LocalizedText
  readonly date?: unknown
  readonly author?: unknown
  readonly category?: unknown
  readonly imageId?: unknown
  readonly relatedProductIds?: unknown
}

interface ArticleRow {
  readonly id: number
  readonly published: boolean
  readonly updatedAt: Date
  readonly data: ArticleData
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/

function dateOf(value: unknown): string | null {
  return typeof value === 'string' && ISO_DATE.test(value) ? value.slice(0, 10) : null
}

function categoryOf(value: unknown): ArticleCategory | null {
  return (ARTICLE_CATEGORIES as readonly unknown[]).includes(value)
    ? (value as ArticleCategory)
    : null
}

function idOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null
}

function idsOf(value: unknown): number[] {
  return Array.isArray(value) ? value.flatMap((item) => idOf(item) ?? []) : []
}

/** Only the language's own title counts: an article not written in it is not listed in it. */
function ownText(text: LocalizedText | undefined, locale: Locale): string {
  const value = (text as Record<string, unknown> | undefined)?.[locale]
  return typeof value === 'string' ? value.trim() : ''
}

export function articleUrl(locale: Locale, id: number, title: string): string {
  return generateUrl('article', { locale, id, slug: slugify(title, String(id)) })
}

/** Article objects of the tree (folders and variants are not articles). */
const isArticle = and(eq(objects.classId, 'Article'), eq(objects.type, 'object'))

/** The language has a title (the class makes it mandatory per language when publishing). */
const hasTitleIn = (locale: Locale): SQL =>
  sql`coalesce(${objects.data} -> 'title' ->> ${locale}, '') <> ''`

function pictureOf(
  images: ReadonlyMap<number, StoredImage>,
  imageId: unknown,
  preset: ImagePreset,
): ArticlePicture | null {
  const image = images.get(idOf(imageId) ?? -1)
  if (!image) return null
  return { url: mediaUrl(image.storageKey, preset), ...presetSize(image, preset) }
}

function summaryOf(
  row: ArticleRow,
  locale: Locale,
  images: ReadonlyMap<number, StoredImage>,
  preset: ImagePreset,
): ArticleSummary {
  const title = ownText(row.data.title, locale)
  return {
    id: row.id,
    title,
    perex: ownText(row.data.perex, locale),
    date: dateOf(row.data.date),
    author: typeof row.data.author === 'string' ? row.data.author.trim() : '',
    category: categoryOf(row.data.category),
    picture: pictureOf(images, row.data.imageId, preset),
    url: articleUrl(locale, row.id, title),
  }
}

/** Lists and reads articles: published ones for everybody, unpublished for an editor's preview. */
export function createArticlesService({
  db,
  productDetail,
  glossary,
}: ArticlesDeps): ArticlesService {
  async function list(query: ArticleListQuery): Promise<ArticleListAnswer> {
    const where = and(
      isArticle,
      eq(objects.published, true),
      hasTitleIn(query.locale),
      query.category ? sql`${objects.data} ->> 'category' = ${query.category}` : undefined,
    )
    const [counted, rows] = await Promise.all([
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(objects)
        .where(where),
      db
        .select({
          id: objects.id,
          published: objects.published,
          updatedAt: objects.updatedAt,
          data: objects.data,
        })
        .from(objects)
        .where(where)
        // Newest first; an article without a date after the dated ones, the newest object first.
        .orderBy(sql`${objects.data} ->> 'date' desc nulls last`, desc(objects.id))
        .limit(ARTICLES_PAGE_SIZE)
        .offset((query.page - 1) * ARTICLES_PAGE_SIZE),
    ])
    const total = Number(counted[0]?.total ?? 0)
    const articles = rows as ArticleRow[]
    const images = await loadImages(
      db,
      articles.flatMap((row) => idOf(row.data.imageId) ?? []),
    )
    return {
      locale: query.locale,
      category: query.category ?? null,
      page: query.page,
      pageCount: Math.max(1, Math.ceil(total / ARTICLES_PAGE_SIZE)),
      total,
      articles: articles.map((row) => summaryOf(row, query.locale, images, 'medium')),
    }
  }

  /** The body as drawn: sanitized, then the glossary of the language and the request's site. */
  async function drawBody(html: string, locale: Locale, host: string): Promise<string> {
    const body = sanitizeArticleBody(html)
    if (!glossary) return body
    const siteId = (await resolveSite(db, host))?.id ?? null
    return (await glossary.forPage({ locale, siteId }))(body)
  }

  async function get(
    input: { readonly id: number; readonly locale: Locale },
    viewer: Viewer,
    previewer: number | null,
    host: string,
  ): Promise<ArticleDetail | null> {
    const [found] = await db
      .select({
        id: objects.id,
        published: objects.published,
        updatedAt: objects.updatedAt,
        data: objects.data,
      })
      .from(objects)
      .where(and(isArticle, eq(objects.id, input.id)))
    const row = found as ArticleRow | undefined
    if (!row || (!row.published && previewer === null)) return null
    const title = ownText(row.data.title, input.locale)
    if (!title) return null
    const [images, relatedProducts] = await Promise.all([
      loadImages(
        db,
        [idOf(row.data.imageId) ?? -1].filter((id) => id > 0),
      ),
      productDetail.links(input.locale, idsOf(row.data.relatedProductIds), viewer),
    ])
    return {
      ...summaryOf(row, input.locale, images, 'large'),
      bodyHtml: await drawBody(ownText(row.data.body, input.locale), input.locale, host),
      // Languages without a title have no page; their entry is the list in that language.
      urls: Object.fromEntries(
        LOCALES.map((l) => {
          const own = ownText(row.data.title, l)
          return [l, own ? articleUrl(l, row.id, own) : generateUrl('articles', { locale: l })]
        }),
      ) as Record<Locale, string>,
      relatedProducts,
      pricesVisible: isSignedIn(viewer),
      unpublished: !row.published,
      modifiedAt: row.updatedAt.toISOString(),
    }
  }

  return {
    forRequest(request) {
      return {
        list,
        async get(input) {
          const previewer = await findObjectsPreviewer(request, db, input.preview)
          return get(
            input,
            request.viewer,
            previewer,
            request.host.toLowerCase().replace(/:\d+$/, ''),
          )
        },
      }
    },
  }
}
