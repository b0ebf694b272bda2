import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  CleanupResultSchema,
  ImportPreviewSchema,
  ImportResultSchema,
  TranslationListSchema,
  type TranslationDomain,
  type TranslationListQuery,
  type TranslationTexts,
} from '@optika/domain/operations/translations'
import { readJsonBody, sendJson, toApiError } from '../../../../lib/api-client.ts'

const base = '/admin/translation'

export const translationKeys = {
  all: ['admin', 'translations'] as const,
  list: (query: Partial<TranslationListQuery>) => ['admin', 'translations', 'list', query] as const,
}

/** One page of the grid (server-side search, filters and paging). */
export function useTranslationList(query: Partial<TranslationListQuery>) {
  return useQuery({
    queryKey: translationKeys.list(query),
    queryFn: async () =>
      TranslationListSchema.parse(
        await sendJson('POST', `${base}/translations`, { xaction: 'read', ...query }),
      ),
    placeholderData: keepPreviousData,
  })
}

export async function createTranslationKey(
  domain: TranslationDomain,
  key: string,
  texts: TranslationTexts,
) {
  await sendJson('POST', `${base}/translations`, {
    xaction: 'create',
    domain,
    data: { key, texts },
  })
}

export async function saveTranslationText(key: string, texts: TranslationTexts) {
  await sendJson('POST', `${base}/translations`, { xaction: 'update', data: { key, texts } })
}

export async function deleteTranslationKey(key: string) {
  await sendJson('POST', `${base}/translations`, { xaction: 'destroy', data: { key } })
}

export function exportUrl(domain: TranslationDomain, format: 'csv' | 'xlsx'): string {
  return `${base}/export?${new URLSearchParams({ domain, format }).toString()}`
}

/** Uploads an import file; the answer is the preview with its diff (nothing written yet). */
export async function uploadImport(file: File) {
  const form = new FormData()
  form.set('file', file)
  const response = await fetch(`${base}/upload-import`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
  const body = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, body)
  return ImportPreviewSchema.parse(body)
}

export async function applyImport(importId: string, merge: boolean) {
  return ImportResultSchema.parse(await sendJson('POST', `${base}/import`, { importId, merge }))
}

export async function previewCleanup(domain: TranslationDomain) {
  return CleanupResultSchema.parse(
    await sendJson(
      'DELETE',
      `${base}/cleanup?${new URLSearchParams({ domain, preview: '1' }).toString()}`,
    ),
  )
}

export async function runCleanup(domain: TranslationDomain, keys: readonly string[]) {
  return CleanupResultSchema.parse(
    await sendJson('DELETE', `${base}/cleanup?${new URLSearchParams({ domain }).toString()}`, {
      keys,
    }),
  )
}
