import { useQuery } from '@tanstack/react-query'
import {
  ContentExportJobsSchema,
  ContentExportStartedSchema,
  XliffImportResultSchema,
  XliffImportUploadSchema,
  type ContentExportBody,
  type ContentExportElement,
  type ContentExportFormat,
} from '@optika/domain/operations/content-export'
import { JobSchema } from '@optika/domain/pim/grid-api'
import type { Locale } from '@optika/i18n/locales'
import { getJson, readJsonBody, sendJson, toApiError } from '../../../../lib/api-client.ts'

const EXPORT_PATHS: Readonly<Record<ContentExportFormat, string>> = {
  xliff: '/admin/bundle/xliff/translation/xliff-export',
  word: '/admin/bundle/wordexport/translation/word-export',
}

export const contentExportKeys = {
  elements: (elements: readonly ContentExportElement[]) =>
    ['admin', 'content-export', 'elements', elements] as const,
  job: (id: string) => ['admin', 'content-export', 'job', id] as const,
}

/** POST /admin/translation/content-export-jobs — the elements an export of `elements` contains. */
export async function listExportElements(elements: readonly ContentExportElement[]) {
  return ContentExportJobsSchema.parse(
    await sendJson('POST', '/admin/translation/content-export-jobs', { elements }),
  )
}

export function useExportElements(elements: readonly ContentExportElement[]) {
  return useQuery({
    queryKey: contentExportKeys.elements(elements),
    queryFn: () => listExportElements(elements),
    enabled: elements.length > 0,
  })
}

/** Starts an XLIFF or Word export job. */
export async function startExport(format: ContentExportFormat, body: ContentExportBody) {
  return ContentExportStartedSchema.parse(await sendJson('POST', EXPORT_PATHS[format], body))
}

/** An export job's progress, polled every second until it is done or failed. */
export function useExportJob(id: string | null) {
  return useQuery({
    queryKey: contentExportKeys.job(id ?? ''),
    queryFn: async () =>
      JobSchema.parse(
        await getJson(`/admin/translation/content-export-job?id=${encodeURIComponent(id ?? '')}`),
      ),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'done' || status === 'failed' ? false : 1_000
    },
  })
}

/** The address a finished export's file downloads from (XLIFF: one per target language). */
export function exportDownloadUrl(format: ContentExportFormat, jobId: string, language?: Locale) {
  const params = new URLSearchParams({ id: jobId })
  if (language) params.set('language', language)
  return `${EXPORT_PATHS[format]}-download?${params.toString()}`
}

/** POST …/xliff-import-upload — the file as multipart `file`; answers the steps to import. */
export async function uploadXliff(file: File) {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch('/admin/bundle/xliff/translation/xliff-import-upload', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
    credentials: 'same-origin',
  })
  const body = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, body)
  return XliffImportUploadSchema.parse(body)
}

/** POST …/xliff-import-element — imports one element of an upload as a new version. */
export async function importXliffElement(id: string, step: number) {
  return XliffImportResultSchema.parse(
    await sendJson('POST', '/admin/bundle/xliff/translation/xliff-import-element', { id, step }),
  )
}
