import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  AdapterCheckSchema,
  ImageThumbnailConfigSchema,
  PredefinedMetadataSchema,
  PredefinedPropertySchema,
  VideoThumbnailConfigSchema,
  listAnswerSchema,
  type ImageThumbnailAdd,
  type PredefinedMetadataInput,
  type PredefinedPropertyInput,
  type VideoThumbnailAdd,
} from '@optika/domain/operations/thumbnail-settings'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const thumbnailSettingsKeys = {
  all: ['admin', 'thumbnail-settings'] as const,
  images: ['admin', 'thumbnail-settings', 'images'] as const,
  videos: ['admin', 'thumbnail-settings', 'videos'] as const,
  adapter: (kind: 'image' | 'video') => ['admin', 'thumbnail-settings', 'adapter', kind] as const,
  metadata: ['admin', 'thumbnail-settings', 'metadata'] as const,
  properties: ['admin', 'thumbnail-settings', 'properties'] as const,
}

export function useImageThumbnailConfigs() {
  return useQuery({
    queryKey: thumbnailSettingsKeys.images,
    queryFn: async () =>
      z.array(ImageThumbnailConfigSchema).parse(await getJson('/admin/settings/thumbnail-list')),
  })
}

export function useVideoThumbnailConfigs() {
  return useQuery({
    queryKey: thumbnailSettingsKeys.videos,
    queryFn: async () =>
      z
        .array(VideoThumbnailConfigSchema)
        .parse(await getJson('/admin/settings/video-thumbnail-list')),
  })
}

export function useAdapterCheck(kind: 'image' | 'video') {
  return useQuery({
    queryKey: thumbnailSettingsKeys.adapter(kind),
    queryFn: async () =>
      AdapterCheckSchema.parse(
        await getJson(
          kind === 'image'
            ? '/admin/settings/thumbnail-adapter-check'
            : '/admin/settings/video-thumbnail-adapter-check',
        ),
      ),
  })
}

/** Adds (isNew) or changes an image configuration. */
export async function saveImageThumbnailConfig(isNew: boolean, input: ImageThumbnailAdd) {
  return ImageThumbnailConfigSchema.parse(
    isNew
      ? await sendJson('POST', '/admin/settings/thumbnail-add', input)
      : await sendJson('PUT', '/admin/settings/thumbnail-update', input),
  )
}

export async function saveVideoThumbnailConfig(isNew: boolean, input: VideoThumbnailAdd) {
  return VideoThumbnailConfigSchema.parse(
    isNew
      ? await sendJson('POST', '/admin/settings/video-thumbnail-add', input)
      : await sendJson('PUT', '/admin/settings/video-thumbnail-update', input),
  )
}

export async function deleteThumbnailConfig(kind: 'image' | 'video', name: string) {
  const path = kind === 'image' ? 'thumbnail-delete' : 'video-thumbnail-delete'
  await sendJson('DELETE', `/admin/settings/${path}?name=${encodeURIComponent(name)}`)
}

const MetadataListSchema = listAnswerSchema(PredefinedMetadataSchema)
const PropertyListSchema = listAnswerSchema(PredefinedPropertySchema)

export function usePredefinedMetadata() {
  return useQuery({
    queryKey: thumbnailSettingsKeys.metadata,
    queryFn: async () =>
      MetadataListSchema.parse(
        await sendJson('POST', '/admin/settings/predefined-metadata', { xaction: 'read' }),
      ).data,
  })
}

/** Creates (id null), updates or deletes a metadata definition. */
export async function writePredefinedMetadata(
  xaction: 'create' | 'update' | 'destroy',
  data: Partial<PredefinedMetadataInput> & { id?: number },
) {
  return MetadataListSchema.parse(
    await sendJson('POST', '/admin/settings/predefined-metadata', { xaction, data }),
  ).data
}

export function usePredefinedProperties() {
  return useQuery({
    queryKey: thumbnailSettingsKeys.properties,
    queryFn: async () =>
      PropertyListSchema.parse(
        await sendJson('POST', '/admin/settings/properties', { xaction: 'read' }),
      ).data,
  })
}

export async function writePredefinedProperty(
  xaction: 'create' | 'update' | 'destroy',
  data: Partial<PredefinedPropertyInput> & { id?: number },
) {
  return PropertyListSchema.parse(
    await sendJson('POST', '/admin/settings/properties', { xaction, data }),
  ).data
}
