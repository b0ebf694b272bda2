import { eq } from 'drizzle-orm'
import {
  DEFAULT_IMAGE_THUMBNAIL_SETTINGS,
  DEFAULT_VIDEO_THUMBNAIL_SETTINGS,
  ImageThumbnailSettingsSchema,
  VIDEO_PREVIEW_CONFIG_NAME,
  VideoThumbnailSettingsSchema,
  type ImageThumbnailAdd,
  type ImageThumbnailConfig,
  type ThumbnailTreeNode,
  type VideoThumbnailAdd,
  type VideoThumbnailConfig,
} from '@optika/domain/operations/thumbnail-settings'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { AppError } from '../../platform/http/app-error.ts'
import {
  thumbnailConfigs,
  videoThumbnailConfigs,
} from '../../platform/db/schema/thumbnail-settings.ts'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import { invalidateConfigDerivatives } from '../../dam/thumbnails/invalidate-config-derivatives.ts'
import {
  forgetThumbnailConfigs,
  listImageThumbnailConfigs,
  listVideoThumbnailConfigs,
} from '../../dam/thumbnails/thumbnail-config-registry.ts'

export type ConfigKind = 'image' | 'video'

/**
 * Configurations the back office itself renders with (asset tree, grid, preview, image editor,
 * the video player): they can be changed but not deleted.
 */
export const SYSTEM_CONFIG_NAMES: Record<ConfigKind, readonly string[]> = {
  image: ['tree', 'grid', 'preview', 'editor'],
  video: [VIDEO_PREVIEW_CONFIG_NAME],
}

function notFound(name: string): AppError {
  return new AppError(404, 'THUMBNAIL_CONFIG_NOT_FOUND', 'thumbnailSettings.error.notFound', {
    name: name.slice(0, 64),
  })
}

async function auditConfig(
  ctx: AdminContext,
  action: string,
  kind: ConfigKind,
  name: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await recordAudit(ctx.db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name },
    action,
    entityType: kind === 'image' ? 'thumbnailConfig' : 'videoThumbnailConfig',
    entityId: name,
    before,
    after,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}

/** Groups as folders (sorted), configurations as leaves: the `*-tree` calls. */
export function toConfigTree(
  configs: readonly { name: string; group: string }[],
): ThumbnailTreeNode[] {
  const groups = new Map<string, ThumbnailTreeNode[]>()
  const top: ThumbnailTreeNode[] = []
  for (const config of configs) {
    const leaf: ThumbnailTreeNode = { id: config.name, text: config.name, type: 'config' }
    if (config.group === '') top.push(leaf)
    else groups.set(config.group, [...(groups.get(config.group) ?? []), leaf])
  }
  const folders = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, children]) => ({
      id: `folder:${group}`,
      text: group,
      type: 'folder' as const,
      children,
    }))
  return [...folders, ...top]
}

export async function listConfigs(
  ctx: AdminContext,
  kind: ConfigKind,
): Promise<ImageThumbnailConfig[] | VideoThumbnailConfig[]> {
  return kind === 'image' ? listImageThumbnailConfigs(ctx.db) : listVideoThumbnailConfigs(ctx.db)
}

export async function getImageConfig(
  ctx: AdminContext,
  name: string,
): Promise<ImageThumbnailConfig> {
  const config = (await listImageThumbnailConfigs(ctx.db)).find((c) => c.name === name)
  if (!config) throw notFound(name)
  return config
}

export async function getVideoConfig(
  ctx: AdminContext,
  name: string,
): Promise<VideoThumbnailConfig> {
  const config = (await listVideoThumbnailConfigs(ctx.db)).find((c) => c.name === name)
  if (!config) throw notFound(name)
  return config
}

function imageRow(settings: ReturnType<typeof ImageThumbnailSettingsSchema.parse>) {
  return {
    groupName: settings.group,
    description: settings.description,
    width: settings.width,
    height: settings.height,
    mode: settings.mode,
    format: settings.format,
    quality: settings.quality,
    highDpi: settings.highDpi,
    background: settings.background,
    downloadable: settings.downloadable,
  }
}

function videoRow(settings: ReturnType<typeof VideoThumbnailSettingsSchema.parse>) {
  return {
    groupName: settings.group,
    description: settings.description,
    width: settings.width,
    videoBitrate: settings.videoBitrate,
    audioBitrate: settings.audioBitrate,
    maxSeconds: settings.maxSeconds,
    formats: [...new Set(settings.formats)],
  }
}

/** Adds an image configuration (the defaults where settings are missing); a taken name is a 409. */
export async function addImageConfig(
  ctx: AdminContext,
  input: ImageThumbnailAdd,
): Promise<ImageThumbnailConfig> {
  const { name, ...given } = input
  const settings = ImageThumbnailSettingsSchema.parse({
    ...DEFAULT_IMAGE_THUMBNAIL_SETTINGS,
    ...given,
  })
  const inserted = await ctx.db
    .insert(thumbnailConfigs)
    .values({ name, ...imageRow(settings) })
    .onConflictDoNothing()
    .returning({ name: thumbnailConfigs.name })
  if (inserted.length === 0) throw nameTaken(name)
  forgetThumbnailConfigs(ctx.db)
  const created = await getImageConfig(ctx, name)
  await auditConfig(ctx, 'thumbnailConfig.create', 'image', name, null, created)
  return created
}

/** Adds a video configuration; a taken name is a 409. */
export async function addVideoConfig(
  ctx: AdminContext,
  input: VideoThumbnailAdd,
): Promise<VideoThumbnailConfig> {
  const { name, ...given } = input
  const settings = VideoThumbnailSettingsSchema.parse({
    ...DEFAULT_VIDEO_THUMBNAIL_SETTINGS,
    ...given,
  })
  const inserted = await ctx.db
    .insert(videoThumbnailConfigs)
    .values({ name, ...videoRow(settings) })
    .onConflictDoNothing()
    .returning({ name: videoThumbnailConfigs.name })
  if (inserted.length === 0) throw nameTaken(name)
  forgetThumbnailConfigs(ctx.db)
  const created = await getVideoConfig(ctx, name)
  await auditConfig(ctx, 'videoThumbnailConfig.create', 'video', name, null, created)
  return created
}

function nameTaken(name: string): AppError {
  return new AppError(409, 'THUMBNAIL_CONFIG_EXISTS', 'thumbnailSettings.error.nameTaken', {
    name: name.slice(0, 64),
  })
}

/**
 * Changes an image configuration and forgets everything rendered with it (the asset store's files
 * and their records), so the next request renders with the new settings.
 */
export async function updateImageConfig(
  ctx: AdminContext,
  store: AssetStore,
  input: ImageThumbnailAdd,
): Promise<ImageThumbnailConfig> {
  const { name, ...given } = input
  const before = await getImageConfig(ctx, name)
  const settings = ImageThumbnailSettingsSchema.parse({ ...before, ...given })
  await ctx.db
    .update(thumbnailConfigs)
    .set({ ...imageRow(settings), updatedAt: new Date() })
    .where(eq(thumbnailConfigs.name, name))
  forgetThumbnailConfigs(ctx.db)
  await invalidateConfigDerivatives(ctx.db, store, 'image', name)
  const after = await getImageConfig(ctx, name)
  await auditConfig(ctx, 'thumbnailConfig.update', 'image', name, before, after)
  return after
}

/** Changes a video configuration and forgets the previews rendered with it. */
export async function updateVideoConfig(
  ctx: AdminContext,
  store: AssetStore,
  input: VideoThumbnailAdd,
): Promise<VideoThumbnailConfig> {
  const { name, ...given } = input
  const before = await getVideoConfig(ctx, name)
  const settings = VideoThumbnailSettingsSchema.parse({ ...before, ...given })
  await ctx.db
    .update(videoThumbnailConfigs)
    .set({ ...videoRow(settings), updatedAt: new Date() })
    .where(eq(videoThumbnailConfigs.name, name))
  forgetThumbnailConfigs(ctx.db)
  await invalidateConfigDerivatives(ctx.db, store, 'video', name)
  const after = await getVideoConfig(ctx, name)
  await auditConfig(ctx, 'videoThumbnailConfig.update', 'video', name, before, after)
  return after
}

/** Deletes a configuration (not a system one: 409) and everything rendered with it. */
export async function deleteConfig(
  ctx: AdminContext,
  store: AssetStore,
  kind: ConfigKind,
  name: string,
): Promise<{ success: true; deleted: number }> {
  const before =
    kind === 'image' ? await getImageConfig(ctx, name) : await getVideoConfig(ctx, name)
  if (SYSTEM_CONFIG_NAMES[kind].includes(name)) {
    throw new AppError(409, 'THUMBNAIL_CONFIG_IN_USE', 'thumbnailSettings.error.systemConfig', {
      name,
    })
  }
  const table = kind === 'image' ? thumbnailConfigs : videoThumbnailConfigs
  await ctx.db.delete(table).where(eq(table.name, name))
  forgetThumbnailConfigs(ctx.db)
  const { deleted } = await invalidateConfigDerivatives(ctx.db, store, kind, name)
  await auditConfig(
    ctx,
    kind === 'image' ? 'thumbnailConfig.delete' : 'videoThumbnailConfig.delete',
    kind,
    name,
    before,
    null,
  )
  return { success: true, deleted }
}
