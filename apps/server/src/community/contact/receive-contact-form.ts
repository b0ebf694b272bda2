import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import {
  CONTACT_ATTACHMENT_MAX_BYTES,
  CONTACT_ATTACHMENTS_MAX,
} from '@optika/domain/community/contact-api'
import { AppError } from '../../platform/http/app-error.ts'
import { formatBytes } from '../../dam/upload/prepare-asset-file.ts'

/** A file the form carried, on disk until it is checked and stored (or refused). */
export interface ReceivedAttachment {
  readonly file: string
  readonly filename: string
}

export interface ReceivedContactForm {
  readonly fields: Record<string, unknown>
  readonly attachments: readonly ReceivedAttachment[]
  /** Removes the temporary files (always called, whatever happened). */
  readonly cleanUp: () => Promise<void>
}

/** Fields a form may carry; anything beyond is a malformed request. */
const MAX_FIELDS = 20

export function tooManyAttachments(): AppError {
  return new AppError(400, 'TOO_MANY_ATTACHMENTS', 'contact.attachmentsTooMany', {
    count: String(CONTACT_ATTACHMENTS_MAX),
  })
}

export function attachmentTooLarge(): AppError {
  return new AppError(413, 'FILE_TOO_LARGE', 'contact.attachmentTooLarge', {
    value: formatBytes(CONTACT_ATTACHMENT_MAX_BYTES),
  })
}

function uploadInvalid(): AppError {
  return new AppError(400, 'UPLOAD_INVALID', 'contact.uploadInvalid')
}

/**
 * The form as JSON or as multipart (a form posted without JavaScript, or with files): text
 * fields by name, files in the field `attachments` written to a temporary folder. An empty file
 * input (no file chosen) is no attachment. More than three files → 400, a file over the limit →
 * 413, a broken body → 400; the temporary files are gone in every case the caller does not own.
 */
export async function receiveContactForm(request: FastifyRequest): Promise<ReceivedContactForm> {
  if (!request.isMultipart()) {
    const body: unknown = request.body
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw uploadInvalid()
    return { fields: body as Record<string, unknown>, attachments: [], cleanUp: async () => {} }
  }
  const folder = await mkdtemp(join(tmpdir(), 'optika-contact-'))
  const cleanUp = () => rm(folder, { recursive: true, force: true })
  const fields: Record<string, unknown> = {}
  const attachments: ReceivedAttachment[] = []
  try {
    let fieldCount = 0
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fieldCount += 1
        if (fieldCount > MAX_FIELDS || typeof part.value !== 'string') throw uploadInvalid()
        fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== 'attachments') throw uploadInvalid()
      const file = join(folder, randomUUID())
      await pipeline(part.file, createWriteStream(file))
      if (part.file.truncated) throw attachmentTooLarge()
      // A file input left empty sends a part without a name and without bytes.
      if (part.filename === '' && part.file.bytesRead === 0) continue
      if (attachments.length >= CONTACT_ATTACHMENTS_MAX) throw tooManyAttachments()
      attachments.push({ file, filename: part.filename.slice(0, 200) || 'file' })
    }
  } catch (error) {
    await cleanUp()
    if (error instanceof AppError) throw error
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw attachmentTooLarge()
    if (code === 'FST_FILES_LIMIT') throw tooManyAttachments()
    throw uploadInvalid()
  }
  return { fields, attachments, cleanUp }
}
