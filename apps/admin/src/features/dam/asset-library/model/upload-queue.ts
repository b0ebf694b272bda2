/** One file of an upload batch, as the progress list shows it. */
export interface UploadItem {
  readonly id: string
  readonly name: string
  /** The folder, relative to the drop target, the file came from ('' when dropped loose). */
  readonly dir: string
  readonly size: number
  readonly loaded: number
  readonly status: 'queued' | 'uploading' | 'done' | 'failed'
  readonly error: string | null
  readonly assetId: number | null
}

export type UploadEvent =
  | { readonly kind: 'add'; readonly items: readonly UploadItem[] }
  | { readonly kind: 'start'; readonly id: string }
  | { readonly kind: 'progress'; readonly id: string; readonly loaded: number }
  | { readonly kind: 'done'; readonly id: string; readonly assetId: number }
  | { readonly kind: 'fail'; readonly id: string; readonly error: string }
  | { readonly kind: 'clear' }

/** The upload list after one event; finished files keep their place until cleared. */
export function reduceUploads(items: readonly UploadItem[], event: UploadEvent): UploadItem[] {
  const patch = (id: string, change: Partial<UploadItem>) =>
    items.map((item) => (item.id === id ? { ...item, ...change } : item))
  switch (event.kind) {
    case 'add':
      return [...items, ...event.items]
    case 'start':
      return patch(event.id, { status: 'uploading', loaded: 0, error: null })
    case 'progress':
      return patch(event.id, {
        loaded: Math.min(event.loaded, items.find((item) => item.id === event.id)?.size ?? 0),
      })
    case 'done': {
      const size = items.find((item) => item.id === event.id)?.size ?? 0
      return patch(event.id, { status: 'done', loaded: size, assetId: event.assetId })
    }
    case 'fail':
      return patch(event.id, { status: 'failed', error: event.error })
    case 'clear':
      return items.filter((item) => item.status === 'queued' || item.status === 'uploading')
  }
}

export interface UploadTotals {
  readonly files: number
  readonly done: number
  readonly failed: number
  readonly bytes: number
  readonly loaded: number
  /** 0–100, by bytes; a failed file counts as finished so the bar can reach the end. */
  readonly percent: number
  readonly finished: boolean
}

/** The whole batch's progress, weighted by size (an empty file weighs one byte). */
export function uploadTotals(items: readonly UploadItem[]): UploadTotals {
  let bytes = 0
  let loaded = 0
  let done = 0
  let failed = 0
  for (const item of items) {
    const weight = Math.max(item.size, 1)
    bytes += weight
    if (item.status === 'done' || item.status === 'failed') loaded += weight
    else loaded += Math.min(item.loaded, weight)
    if (item.status === 'done') done += 1
    if (item.status === 'failed') failed += 1
  }
  return {
    files: items.length,
    done,
    failed,
    bytes,
    loaded,
    percent: bytes === 0 ? 0 : Math.floor((loaded / bytes) * 100),
    finished: items.length > 0 && done + failed === items.length,
  }
}

/** A file's own progress, 0–100. */
export function itemPercent(item: UploadItem): number {
  if (item.status === 'done') return 100
  if (item.size === 0) return 0
  return Math.floor((Math.min(item.loaded, item.size) / item.size) * 100)
}

/**
 * The folder part of a dropped file's relative path ('photos/2024/a.jpg' → 'photos/2024'), so a
 * dropped folder keeps its structure; names the server would refuse ('.', '..') are dropped.
 */
export function relativeDir(relativePath: string): string {
  const parts = relativePath
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..')
  return parts.slice(0, -1).join('/')
}
