import { isLocale, type Locale } from '@optika/i18n/locales'
import type { EditableMap } from '@optika/domain/cms/editables'
import { applyTargetGroupVariants } from './target-group-variants.ts'
import type {
  DocumentNavLink,
  DocumentPage,
  DocumentPageResult,
  DocumentPreviewSource,
} from '@optika/domain/cms/document-page'
import type { Db } from '../../platform/db/client.ts'
import {
  ancestorPathsOf,
  documentPathOf,
  editablesOf,
  findChildren,
  findDocumentById,
  findDocumentByPath,
  findDocumentsByPaths,
  findNearestHardlink,
  findNewestVersion,
  findSessionDraft,
  settingsOf,
  type DocumentContent,
  type PageRow,
} from './document-rows.ts'
import { ANONYMOUS_VIEWER, type Viewer } from '@optika/domain/accounts/viewer'
import { resolveSite, type ResolvedSite } from '../sites/resolve-site.ts'
import { translationsOf } from '../sites/translations-of.ts'
import { resolveDocumentContent } from '../bricks/resolve-document-content.ts'
import type { ProductListService } from '../../catalogue/product-list/product-list-service.ts'

export interface DocumentPageDeps {
  readonly db: Db
  /** The shop's public origin, for canonical URLs and redirects to a site's main domain. */
  readonly publicUrl: string
  /** Draws renderlets (a category's product list); without it they stay empty. */
  readonly productList?: ProductListService
  /** Draws glossary terms into the page's wysiwyg text (operations, issue 19); none without it. */
  readonly glossary?: PageGlossary
}

/** A page's glossary: a drawer that marks each term's first occurrence across the page's text. */
export interface PageGlossary {
  forPage(input: {
    readonly locale: string
    readonly siteId: number | null
  }): Promise<(html: string) => string>
}

/** Who looks: a back-office user with the `documents` permission may preview (else null). */
export interface DocumentViewer {
  readonly editorUserId: number | null
}

export interface DocumentPageRequest {
  /** The request's host, lower case, without port. */
  readonly host: string
  /** The address asked for, e.g. `/cs/terms` (no query). */
  readonly path: string
  /** The address's language segment. */
  readonly locale: Locale
  readonly viewer: DocumentViewer
  /** The shopper (prices on product tiles follow the catalogue's rules); anonymous by default. */
  readonly shopper?: Viewer
  /** `?preview=1`: an editor sees the session draft, else the newest version, even unpublished. */
  readonly preview: boolean
  /**
   * The visitor's target groups, heaviest first (personalization, decision 067): editables with a
   * variant for one of them show it. None: every page as its editables are.
   */
  readonly targetGroupIds?: readonly number[]
}

/** Hardlinks pointing at hardlinks: this many hops at most, and never the same one twice. */
const MAX_HARDLINK_HOPS = 8

/**
 * The page to draw at a storefront address (Pimcore's document routing): published pages for
 * visitors (anything else is not found); for an editor's preview the session draft, else the
 * newest version; link documents redirect (301, as Pimcore's); hardlinks show their source's
 * content under their own path (cycles are not found). A site's host maps the address into its
 * subtree, and what is not found there draws the site's error page (with status 404). A
 * trailing slash redirects to the address without it.
 */
export async function loadDocumentPage(
  deps: DocumentPageDeps,
  request: DocumentPageRequest,
): Promise<DocumentPageResult> {
  const { db } = deps
  if (request.path.length > 1 && request.path.endsWith('/')) {
    return { kind: 'redirect', location: request.path.replace(/\/+$/, '') || '/', status: 301 }
  }
  const site = await resolveSite(db, request.host)
  if (site?.redirectToHost) {
    const origin = new URL(deps.publicUrl)
    return {
      kind: 'redirect',
      location: `${origin.protocol}//${site.redirectToHost}${request.path}`,
      status: 301,
    }
  }
  const result = await findPage(deps, request, site)
  if (result.kind !== 'not-found' || !site) return result
  const errorPage = await siteErrorPage(deps, request, site)
  return errorPage ? { kind: 'not-found', errorPage } : result
}

/**
 * A site's error page for the request's language (else its page for any language), drawn under
 * the address that was not found; null without one (or when it is unpublished or no page).
 */
async function siteErrorPage(
  deps: DocumentPageDeps,
  request: DocumentPageRequest,
  site: ResolvedSite,
): Promise<DocumentPage | null> {
  const target = site.errorDocuments[request.locale] ?? site.errorDocuments['']
  if (!target) return null
  const row = await findDocumentById(deps.db, target.id)
  if (!row?.published || row.type !== 'page') return null
  const { content } = await contentFor(deps.db, row, null)
  return describePage(deps, {
    row,
    ownRow: row,
    path: request.path,
    documentPath: documentPathOf(row),
    sitePrefix: site.rootPath === '/' ? '' : site.rootPath,
    siteId: site.id,
    locale: request.locale,
    content,
    previewSource: null,
    previewer: null,
    shopper: request.shopper ?? ANONYMOUS_VIEWER,
    targetGroupIds: request.targetGroupIds ?? [],
  })
}

async function findPage(
  deps: DocumentPageDeps,
  request: DocumentPageRequest,
  site: ResolvedSite | null,
): Promise<DocumentPageResult> {
  const { db } = deps
  const sitePrefix = site && site.rootPath !== '/' ? site.rootPath : ''
  const documentPath = `${sitePrefix}${request.path}`
  const previewer = request.preview ? request.viewer.editorUserId : null

  let row = await findDocumentByPath(db, documentPath)
  if (!row) {
    // A child of a hardlinked subtree: the source's child at the same place below the source.
    const nearest = await findNearestHardlink(db, documentPath)
    if (!nearest || !isVisible(nearest.row, previewer)) return { kind: 'not-found' }
    if (settingsOf(nearest.row).childrenFromSource === false) return { kind: 'not-found' }
    const source = await followHardlinks(db, nearest.row, previewer)
    if (!source) return { kind: 'not-found' }
    const below = documentPath.slice(nearest.fullPath.length)
    row = await findDocumentByPath(db, `${documentPathOf(source)}${below}`)
    if (!row) return { kind: 'not-found' }
  }
  if (!isVisible(row, previewer)) return { kind: 'not-found' }
  if (row.type === 'link') return linkRedirect(db, row, sitePrefix)

  const contentRow = row.type === 'hardlink' ? await followHardlinks(db, row, previewer) : row
  if (!contentRow) return { kind: 'not-found' }
  // Pages are served; a snippet only to an editor previewing it (it has no page of its own).
  const servable =
    contentRow.type === 'page' || (contentRow.type === 'snippet' && previewer !== null)
  if (!servable) return { kind: 'not-found' }

  const { content, source } = await contentFor(db, contentRow, previewer)
  const page = await describePage(deps, {
    row: contentRow,
    ownRow: row,
    path: request.path,
    documentPath,
    sitePrefix,
    siteId: site?.id ?? null,
    locale: request.locale,
    content,
    previewSource: source,
    previewer,
    shopper: request.shopper ?? ANONYMOUS_VIEWER,
    targetGroupIds: request.targetGroupIds ?? [],
  })
  return { kind: 'page', page }
}

function isVisible(row: PageRow, previewer: number | null): boolean {
  return row.published || previewer !== null
}

/** A hardlink's source, followed through hardlinks to hardlinks; null for a cycle or a dead link. */
async function followHardlinks(
  db: Db,
  hardlink: PageRow,
  previewer: number | null,
): Promise<PageRow | null> {
  const seen = new Set<number>([hardlink.id])
  let current = hardlink
  for (let hop = 0; hop < MAX_HARDLINK_HOPS; hop += 1) {
    const sourceId = settingsOf(current).sourceId
    if (typeof sourceId !== 'number' || seen.has(sourceId)) return null
    const source = await findDocumentById(db, sourceId)
    if (!source || !isVisible(source, previewer)) return null
    if (source.type !== 'hardlink') return source
    seen.add(source.id)
    current = source
  }
  return null
}

/** Where a link document sends its visitor: an internal document's address or its direct URL. */
async function linkRedirect(db: Db, row: PageRow, sitePrefix: string): Promise<DocumentPageResult> {
  const settings = settingsOf(row)
  const internal = settings.internal as { type?: unknown; id?: unknown } | null | undefined
  if (settings.linkType !== 'direct' && internal && internal.type === 'document') {
    if (internal.id === row.id || typeof internal.id !== 'number') return { kind: 'not-found' }
    const target = await findDocumentById(db, internal.id)
    if (!target?.published) return { kind: 'not-found' }
    const targetPath = documentPathOf(target)
    const location =
      sitePrefix && targetPath.startsWith(`${sitePrefix}/`)
        ? targetPath.slice(sitePrefix.length)
        : targetPath
    return { kind: 'redirect', location, status: 301 }
  }
  const direct = typeof settings.direct === 'string' ? settings.direct.trim() : ''
  const ownPath = documentPathOf(row)
  if (!isSafeRedirect(direct) || direct === ownPath) return { kind: 'not-found' }
  return { kind: 'redirect', location: direct, status: 301 }
}

/** http(s) addresses and paths of this shop; never `javascript:`, `//host` or anything else. */
function isSafeRedirect(href: string): boolean {
  if (href.startsWith('/')) return !href.startsWith('//') && !href.startsWith('/\\')
  return /^https?:\/\/[^\s]+$/i.test(href)
}

/** The content to draw: for an editor's preview the session draft, else the newest version. */
async function contentFor(
  db: Db,
  row: PageRow,
  previewer: number | null,
): Promise<{ content: DocumentContent; source: DocumentPreviewSource | null }> {
  const own: DocumentContent = {
    template: row.template,
    editables: editablesOf(row),
    settings: settingsOf(row),
  }
  let content = own
  let source: DocumentPreviewSource | null = null
  if (previewer !== null) {
    const draft = await findSessionDraft(db, row.id, previewer)
    const version = draft ? null : await findNewestVersion(db, row.id)
    content = draft ?? version ?? own
    source = draft ? 'session' : version ? 'version' : 'document'
  }
  // Pimcore's content main document: the page draws the editables it lacks from another page.
  if (row.contentMainDocumentId !== null && row.contentMainDocumentId !== row.id) {
    const main = await findDocumentById(db, row.contentMainDocumentId)
    if (main) content = { ...content, editables: { ...editablesOf(main), ...content.editables } }
  }
  return { content, source }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function headlineOf(editables: EditableMap): string {
  const headline = editables.headline ?? editables.heroTitle
  return headline && (headline.type === 'input' || headline.type === 'textarea')
    ? headline.data.trim()
    : ''
}

/** A page's name in menus and breadcrumbs: navigation title, else title, else headline, else key. */
export function navigationTitleOf(
  row: Pick<PageRow, 'key' | 'settings' | 'editables'>,
  settings: Record<string, unknown> = settingsOf(row),
  editables: EditableMap = editablesOf(row),
): string {
  const navigation = (settings.navigation ?? {}) as Record<string, unknown>
  return text(navigation.title) || text(settings.title) || headlineOf(editables) || row.key
}

/** A page's language: its own, else its nearest ancestor's (a language root's); null for none. */
function pageLanguageOf(own: readonly PageRow[], ancestors: readonly PageRow[]): Locale | null {
  for (const r of own) if (isLocale(r.language)) return r.language
  const nearest = ancestors
    .filter((a) => isLocale(a.language))
    .sort((a, b) => documentPathOf(b).length - documentPathOf(a).length)[0]
  return nearest && isLocale(nearest.language) ? nearest.language : null
}

function isInNavigation(row: PageRow): boolean {
  if (row.type !== 'page' || !row.published) return false
  const navigation = (settingsOf(row).navigation ?? {}) as Record<string, unknown>
  return navigation.exclude !== true
}

async function describePage(
  deps: DocumentPageDeps,
  input: {
    row: PageRow
    ownRow: PageRow
    path: string
    documentPath: string
    sitePrefix: string
    siteId: number | null
    locale: Locale
    content: DocumentContent
    previewSource: DocumentPreviewSource | null
    previewer: number | null
    shopper: Viewer
    targetGroupIds: readonly number[]
  },
): Promise<DocumentPage> {
  const { db, publicUrl } = deps
  const { row, ownRow, sitePrefix } = input
  const content = {
    ...input.content,
    editables: applyTargetGroupVariants(input.content.editables, input.targetGroupIds),
  }
  const toAddress = (fullPath: string) =>
    sitePrefix && fullPath.startsWith(`${sitePrefix}/`)
      ? fullPath.slice(sitePrefix.length)
      : fullPath

  const ancestorPaths = ancestorPathsOf(input.documentPath).slice(0, -1)
  const ancestors = await findDocumentsByPaths(db, ancestorPaths)
  const language = pageLanguageOf([ownRow, row], ancestors) ?? input.locale
  const [family, alternates, resolved] = await Promise.all([
    findChildren(db, [...(ownRow.parentId === null ? [] : [ownRow.parentId]), ownRow.id]),
    // A visitor's hreflang names published translations only; an editor sees every one.
    translationsOf(db, ownRow.id, { published: input.previewer === null }),
    resolveDocumentContent(
      { db, ...(deps.productList ? { productList: deps.productList } : {}) },
      {
        template: content.template ?? row.template,
        editables: content.editables,
        locale: language,
        viewer: input.shopper,
        targetGroupIds: input.targetGroupIds,
      },
    ),
  ])
  const drawn = deps.glossary
    ? drawGlossary(
        resolved,
        await deps.glossary.forPage({ locale: language, siteId: input.siteId }),
      )
    : resolved
  const byPath = new Map(ancestors.map((a) => [documentPathOf(a), a]))
  const ordered = ancestorPaths.flatMap((p) => {
    const found = byPath.get(p)
    return found ? [found] : []
  })
  // The language root is the home page, which the breadcrumb draws first on its own.
  const breadcrumbs: DocumentNavLink[] = ordered
    .filter((a) => a.type === 'page' && a.published && a.language === null)
    .map((a) => ({ title: navigationTitleOf(a), href: toAddress(documentPathOf(a)) }))

  const link = (r: PageRow): DocumentNavLink => ({
    title: navigationTitleOf(r),
    href: toAddress(documentPathOf(r)),
    ...(r.id === ownRow.id ? { current: true } : {}),
  })
  const siblings =
    ownRow.parentId !== null && ownRow.language === null
      ? family.filter((r) => r.parentId === ownRow.parentId && isInNavigation(r))
      : []
  const children = family.filter((r) => r.parentId === ownRow.id && isInNavigation(r))

  const settings = content.settings
  const heading =
    headlineOf(content.editables) || navigationTitleOf(row, settings, content.editables)
  const canonical = text(settings.canonical)
  const address = input.path
  return {
    id: row.id,
    type: row.type === 'snippet' ? 'snippet' : 'page',
    path: address,
    language,
    template: content.template ?? row.template ?? 'content',
    editables: content.editables,
    content: drawn,
    heading,
    meta: {
      title: text(settings.title) || heading,
      description: text(settings.description),
      canonical: /^https?:\/\//i.test(canonical)
        ? canonical
        : `${publicUrl}${canonical.startsWith('/') ? canonical : address}`,
      noindex: settings.noindex === true || input.previewer !== null,
    },
    breadcrumbs,
    navigation: siblings.map(link),
    children: children.map(link),
    alternates: Object.fromEntries(
      Object.entries({ ...alternates, [input.locale]: address }).map(([l, p]) => [l, toAddress(p)]),
    ),
    preview: input.previewSource,
  }
}

/** The resolved content with glossary terms drawn into every wysiwyg and text brick, in page order. */
function drawGlossary<T>(content: T, draw: (html: string) => string): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk)
    if (!value || typeof value !== 'object') return value
    const record = value as Record<string, unknown>
    const isText =
      record.type === 'wysiwyg' || record.brick === 'text' || record.brick === 'image-text'
    if (isText && typeof record.html === 'string') {
      return { ...record, html: draw(record.html) }
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, walk(v)]))
  }
  return walk(content) as T
}
