import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { useRequestError } from '../../../../lib/form-errors.ts'
import { reduceUploads, relativeDir, type UploadItem } from '../model/upload-queue.ts'
import { libraryKeys } from './asset-library-api.ts'
import { uploadAssetFile } from './upload-asset-file.ts'

/** How many files travel at once: enough to fill the line, few enough to keep each bar moving. */
const PARALLEL_UPLOADS = 3

/** A file and the folder it goes to. */
interface Pending {
  readonly file: File
  readonly parentId: number
}

let nextUploadId = 0

/**
 * The library's upload queue: files dropped or picked are uploaded a few at a time, each with its
 * own progress, and the library refreshes as each one lands.
 */
export function useUploads() {
  const queryClient = useQueryClient()
  const requestError = useRequestError()
  const [items, dispatch] = useReducer(reduceUploads, [])
  const pending = useRef(new Map<string, Pending>())
  const running = useRef(new Set<string>())
  const aborts = useRef(new Map<string, () => void>())

  const pump = useCallback(() => {
    for (const [id, { file, parentId }] of pending.current) {
      if (running.current.size >= PARALLEL_UPLOADS) return
      pending.current.delete(id)
      running.current.add(id)
      dispatch({ kind: 'start', id })
      const dir = relativeDir(file.webkitRelativePath || (file as FileWithPath).relativePath || '')
      const handle = uploadAssetFile(file, { parentId, dir }, (loaded) =>
        dispatch({ kind: 'progress', id, loaded }),
      )
      aborts.current.set(id, handle.abort)
      handle.done
        .then((assetId) => {
          dispatch({ kind: 'done', id, assetId })
          void queryClient.invalidateQueries({ queryKey: libraryKeys.all })
        })
        .catch((error: unknown) =>
          dispatch({ kind: 'fail', id, error: requestError(error) ?? String(error) }),
        )
        .finally(() => {
          running.current.delete(id)
          aborts.current.delete(id)
          pump()
        })
    }
  }, [queryClient, requestError])

  const add = useCallback(
    (files: readonly File[], parentId: number) => {
      const added: UploadItem[] = files.map((file) => {
        const id = `upload-${++nextUploadId}`
        pending.current.set(id, { file, parentId })
        return {
          id,
          name: file.name,
          dir: relativeDir(file.webkitRelativePath || (file as FileWithPath).relativePath || ''),
          size: file.size,
          loaded: 0,
          status: 'queued',
          error: null,
          assetId: null,
        }
      })
      dispatch({ kind: 'add', items: added })
      pump()
    },
    [pump],
  )

  // Leaving the library stops what is still on its way.
  useEffect(() => {
    const current = aborts.current
    return () => {
      for (const abort of current.values()) abort()
    }
  }, [])

  return { items, add, clear: () => dispatch({ kind: 'clear' }) }
}

/** A dropped file read from a folder entry carries the path it had inside the dropped folder. */
export type FileWithPath = File & { relativePath?: string }

/**
 * The files of a drop, folders walked (keeping their structure in `relativePath`); falls back to
 * the flat file list where the browser has no entries API.
 */
export async function readDroppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items]
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null))
    .filter((entry): entry is FileSystemEntry => entry !== null)
  if (entries.length === 0 || !entries.some((entry) => entry.isDirectory)) return [...data.files]
  const files: File[] = []
  await Promise.all(entries.map((entry) => walkEntry(entry, '', files)))
  return files
}

async function walkEntry(entry: FileSystemEntry, prefix: string, into: File[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    )
    Object.defineProperty(file, 'relativePath', { value: `${prefix}${file.name}` })
    into.push(file)
    return
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  // readEntries answers in batches until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    )
    if (batch.length === 0) return
    await Promise.all(batch.map((child) => walkEntry(child, `${prefix}${entry.name}/`, into)))
  }
}
