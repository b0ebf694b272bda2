/** Icon names a class may show in the tree (definition.icon), as offered by /admin/class/get-icons. */
export const CLASS_ICONS = [
  'box',
  'category',
  'tag',
  'tags',
  'glasses',
  'eye',
  'sun',
  'lens',
  'package',
  'truck',
  'building',
  'user',
  'users',
  'folder',
  'file',
  'photo',
  'palette',
  'ruler',
  'star',
  'heart',
  'filter',
  'list',
  'settings',
  'world',
] as const

/** Pimcore's document types (/admin/class/get-document-types). */
export const DOCUMENT_TYPES = ['page', 'snippet', 'email', 'link', 'hardlink', 'folder'] as const

/** Pimcore's asset types (/admin/class/get-asset-types). */
export const ASSET_TYPES = [
  'image',
  'video',
  'document',
  'text',
  'archive',
  'audio',
  'folder',
  'unknown',
] as const

/** Video formats the back office can play (/admin/class/video-supported-types). */
export const VIDEO_SUPPORTED_TYPES = ['mp4', 'webm'] as const
