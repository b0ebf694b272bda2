import { asc } from 'drizzle-orm'
import type { ThumbnailConfig, ThumbnailFormat } from '@optika/domain/pim/asset-thumbnail-api'
import type {
  ImageThumbnailConfig,
  ThumbnailConfigFormat,
  VideoThumbnailConfig,
  VideoThumbnailFormat,
} from '@optika/domain/operations/thumbnail-settings'
import type { Db } from '../../platform/db/client.ts'
import {
  thumbnailConfigs,
  videoThumbnailConfigs,
} from '../../platform/db/schema/thumbnail-settings.ts'
import { AppError } from '../../platform/http/app-error.ts'

/** Both kinds of configuration, by name, as read from the database at one moment. */
interface ConfigSnapshot {
  readonly images: ReadonlyMap<string, ImageThumbnailConfig>
  readonly videos: ReadonlyMap<string, VideoThumbnailConfig>
}

/**
 * The configurations kept in memory per database. Writers call `forgetThumbnailConfigs` after
 * committing; other processes forget theirs on the `thumbnails` change signal a trigger on the
 * tables moves (decision 060).
 */
const snapshots = new WeakMap<Db, Promise<ConfigSnapshot>>()

async function readSnapshot(db: Db): Promise<ConfigSnapshot> {
  const [imageRows, videoRows] = await Promise.all([
    db.select().from(thumbnailConfigs).orderBy(asc(thumbnailConfigs.name)),
    db.select().from(videoThumbnailConfigs).orderBy(asc(videoThumbnailConfigs.name)),
  ])
  return {
    images: new Map(
      imageRows.map((row) => [
        row.name,
        {
          name: row.name,
          group: row.groupName,
          description: row.description,
          width: row.width,
          height: row.height,
          mode: row.mode as ImageThumbnailConfig['mode'],
          format: row.format as ThumbnailConfigFormat,
          quality: row.quality,
          highDpi: row.highDpi,
          background: row.background,
          downloadable: row.downloadable,
          updatedAt: row.updatedAt.toISOString(),
        },
      ]),
    ),
    videos: new Map(
      videoRows.map((row) => [
        row.name,
        {
          name: row.name,
          group: row.groupName,
          description: row.description,
          width: row.width,
          videoBitrate: row.videoBitrate,
          audioBitrate: row.audioBitrate,
          maxSeconds: row.maxSeconds,
          formats: row.formats as VideoThumbnailFormat[],
          updatedAt: row.updatedAt.toISOString(),
        },
      ]),
    ),
  }
}

async function snapshotOf(db: Db): Promise<ConfigSnapshot> {
  let snapshot = snapshots.get(db)
  if (!snapshot) {
    snapshot = readSnapshot(db)
    snapshots.set(db, snapshot)
    // A failed read is not kept: the next call tries the database again.
    snapshot.catch(() => snapshots.delete(db))
  }
  return snapshot
}

/** Drops the in-memory copy; the next render reads the table again. */
export function forgetThumbnailConfigs(db: Db): void {
  snapshots.delete(db)
}

/** Every image configuration, by name. */
export async function listImageThumbnailConfigs(db: Db): Promise<ImageThumbnailConfig[]> {
  return [...(await snapshotOf(db)).images.values()]
}

/** Every video configuration, by name. */
export async function listVideoThumbnailConfigs(db: Db): Promise<VideoThumbnailConfig[]> {
  return [...(await snapshotOf(db)).videos.values()]
}

function unknownConfig(name: string): AppError {
  return new AppError(400, 'UNKNOWN_THUMBNAIL_CONFIG', 'assetThumbnails.unknownConfig', {
    name: name.slice(0, 64),
  })
}

/** The suffix that asks for a configuration's high-DPI variant. */
const HIGH_DPI_SUFFIX = '@2x'

/** `auto`: the smallest format the browser says it shows (AVIF, then WebP), else JPEG. */
export function resolveAutoFormat(accept: string | undefined): ThumbnailFormat {
  const types = (accept ?? '').toLowerCase()
  if (types.includes('image/avif')) return 'avif'
  if (types.includes('image/webp')) return 'webp'
  return 'jpeg'
}

/** A configuration as the renderer takes it, plus the version that goes into entity tags. */
export interface ResolvedThumbnailConfig extends ThumbnailConfig {
  /** Changes whenever the configuration is saved: browsers revalidate. */
  readonly version: string
}

/**
 * The named image configuration ready to render: `{name}@2x` is the high-DPI variant (twice the
 * size, only where the configuration offers it), `auto` becomes the format `accept` prefers.
 * Unknown names are a translated 400.
 */
export async function findThumbnailConfig(
  db: Db,
  name: string,
  accept?: string,
): Promise<ResolvedThumbnailConfig> {
  const { images } = await snapshotOf(db)
  const highDpi = name.endsWith(HIGH_DPI_SUFFIX)
  const baseName = highDpi ? name.slice(0, -HIGH_DPI_SUFFIX.length) : name
  const stored = images.get(baseName)
  if (!stored || (highDpi && !stored.highDpi)) throw unknownConfig(name)
  const scale = highDpi ? 2 : 1
  return {
    name: highDpi ? `${stored.name}${HIGH_DPI_SUFFIX}` : stored.name,
    width: stored.width * scale,
    height: stored.height * scale,
    mode: stored.mode,
    format: stored.format === 'auto' ? resolveAutoFormat(accept) : stored.format,
    quality: stored.quality,
    ...(stored.background ? { background: stored.background } : {}),
    version: String(Date.parse(stored.updatedAt)),
  }
}

/** The named video configuration, or a translated 400. */
export async function findVideoThumbnailConfig(
  db: Db,
  name: string,
): Promise<VideoThumbnailConfig> {
  const config = (await snapshotOf(db)).videos.get(name)
  if (!config) throw unknownConfig(name)
  return config
}
