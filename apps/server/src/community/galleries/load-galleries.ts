import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { IMAGE_PRESETS, mediaUrl, type ImagePreset } from '@optika/domain/catalogue/media-url'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import type {
  GalleryAlbumResult,
  GalleryListAnswer,
  GalleryPicture,
  GallerySize,
  GallerySummary,
} from '@optika/domain/community/gallery-api'
import { localize } from '@optika/domain/i18n/localized-text'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { galleryUrl } from './gallery-url.ts'

/** Files the shop's thumbnail paths can draw (the media route's own list). */
const PICTURE = /\.(?:jpe?g|png|webp|gif|avif)$/i

/** The stored data of a Gallery object, read defensively: editors may have saved any shape. */
interface GalleryData {
  readonly title?: LocalizedText
  readonly description?: LocalizedText
  readonly date?: string
  readonly imageIds?: readonly number[]
}

interface GalleryRow {
  readonly id: number
  readonly published: boolean
  readonly data: unknown
}

interface PictureRow {
  readonly id: number
  readonly storageKey: string | null
  readonly type: string
  readonly width: number | null
  readonly height: number | null
  readonly metadata: unknown
}

function dataOf(row: GalleryRow): GalleryData {
  return typeof row.data === 'object' && row.data !== null ? row.data : {}
}

function idsOf(data: GalleryData): number[] {
  return Array.isArray(data.imageIds)
    ? data.imageIds.filter((id): id is number => Number.isSafeInteger(id) && id > 0)
    : []
}

function textOf(text: unknown, locale: Locale): string {
  return typeof text === 'object' && text !== null ? localize(text, locale) : ''
}

/** A metadata item of the asset (Pimcore's `{ name, language, data }`), in `locale`, else the language-neutral one. */
function metadataText(metadata: unknown, name: string, locale: Locale): string {
  if (!Array.isArray(metadata)) return ''
  const items = metadata as { name?: unknown; language?: unknown; data?: unknown }[]
  const inLanguage = (language: string) =>
    items.find((item) => item.name === name && item.language === language)?.data
  const found = inLanguage(locale) ?? inLanguage('')
  return typeof found === 'string' ? found.trim() : ''
}

function sizeIn(row: PictureRow & { storageKey: string }, preset: ImagePreset): GallerySize {
  const target = IMAGE_PRESETS[preset].width
  const width = row.width && row.width > 0 ? Math.min(target, row.width) : target
  const height =
    row.width && row.width > 0 && row.height && row.height > 0
      ? Math.round((row.height * width) / row.width)
      : Math.round(width * 0.75)
  return { src: mediaUrl(row.storageKey, preset), width, height }
}

/** A picture in the three sizes, with its caption (`title`, else `alt`) and alternative text. */
export function pictureOf(row: PictureRow, locale: Locale): GalleryPicture | null {
  if (row.type !== 'image' || row.storageKey === null || !PICTURE.test(row.storageKey)) return null
  const picture = { ...row, storageKey: row.storageKey }
  const alt = metadataText(row.metadata, 'alt', locale)
  const caption = metadataText(row.metadata, 'title', locale) || alt
  return {
    id: row.id,
    caption,
    alt: alt || caption,
    thumbnail: sizeIn(picture, 'thumbnail'),
    medium: sizeIn(picture, 'medium'),
    large: sizeIn(picture, 'large'),
  }
}

async function loadPictures(db: Db, ids: readonly number[]): Promise<Map<number, PictureRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: assets.id,
      storageKey: assets.storageKey,
      type: assets.type,
      width: assets.width,
      height: assets.height,
      metadata: assets.metadata,
    })
    .from(assets)
    .where(inArray(assets.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, row]))
}

function picturesOf(
  data: GalleryData,
  rows: ReadonlyMap<number, PictureRow>,
  locale: Locale,
): GalleryPicture[] {
  return idsOf(data).flatMap((id) => {
    const row = rows.get(id)
    const picture = row ? pictureOf(row, locale) : null
    return picture ? [picture] : []
  })
}

function summaryOf(
  row: GalleryRow,
  pictures: readonly GalleryPicture[],
  locale: Locale,
): GallerySummary {
  const data = dataOf(row)
  const title = textOf(data.title, locale)
  return {
    id: row.id,
    title,
    description: textOf(data.description, locale),
    date: typeof data.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data.date) ? data.date : null,
    url: galleryUrl(locale, row.id, title),
    cover: pictures[0] ?? null,
    pictureCount: pictures.length,
  }
}

const GALLERY_COLUMNS = { id: objects.id, published: objects.published, data: objects.data }
const IS_GALLERY = and(eq(objects.classId, 'Gallery'), eq(objects.type, 'object'))

/**
 * The published galleries with a title in `locale` (or the fallback language), newest first
 * (by their date, then the newest object): two queries, the objects and every picture they name.
 */
export async function listGalleries(db: Db, locale: Locale): Promise<GalleryListAnswer> {
  const rows = await db
    .select(GALLERY_COLUMNS)
    .from(objects)
    .where(and(IS_GALLERY, eq(objects.published, true)))
    .orderBy(sql`${objects.data}->>'date' desc nulls last`, desc(objects.id))
  const pictures = await loadPictures(
    db,
    rows.flatMap((row) => idsOf(dataOf(row))),
  )
  const galleries = rows
    .map((row) => summaryOf(row, picturesOf(dataOf(row), pictures, locale), locale))
    // A gallery without a title in any language is not finished: it is not listed.
    .filter((gallery) => gallery.title !== '')
  return { galleries }
}

/**
 * One album with its pictures in the order the editor gave them. Not found: no gallery has this
 * id, or (`album`) it is not published — or has no title — and `preview` (an editor's) is false.
 */
export async function loadGallery(
  db: Db,
  input: { readonly id: number; readonly locale: Locale; readonly preview: boolean },
): Promise<GalleryAlbumResult> {
  const [row] = await db
    .select(GALLERY_COLUMNS)
    .from(objects)
    .where(and(IS_GALLERY, eq(objects.id, input.id)))
    .limit(1)
  if (!row) return { kind: 'not-found', reason: 'gallery' }
  if (!row.published && !input.preview) return { kind: 'not-found', reason: 'album' }
  const data = dataOf(row)
  const pictures = picturesOf(data, await loadPictures(db, idsOf(data)), input.locale)
  const summary = summaryOf(row, pictures, input.locale)
  if (summary.title === '' && !input.preview) return { kind: 'not-found', reason: 'album' }
  return {
    kind: 'album',
    album: {
      ...summary,
      pictures,
      urls: Object.fromEntries(
        LOCALES.map((locale) => [locale, galleryUrl(locale, row.id, textOf(data.title, locale))]),
      ) as Record<Locale, string>,
      preview: !row.published,
    },
  }
}
