import type { Viewer } from '@optika/domain/accounts/viewer'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import { IMAGE_PRESETS, mediaUrl, type ImagePreset } from '@optika/domain/catalogue/media-url'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import type {
  AreaBrick,
  Editable,
  EditableElementRef,
  EditableMap,
} from '@optika/domain/cms/editables'
import type {
  ResolvedBrick,
  ResolvedCategoryTile,
  ResolvedContent,
  ResolvedEditable,
  ResolvedEditables,
  ResolvedGalleryImage,
  ResolvedImage,
  ResolvedLink,
  ResolvedProductTile,
  ResolvedReference,
  ResolvedVideo,
} from '@optika/domain/cms/resolved-content'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { categoryUrl, productUrl } from '../../catalogue/reads/catalogue-urls.ts'
import type { ProductListService } from '../../catalogue/product-list/product-list-service.ts'
import {
  emptyTargetIds,
  loadContentTargets,
  MAX_DEALERS,
  type AssetTarget,
  type ContentTargetIds,
  type ContentTargets,
} from './load-content-targets.ts'
import { documentFileUrl } from './document-file.ts'
import { applyTargetGroupVariants } from '../render/target-group-variants.ts'

export interface ResolveContentDeps {
  readonly db: Db
  /** Draws renderlets (a category's product list); without it they stay empty. */
  readonly productList?: ProductListService
}

export interface ResolveContentInput {
  readonly template: string | null
  readonly editables: EditableMap
  readonly locale: Locale
  readonly viewer: Viewer
  /** The visitor's target groups, heaviest first: embedded snippets show their variants too. */
  readonly targetGroupIds?: readonly number[]
}

/** Snippets embedding snippets: deeper than this is cut (and a snippet never embeds itself). */
const MAX_SNIPPET_DEPTH = 3

/**
 * Turns a document's stored editables into what the storefront draws (`ResolvedContent`): one
 * read per table for every picture, product, category, document and dealer the content names,
 * then a pass that builds the result. Targets that are gone or unpublished are left out, so a
 * deleted product never breaks a page.
 */
export async function resolveDocumentContent(
  deps: ResolveContentDeps,
  input: ResolveContentInput,
): Promise<ResolvedContent> {
  return resolveWithin(deps, input, [])
}

async function resolveWithin(
  deps: ResolveContentDeps,
  input: ResolveContentInput,
  snippetChain: readonly number[],
): Promise<ResolvedContent> {
  const ids = emptyTargetIds()
  collectMap(input.editables, ids)
  const targets = await loadContentTargets(deps.db, input.locale, input.viewer, ids)
  const context: ResolveContext = { deps, input, targets, snippetChain }
  return {
    template: input.template ?? '',
    locale: input.locale,
    editables: await resolveMap(context, input.editables),
    signedIn: isSignedIn(input.viewer),
  }
}

// ---------------------------------------------------------------------------------------------
// Collecting what the content points at.

function collectRef(ref: EditableElementRef | null | undefined, ids: ContentTargetIds): void {
  if (!ref) return
  if (ref.type === 'asset') ids.assets.add(ref.id)
  else if (ref.type === 'document') ids.documents.add(ref.id)
  else ids.objects.add(ref.id)
}

function collectMap(map: EditableMap, ids: ContentTargetIds): void {
  for (const editable of Object.values(map)) collectEditable(editable, ids)
}

function collectEditable(editable: Editable, ids: ContentTargetIds): void {
  switch (editable.type) {
    case 'image':
      if (editable.data.assetId !== null) ids.assets.add(editable.data.assetId)
      return
    case 'link':
      collectRef(editable.data.internal, ids)
      return
    case 'relation':
      collectRef(editable.data, ids)
      if (editable.data?.type === 'object') ids.products.add(editable.data.id)
      return
    case 'relations':
      for (const ref of editable.data) {
        collectRef(ref, ids)
        if (ref.type === 'object') ids.products.add(ref.id)
      }
      return
    case 'video':
      if (editable.data.assetId !== null) ids.assets.add(editable.data.assetId)
      if (editable.data.posterAssetId != null) ids.assets.add(editable.data.posterAssetId)
      return
    case 'block':
      for (const item of editable.data) collectMap(item, ids)
      return
    case 'areablock':
      for (const brick of editable.data) collectBrick(brick, ids)
      return
    case 'snippet':
      if (editable.data.documentId !== null) ids.documents.add(editable.data.documentId)
      return
    case 'renderlet':
      if (editable.data.categoryId !== null) ids.objects.add(editable.data.categoryId)
      return
    case 'input':
    case 'textarea':
    case 'wysiwyg':
    case 'select':
    case 'checkbox':
    case 'numeric':
    case 'date':
      return
  }
}

function collectBrick(brick: AreaBrick, ids: ContentTargetIds): void {
  if (brick.hidden) return
  collectMap(brick.editables, ids)
  if (brick.brick === 'dealer-map') {
    const country = brick.editables.country
    ids.dealerCountries.add(country?.type === 'select' ? country.data : '')
  }
}

// ---------------------------------------------------------------------------------------------
// Building the result.

interface ResolveContext {
  readonly deps: ResolveContentDeps
  readonly input: ResolveContentInput
  readonly targets: ContentTargets
  readonly snippetChain: readonly number[]
}

async function resolveMap(context: ResolveContext, map: EditableMap): Promise<ResolvedEditables> {
  const entries = await Promise.all(
    Object.entries(map).map(
      async ([name, editable]) => [name, await resolveEditable(context, editable)] as const,
    ),
  )
  return Object.fromEntries(entries)
}

async function resolveEditable(
  context: ResolveContext,
  editable: Editable,
): Promise<ResolvedEditable> {
  const { targets } = context
  switch (editable.type) {
    case 'input':
    case 'textarea':
    case 'select':
      return { type: editable.type, text: editable.data }
    case 'wysiwyg':
      return { type: 'wysiwyg', html: editable.data }
    case 'checkbox':
      return { type: 'checkbox', value: editable.data }
    case 'numeric':
      return { type: 'numeric', value: editable.data }
    case 'date':
      return { type: 'date', value: editable.data }
    case 'image':
      return {
        type: 'image',
        image: resolveImage(
          context,
          editable.data.assetId,
          presetOfThumbnail(editable.data.thumbnail),
          editable.data.alt,
        ),
      }
    case 'link':
      return { type: 'link', link: resolveLink(context, editable.data) }
    case 'relation':
    case 'relations': {
      const refs =
        editable.type === 'relation' ? (editable.data ? [editable.data] : []) : editable.data
      return {
        type: editable.type,
        items: refs.flatMap((ref) => resolveReference(context, ref) ?? []),
        products: tilesOf(
          targets,
          refs.flatMap((ref) => (ref.type === 'object' ? [ref.id] : [])),
        ),
      }
    }
    case 'video':
      return { type: 'video', video: resolveVideo(context, editable.data) }
    case 'block':
      return {
        type: 'block',
        items: await Promise.all(editable.data.map((item) => resolveMap(context, item))),
      }
    case 'areablock':
      return {
        type: 'areablock',
        bricks: (
          await Promise.all(
            editable.data.filter((brick) => !brick.hidden).map((b) => resolveBrick(context, b)),
          )
        ).flatMap((brick) => brick ?? []),
      }
    case 'snippet':
      return { type: 'snippet', content: await resolveSnippet(context, editable.data.documentId) }
    case 'renderlet':
      return { type: 'renderlet', ...(await resolveRenderlet(context, editable.data)) }
  }
}

// --- pictures -----------------------------------------------------------------------------------

/** The storefront's picture sizes (`/media/{preset}/…`) a thumbnail configuration draws in. */
const THUMBNAIL_PRESETS: Readonly<Record<string, ImagePreset>> = {
  hero: 'large',
  content: 'medium',
  gallery: 'thumbnail',
  teaser: 'thumbnail',
}

function presetOfThumbnail(thumbnail: string | undefined): ImagePreset {
  return (thumbnail && THUMBNAIL_PRESETS[thumbnail]) || 'medium'
}

/** Originals the media route draws (`dam/media`); others (PDF, video) have no picture URL. */
const PICTURE = /\.(webp|png|jpe?g|avif|gif)$/i

function isPicture(asset: AssetTarget | undefined): asset is AssetTarget & { storageKey: string } {
  return asset?.type === 'image' && asset.storageKey !== null && PICTURE.test(asset.storageKey)
}

/** The asset's `alt` (or `name`) metadata in `locale`, else the one for every language. */
function altOf(asset: AssetTarget, locale: Locale, name = 'alt'): string {
  if (!Array.isArray(asset.metadata)) return ''
  const items = asset.metadata as { name?: unknown; language?: unknown; data?: unknown }[]
  const inLanguage = (language: string) =>
    items.find((item) => item.name === name && item.language === language)?.data
  const found = inLanguage(locale) ?? inLanguage('')
  return typeof found === 'string' ? found : ''
}

function pictureIn(asset: AssetTarget & { storageKey: string }, preset: ImagePreset) {
  const target = IMAGE_PRESETS[preset].width
  const width = asset.width > 0 ? Math.min(target, asset.width) : target
  const height =
    asset.width > 0 && asset.height > 0
      ? Math.round((asset.height * width) / asset.width)
      : Math.round(width * 0.75)
  return { src: mediaUrl(asset.storageKey, preset), width, height }
}

function imageOfAsset(
  asset: AssetTarget & { storageKey: string },
  preset: ImagePreset,
  locale: Locale,
  alt: string | undefined,
): ResolvedImage {
  const main = pictureIn(asset, preset)
  // Every size up to the one asked for, and one larger for sharp screens.
  const presets = (Object.keys(IMAGE_PRESETS) as ImagePreset[]).filter(
    (p, index, all) =>
      IMAGE_PRESETS[p].width <= IMAGE_PRESETS[preset].width || all[index - 1] === preset,
  )
  const widths = new Set<number>()
  const srcSet = presets
    .map((p) => pictureIn(asset, p))
    .filter((picture) => !widths.has(picture.width) && widths.add(picture.width))
    .map((picture) => `${picture.src} ${picture.width}w`)
    .join(', ')
  return { ...main, srcSet, alt: alt?.trim() || altOf(asset, locale) }
}

function resolveImage(
  context: ResolveContext,
  assetId: number | null | undefined,
  preset: ImagePreset,
  alt?: string,
): ResolvedImage | null {
  if (assetId == null) return null
  const asset = context.targets.assets.get(assetId)
  return isPicture(asset) ? imageOfAsset(asset, preset, context.input.locale, alt) : null
}

// --- links and references -----------------------------------------------------------------------

/** Addresses a link may carry: http(s), mailto:, tel: and the shop's own paths (not `//host`). */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:)/i
const OWN_PATH = /^\/(?!\/)/

function safeHref(href: string | undefined): string | null {
  const trimmed = href?.trim() ?? ''
  return SAFE_HREF.test(trimmed) || OWN_PATH.test(trimmed) ? trimmed : null
}

function nameOf(data: Record<string, unknown>, locale: Locale, fallback: string): string {
  const name = data.name
  if (typeof name === 'string') return name || fallback
  if (name && typeof name === 'object') return localize(name, locale) || fallback
  return fallback
}

function resolveReference(
  context: ResolveContext,
  ref: EditableElementRef,
): ResolvedReference | null {
  const { targets, input } = context
  if (ref.type === 'document') {
    const document = targets.documents.get(ref.id)
    if (!document) return null
    const title = navigationTitleOf(document.settings)
    return {
      kind: 'document',
      id: ref.id,
      name: title || document.fullPath.split('/').pop() || document.fullPath,
      // Pages, links and hardlinks have an address; folders, snippets and e-mails do not.
      href: SERVED_DOCUMENT_TYPES.has(document.type) ? document.fullPath : null,
    }
  }
  if (ref.type === 'asset') {
    const asset = targets.assets.get(ref.id)
    if (!asset) return null
    return {
      kind: 'asset',
      id: ref.id,
      name: altOf(asset, input.locale) || asset.key,
      href: isPicture(asset)
        ? mediaUrl(asset.storageKey, 'large')
        : asset.storageKey && asset.type !== 'folder'
          ? documentFileUrl(asset.id)
          : null,
    }
  }
  const object = targets.objects.get(ref.id)
  if (!object) return null
  const name = nameOf(object.data, input.locale, object.key)
  const slug = object.data.slug as LocalizedText | undefined
  if (object.classId === 'Product')
    return { kind: 'product', id: ref.id, name, href: productUrl(input.locale, ref.id, slug) }
  if (object.classId === 'Category')
    return { kind: 'category', id: ref.id, name, href: categoryUrl(input.locale, ref.id, slug) }
  return { kind: 'object', id: ref.id, name, href: null }
}

const SERVED_DOCUMENT_TYPES: ReadonlySet<string> = new Set(['page', 'link', 'hardlink'])

function navigationTitleOf(settings: Record<string, unknown>): string {
  const navigation = settings.navigation as { title?: unknown } | undefined
  if (typeof navigation?.title === 'string' && navigation.title) return navigation.title
  return typeof settings.title === 'string' ? settings.title : ''
}

function resolveLink(
  context: ResolveContext,
  data: Extract<Editable, { type: 'link' }>['data'],
): ResolvedLink | null {
  const target = data.internal ? resolveReference(context, data.internal) : null
  // An internal target wins over the address; a target that is gone leaves the link out.
  const href = data.internal ? target?.href : safeHref(data.href)
  if (!href) return null
  return {
    href,
    text: data.text || target?.name || href.replace(/^(mailto:|tel:)/i, ''),
    title: data.title ?? '',
    newWindow: data.target === '_blank',
    external: !OWN_PATH.test(href),
  }
}

function tilesOf(targets: ContentTargets, ids: readonly number[]): ResolvedProductTile[] {
  return ids.flatMap((id) => targets.tiles.get(id) ?? [])
}

// --- video --------------------------------------------------------------------------------------

function resolveVideo(
  context: ResolveContext,
  data: Extract<Editable, { type: 'video' }>['data'],
): ResolvedVideo | null {
  if (data.assetId === null) return null
  const asset = context.targets.assets.get(data.assetId)
  if (asset?.type !== 'video' || !asset.storageKey) return null
  return {
    src: documentFileUrl(asset.id),
    mimeType: asset.mimeType ?? 'video/mp4',
    poster: resolveImage(context, data.posterAssetId, 'large', ''),
    title: data.title ?? '',
  }
}

// --- bricks -------------------------------------------------------------------------------------

const textOf = (map: EditableMap, name: string): string => {
  const editable = map[name]
  switch (editable?.type) {
    case 'input':
    case 'textarea':
    case 'select':
    case 'wysiwyg':
      return editable.data
    default:
      return ''
  }
}

const refsOf = (map: EditableMap, name: string): readonly EditableElementRef[] => {
  const editable = map[name]
  if (editable?.type === 'relations') return editable.data
  if (editable?.type === 'relation') return editable.data ? [editable.data] : []
  return []
}

async function resolveBrick(
  context: ResolveContext,
  brick: AreaBrick,
): Promise<ResolvedBrick | null> {
  const { targets } = context
  const map = brick.editables
  const id = brick.id
  switch (brick.brick) {
    case 'text':
      return { id, brick: 'text', html: textOf(map, 'body') }
    case 'image-text': {
      const image = map.image
      return {
        id,
        brick: 'image-text',
        image:
          image?.type === 'image'
            ? resolveImage(
                context,
                image.data.assetId,
                presetOfThumbnail(image.data.thumbnail ?? 'content'),
                image.data.alt,
              )
            : null,
        html: textOf(map, 'body'),
        imagePosition: textOf(map, 'imagePosition') === 'right' ? 'right' : 'left',
      }
    }
    case 'product-teaser':
      return {
        id,
        brick: 'product-teaser',
        title: textOf(map, 'title'),
        products: tilesOf(
          targets,
          refsOf(map, 'products').flatMap((ref) => (ref.type === 'object' ? [ref.id] : [])),
        ),
      }
    case 'category-tiles':
      return {
        id,
        brick: 'category-tiles',
        title: textOf(map, 'title'),
        categories: await resolveCategoryTiles(context, refsOf(map, 'categories')),
      }
    case 'gallery':
      return {
        id,
        brick: 'gallery',
        title: textOf(map, 'title'),
        images: refsOf(map, 'images').flatMap((ref): ResolvedGalleryImage[] => {
          if (ref.type !== 'asset') return []
          const asset = targets.assets.get(ref.id)
          if (!isPicture(asset)) return []
          return [
            {
              thumbnail: imageOfAsset(asset, 'thumbnail', context.input.locale, undefined),
              full: imageOfAsset(asset, 'large', context.input.locale, undefined),
              // As the galleries caption their pictures (decision 045): title, else alt.
              caption:
                altOf(asset, context.input.locale, 'title').trim() ||
                altOf(asset, context.input.locale).trim(),
            },
          ]
        }),
      }
    case 'video': {
      const video = map.video
      return {
        id,
        brick: 'video',
        video: video?.type === 'video' ? resolveVideo(context, video.data) : null,
        caption: textOf(map, 'caption'),
      }
    }
    case 'dealer-map': {
      const country = textOf(map, 'country')
      return {
        id,
        brick: 'dealer-map',
        title: textOf(map, 'title'),
        country,
        dealers: targets.dealers
          .filter((dealer) => country === '' || dealer.country === country)
          .slice(0, MAX_DEALERS),
      }
    }
    case 'contact-form':
      return {
        id,
        brick: 'contact-form',
        title: textOf(map, 'title'),
        intro: textOf(map, 'intro'),
      }
  }
}

/** Category tiles: the published categories in the chosen order, each with its picture. */
async function resolveCategoryTiles(
  context: ResolveContext,
  refs: readonly EditableElementRef[],
): Promise<ResolvedCategoryTile[]> {
  const { input, targets } = context
  const categories = refs.flatMap((ref) => {
    const object = ref.type === 'object' ? targets.objects.get(ref.id) : undefined
    return object?.classId === 'Category' ? [object] : []
  })
  const imageIds = categories.flatMap((category) =>
    typeof category.data.imageId === 'number' ? [category.data.imageId] : [],
  )
  const missing = imageIds.filter((imageId) => !targets.assets.has(imageId))
  const pictures =
    missing.length === 0
      ? targets.assets
      : new Map([
          ...targets.assets,
          ...(
            await loadContentTargets(context.deps.db, input.locale, input.viewer, {
              ...emptyTargetIds(),
              assets: new Set(missing),
            })
          ).assets,
        ])
  return categories.map((category) => {
    const asset =
      typeof category.data.imageId === 'number' ? pictures.get(category.data.imageId) : undefined
    const name = nameOf(category.data, input.locale, category.key)
    return {
      id: category.id,
      name,
      href: categoryUrl(input.locale, category.id, category.data.slug as LocalizedText | undefined),
      image: isPicture(asset) ? imageOfAsset(asset, 'thumbnail', input.locale, '') : null,
    }
  })
}

// --- snippets and renderlets --------------------------------------------------------------------

async function resolveSnippet(
  context: ResolveContext,
  documentId: number | null,
): Promise<ResolvedContent | null> {
  if (documentId === null) return null
  const chain = context.snippetChain
  // A snippet inside itself (directly or through others) is cut where it would repeat.
  if (chain.includes(documentId) || chain.length >= MAX_SNIPPET_DEPTH) return null
  const document = context.targets.documents.get(documentId)
  if (document?.type !== 'snippet') return null
  return resolveWithin(
    context.deps,
    {
      ...context.input,
      template: document.template,
      editables: applyTargetGroupVariants(document.editables, context.input.targetGroupIds ?? []),
    },
    [...chain, documentId],
  )
}

async function resolveRenderlet(
  context: ResolveContext,
  data: Extract<Editable, { type: 'renderlet' }>['data'],
): Promise<{ products: ResolvedProductTile[]; moreHref: string | null; categoryName: string }> {
  const { input, targets, deps } = context
  const category = data.categoryId === null ? undefined : targets.objects.get(data.categoryId)
  if (category?.classId !== 'Category') return { products: [], moreHref: null, categoryName: '' }
  const query = data.query.replace(/^\?/, '')
  const href = categoryUrl(
    input.locale,
    category.id,
    category.data.slug as LocalizedText | undefined,
  )
  const categoryName = nameOf(category.data, input.locale, category.key)
  const moreHref = query ? `${href}?${query}` : href
  if (!deps.productList) return { products: [], moreHref, categoryName }
  const params = new URLSearchParams(query)
  params.set('cid', String(category.id))
  try {
    const list = await deps.productList.list({
      locale: input.locale,
      viewer: input.viewer,
      params,
      pages: 'span',
    })
    return { products: list.products.slice(0, data.limit), moreHref, categoryName }
  } catch (error) {
    // A query the list refuses (a filter removed since) shows no products, not a broken page.
    if (error instanceof AppError && error.statusCode < 500)
      return { products: [], moreHref, categoryName }
    throw error
  }
}
