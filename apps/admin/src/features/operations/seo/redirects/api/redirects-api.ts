import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  RedirectImportResultSchema,
  RedirectListSchema,
  RedirectSchema,
  RedirectTestResultSchema,
  type RedirectInput,
} from '@optika/domain/operations/redirects'
import { ApiError, readJsonBody, toApiError } from '../../../../../lib/api-client.ts'

const BASE = '/admin/bundle/seo/redirects'

export const redirectKeys = {
  all: ['admin', 'seo', 'redirects'] as const,
  list: (filters: RedirectFilters) => ['admin', 'seo', 'redirects', 'list', filters] as const,
}

export interface RedirectFilters {
  readonly q: string
  readonly statusCode: string
  readonly state: '' | 'active' | 'inactive' | 'expired'
  readonly page: number
}

export const REDIRECTS_PAGE_SIZE = 50

/** A refusal with the server's per-field or per-line messages (`path` = field name or line). */
export class RedirectApiError extends ApiError {
  readonly details: readonly { path: string; message: string }[]
  constructor(base: ApiError, details: readonly { path: string; message: string }[]) {
    super(base.status, base.code, base.message)
    this.details = details
  }
}

const DetailsSchema = z.object({
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})

async function send(url: string, init: RequestInit): Promise<unknown> {
  const headers = new Headers(init.headers)
  headers.set('accept', 'application/json')
  const response = await fetch(url, { ...init, headers, credentials: 'same-origin' })
  const body = await readJsonBody(response)
  if (!response.ok) {
    const details = DetailsSchema.safeParse(body)
    throw new RedirectApiError(
      toApiError(response, body),
      details.success ? (details.data.errors ?? []) : [],
    )
  }
  return body
}

function postJson(url: string, body: unknown): Promise<unknown> {
  return send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

export function useRedirects(filters: RedirectFilters) {
  return useQuery({
    queryKey: redirectKeys.list(filters),
    queryFn: async () =>
      RedirectListSchema.parse(
        await postJson(`${BASE}/list`, {
          xaction: 'read',
          q: filters.q || undefined,
          statusCode: filters.statusCode ? Number(filters.statusCode) : undefined,
          state: filters.state || undefined,
          start: (filters.page - 1) * REDIRECTS_PAGE_SIZE,
          limit: REDIRECTS_PAGE_SIZE,
        }),
      ),
    placeholderData: keepPreviousData,
  })
}

export async function saveRedirect(id: number | null, data: RedirectInput) {
  const body = await postJson(`${BASE}/list`, {
    xaction: id === null ? 'create' : 'update',
    data: id === null ? data : { ...data, id },
  })
  return z.object({ data: RedirectSchema }).parse(body).data
}

export async function deleteRedirect(id: number) {
  await postJson(`${BASE}/list`, { xaction: 'destroy', data: { id } })
}

export async function cleanupRedirects() {
  return z
    .object({ deleted: z.number() })
    .parse(await send(`${BASE}/cleanup`, { method: 'DELETE' })).deleted
}

export async function testRedirectUrl(url: string) {
  return RedirectTestResultSchema.parse(await postJson(`${BASE}/test-url`, { url }))
}

export async function importRedirects(file: File) {
  const form = new FormData()
  form.append('file', file)
  return RedirectImportResultSchema.parse(
    await send(`${BASE}/csv-import`, { method: 'POST', body: form }),
  )
}

export const REDIRECTS_EXPORT_URL = `${BASE}/csv-export`
