import { Upload } from 'tus-js-client'
import { AssetNodeSchema } from '@optika/domain/pim/asset-api'
import { ApiError, toApiError } from '../../../../lib/api-client.ts'

/**
 * Files at least this big go through the resumable (tus) endpoint in chunks: a dropped connection
 * costs one chunk, not the whole file. Smaller files go in one multipart request.
 */
export const RESUMABLE_FROM_BYTES = 16 * 1024 * 1024
const TUS_CHUNK_BYTES = 8 * 1024 * 1024

export interface UploadTarget {
  readonly parentId: number
  /** A folder path relative to `parentId`, created on the way ('' for none). */
  readonly dir: string
}

export interface UploadHandle {
  /** The new asset's id once the file is stored. */
  readonly done: Promise<number>
  readonly abort: () => void
}

/** Uploads one file with progress reports, the way its size calls for. */
export function uploadAssetFile(
  file: File,
  target: UploadTarget,
  onProgress: (loaded: number) => void,
): UploadHandle {
  return file.size >= RESUMABLE_FROM_BYTES
    ? uploadResumable(file, target, onProgress)
    : uploadMultipart(file, target, onProgress)
}

/** POST add-asset as multipart through XHR, whose upload events report the bytes sent. */
function uploadMultipart(
  file: File,
  target: UploadTarget,
  onProgress: (loaded: number) => void,
): UploadHandle {
  const request = new XMLHttpRequest()
  const done = new Promise<number>((resolve, reject) => {
    const form = new FormData()
    form.append('parentId', String(target.parentId))
    if (target.dir !== '') form.append('dir', target.dir)
    form.append('file', file, file.name)
    request.open('POST', `/admin/asset/add-asset?parentId=${target.parentId}`)
    request.setRequestHeader('accept', 'application/json')
    request.responseType = 'text'
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * file.size))
    })
    request.addEventListener('load', () => {
      const body = parseJson(request.responseText)
      if (request.status >= 200 && request.status < 300) {
        const node = AssetNodeSchema.safeParse(body)
        if (node.success) resolve(node.data.id)
        else reject(new ApiError(request.status, 'BAD_ANSWER', request.statusText))
        return
      }
      reject(toApiError(responseOf(request), body))
    })
    request.addEventListener('error', () => reject(new ApiError(0, 'NETWORK', 'network')))
    request.addEventListener('abort', () => reject(new ApiError(0, 'ABORTED', 'aborted')))
    request.send(form)
  })
  return { done, abort: () => request.abort() }
}

/** The tus endpoint in chunks; the server creates the asset when the last byte arrives. */
function uploadResumable(
  file: File,
  target: UploadTarget,
  onProgress: (loaded: number) => void,
): UploadHandle {
  let upload: Upload | null = null
  const done = new Promise<number>((resolve, reject) => {
    let assetId: number | null = null
    upload = new Upload(file, {
      endpoint: '/admin/asset/tus/',
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000],
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: file.name,
        filetype: file.type,
        parentId: String(target.parentId),
        ...(target.dir === '' ? {} : { dir: target.dir }),
      },
      onProgress: (sent) => onProgress(sent),
      onAfterResponse: (_request, response) => {
        const header = response.getHeader('Asset-Id')
        if (header !== undefined && /^\d+$/.test(header)) assetId = Number(header)
      },
      onSuccess: () => {
        if (assetId === null) reject(new ApiError(500, 'BAD_ANSWER', 'no Asset-Id'))
        else resolve(assetId)
      },
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null
        const body = response ? parseJson(response.getBody()) : null
        reject(
          response
            ? toApiError(new Response(null, { status: normalStatus(response.getStatus()) }), body)
            : new ApiError(0, 'NETWORK', error.message),
        )
      },
    })
    upload.start()
  })
  return { done, abort: () => void upload?.abort(true) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

function normalStatus(status: number): number {
  return status >= 200 && status <= 599 ? status : 500
}

function responseOf(request: XMLHttpRequest): Response {
  return new Response(null, {
    status: normalStatus(request.status),
    statusText: request.statusText,
  })
}
