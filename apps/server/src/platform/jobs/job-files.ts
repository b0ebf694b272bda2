import type { Readable } from 'node:stream'

/**
 * Where jobs keep files (an import's upload, an export's result): the shop's file store, a local
 * directory or an S3 bucket shared by every process, so a job may run in one process and its file
 * be served by another. The asset store (`dam/assets/asset-store.ts`) is one; buildApp passes it in.
 */
export interface JobFileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<Readable | null>
  delete(key: string): Promise<void>
}

/** The store key of a job's file: `jobs/<jobId>/<name>`. */
export function jobFileKey(jobId: string, name: string): string {
  return `jobs/${jobId}/${name}`
}
