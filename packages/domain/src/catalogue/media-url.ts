/** Image sizes the shop serves; the server renders each from the original on first request. */
export const IMAGE_PRESETS = {
  thumbnail: { width: 320 },
  medium: { width: 640 },
  large: { width: 960 },
} as const
export type ImagePreset = keyof typeof IMAGE_PRESETS

/** The URL of an asset's picture in one size (`storageKey` as stored on the asset row). */
export function mediaUrl(storageKey: string, preset: ImagePreset): string {
  return `/media/${preset}/${storageKey.split('/').map(encodeURIComponent).join('/')}`
}
