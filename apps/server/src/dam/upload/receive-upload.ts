import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../platform/http/app-error.ts'
import { fileTooLarge } from './prepare-asset-file.ts'
import type { ReceivedFile } from './upload-asset.ts'

/** Where uploads wait on local disk while they are checked: DATA_DIR/tmp/asset-uploads. */
export function uploadTempDir(dataDir: string): string {
  return join(dataDir, 'tmp', 'asset-uploads')
}

function isTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'FST_REQ_FILE_TOO_LARGE'
  )
}

/**
 * Receives a multipart upload — its first file streamed to a temporary file (never held in
 * memory) and its text fields — runs `use` on it and removes the temporary file whatever
 * happens. Not multipart → 415, over `maxBytes` → 413, no file → 400.
 */
export async function withReceivedUpload<T>(
  request: FastifyRequest,
  options: { readonly dataDir: string; readonly maxBytes: number },
  use: (received: ReceivedFile, fields: Readonly<Record<string, string>>) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'pimAssets.notMultipart')
  }
  const directory = uploadTempDir(options.dataDir)
  await mkdir(directory, { recursive: true })
  const written: string[] = []
  try {
    let received: ReceivedFile | null = null
    const fields: Record<string, string> = {}
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (received) {
            part.file.resume()
            continue
          }
          const file = join(directory, randomUUID())
          written.push(file)
          await pipeline(part.file, createWriteStream(file, { flags: 'wx' }))
          if (part.file.truncated) throw fileTooLarge(options.maxBytes)
          received = { filename: part.filename, file }
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error
      if (isTooLarge(error)) throw fileTooLarge(options.maxBytes)
      throw new AppError(400, 'UPLOAD_INVALID', 'pimAssets.uploadInvalid')
    }
    if (!received) throw new AppError(400, 'NO_FILE', 'pimAssets.noFile')
    return await use(received, fields)
  } finally {
    await Promise.all(written.map((file) => rm(file, { force: true })))
  }
}
