import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  ColumnConfigAnswerSchema,
  GridPageSchema,
  GridUpdateResultSchema,
  JobIdSchema,
  JobSchema,
  SavedGridConfigSchema,
  type BatchUpdateInput,
  type DoExportInput,
  type GridListInput,
  type GridUpdate,
  type Job,
  type SaveColumnConfigInput,
} from '@optika/domain/pim/grid-api'
import {
  ApiError,
  getJson,
  readJsonBody,
  sendJson,
  toApiError,
} from '../../../../lib/api-client.ts'

const helper = '/admin/object-helper'

export const gridKeys = {
  all: ['admin', 'object-grid'] as const,
  config: (classId: string, folderId: number, configId: number | null) =>
    ['admin', 'object-grid', 'config', classId, folderId, configId ?? 0] as const,
  page: (input: GridListInput) => ['admin', 'object-grid', 'page', input] as const,
  job: (id: string) => ['admin', 'object-grid', 'job', id] as const,
}

/** GET grid-get-column-config: the columns on offer and the configuration in use (or `configId`). */
export async function getColumnConfig(classId: string, folderId: number, configId: number | null) {
  const params = new URLSearchParams({ classId, folderId: String(folderId) })
  if (configId !== null) params.set('configId', String(configId))
  return ColumnConfigAnswerSchema.parse(
    await getJson(`${helper}/grid-get-column-config?${params.toString()}`),
  )
}

export function useColumnConfig(classId: string, folderId: number, configId: number | null) {
  return useQuery({
    queryKey: gridKeys.config(classId, folderId, configId),
    queryFn: () => getColumnConfig(classId, folderId, configId),
    enabled: classId !== '',
  })
}

/** POST /admin/object/grid-proxy: one page of rows. */
export async function listGridPage(input: GridListInput) {
  return GridPageSchema.parse(await sendJson('POST', '/admin/object/grid-proxy', input))
}

export function useGridPage(input: GridListInput, enabled: boolean) {
  return useQuery({
    queryKey: gridKeys.page(input),
    queryFn: () => listGridPage(input),
    enabled,
    placeholderData: keepPreviousData,
  })
}

export async function updateGridRow(input: GridUpdate) {
  return GridUpdateResultSchema.parse(await sendJson('PUT', '/admin/object/grid-proxy', input))
}

export async function saveColumnConfig(input: SaveColumnConfigInput) {
  return SavedGridConfigSchema.parse(
    await sendJson('POST', `${helper}/grid-save-column-config`, input),
  )
}

export async function deleteColumnConfig(id: number) {
  await sendJson('DELETE', `${helper}/grid-delete-column-config?id=${id}`)
}

export async function markFavouriteColumnConfig(id: number, folderId: number) {
  await sendJson('POST', `${helper}/grid-mark-favourite-column-config`, { id, folderId })
}

export async function applyColumnConfigToAll(id: number) {
  await sendJson('POST', `${helper}/grid-config-apply-to-all`, { id })
}

export async function startExport(input: DoExportInput) {
  return JobIdSchema.parse(await sendJson('POST', `${helper}/do-export`, input)).jobId
}

export async function startBatchUpdate(input: BatchUpdateInput) {
  return JobIdSchema.parse(await sendJson('PUT', `${helper}/batch`, input)).jobId
}

/** POST import-upload (multipart): the CSV and its options; answers the job id. */
export async function startImport(input: {
  file: File
  folderId: number
  classId: string
  keyColumn: string
  language: string
  publish: boolean
}) {
  const form = new FormData()
  form.set('folderId', String(input.folderId))
  form.set('classId', input.classId)
  form.set('keyColumn', input.keyColumn)
  form.set('language', input.language)
  form.set('publish', String(input.publish))
  form.set('file', input.file)
  const response = await fetch(`${helper}/import-upload`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
  const body = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, body)
  return JobIdSchema.parse(body).jobId
}

export async function getJob(id: string): Promise<Job> {
  return JobSchema.parse(await getJson(`${helper}/job?id=${encodeURIComponent(id)}`))
}

function isFinished(job: Job | undefined): boolean {
  return job?.status === 'done' || job?.status === 'failed'
}

/** Polls a job until it is done or failed. */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: gridKeys.job(id ?? ''),
    queryFn: () => getJob(id!),
    enabled: id !== null,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 500),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  })
}

/** Where the finished file of an export job is downloaded. */
export function exportDownloadUrl(jobId: string, format: 'csv' | 'xlsx'): string {
  return `${helper}/download-${format}-file?jobId=${encodeURIComponent(jobId)}`
}
