import { useQuery } from '@tanstack/react-query'
import {
  AssetDataSchema,
  AssetPublishedVersionSchema,
  AssetSavedSchema,
  AssetVersionViewSchema,
  type AssetSave,
} from '@optika/domain/pim/asset-api'
import {
  ImageEditorDataSchema,
  VideoPreviewSchema,
  type ImageEditorSave,
} from '@optika/domain/pim/asset-thumbnail-api'
import { z } from 'zod'
import { DownloadableThumbnailSchema } from '@optika/domain/operations/thumbnail-settings'
import { getJson, readJsonBody, sendJson, toApiError } from '../../../../lib/api-client.ts'

export const assetEditorKeys = {
  all: ['admin', 'assets'] as const,
  data: (id: number) => ['admin', 'assets', 'editor', id] as const,
  imageEditor: (id: number) => ['admin', 'assets', 'editor', id, 'image-editor'] as const,
  videoPreview: (id: number) => ['admin', 'assets', 'editor', id, 'video'] as const,
  documentPages: (id: number) => ['admin', 'assets', 'editor', id, 'pages'] as const,
  version: (versionId: number) => ['admin', 'assets', 'version', versionId] as const,
  thumbnailConfigs: ['admin', 'assets', 'thumbnail-configs'] as const,
}

/** GET get-data-by-id: the asset with its metadata, settings, rights and lock. */
export function useAssetData(id: number) {
  return useQuery({
    queryKey: assetEditorKeys.data(id),
    queryFn: async () =>
      AssetDataSchema.parse(await getJson(`/admin/asset/get-data-by-id?id=${id}`)),
  })
}

/** PUT save: custom metadata and settings (focal point); the server writes a version. */
export async function saveAsset(input: AssetSave) {
  return AssetSavedSchema.parse(await sendJson('PUT', '/admin/asset/save', input))
}

/** POST publish-version: makes a stored version the asset's current state. */
export async function publishAssetVersion(versionId: number) {
  return AssetPublishedVersionSchema.parse(
    await sendJson('POST', '/admin/asset/publish-version', { id: versionId }),
  )
}

export function useAssetVersion(versionId: number) {
  return useQuery({
    queryKey: assetEditorKeys.version(versionId),
    staleTime: Infinity,
    queryFn: async () =>
      AssetVersionViewSchema.parse(await getJson(`/admin/asset/show-version?id=${versionId}`)),
  })
}

/**
 * The configurations the download menu offers: those marked downloadable in the settings
 * (`thumbnail-downloadable`, decision 058). `auto` downloads as JPEG.
 */
export function useThumbnailConfigs() {
  return useQuery({
    queryKey: assetEditorKeys.thumbnailConfigs,
    staleTime: 60_000,
    queryFn: async () =>
      z
        .array(DownloadableThumbnailSchema)
        .parse(await getJson('/admin/settings/thumbnail-downloadable'))
        .map((item) => ({
          name: item.id,
          width: item.width,
          height: item.height,
          format: item.format === 'auto' ? 'jpeg' : item.format,
        })),
  })
}

export function useImageEditorData(id: number) {
  return useQuery({
    queryKey: assetEditorKeys.imageEditor(id),
    queryFn: async () =>
      ImageEditorDataSchema.parse(await getJson(`/admin/asset/image-editor?id=${id}`)),
  })
}

/** PUT image-editor-save: the steps applied to the original, saved as a new version. */
export async function saveImageEdit(input: ImageEditorSave) {
  await sendJson('PUT', '/admin/asset/image-editor-save', input)
}

export function useVideoPreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: assetEditorKeys.videoPreview(id),
    enabled,
    retry: false,
    queryFn: async () =>
      VideoPreviewSchema.parse(await getJson(`/admin/asset/get-preview-video?id=${id}`)),
  })
}

/** How many pages a PDF has: the preview of page 1 answers it in `x-page-count`. */
export function useDocumentPageCount(id: number, enabled: boolean) {
  return useQuery({
    queryKey: assetEditorKeys.documentPages(id),
    enabled,
    retry: false,
    queryFn: async () => {
      const response = await fetch(documentPageUrl(id, 1), { method: 'HEAD' })
      if (!response.ok) throw toApiError(response, await readJsonBody(response))
      const count = Number(response.headers.get('x-page-count'))
      return Number.isInteger(count) && count > 0 ? count : 1
    },
  })
}

export function documentPageUrl(id: number, page: number): string {
  return `/admin/asset/get-preview-document?id=${id}&page=${page}`
}

export function thumbnailUrl(id: number, config: string, modified?: string): string {
  const stamp = modified === undefined ? '' : `&_=${encodeURIComponent(modified)}`
  return `/admin/asset/get-image-thumbnail?id=${id}&config=${encodeURIComponent(config)}${stamp}`
}

export function downloadThumbnailUrl(id: number, config: string): string {
  return `/admin/asset/download-image-thumbnail?id=${id}&config=${encodeURIComponent(config)}`
}

export function downloadUrl(id: number): string {
  return `/admin/asset/download?id=${id}`
}
