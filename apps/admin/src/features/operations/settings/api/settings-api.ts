import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  CacheListSchema,
  ClearCacheAnswerSchema,
  CustomLogoSchema,
  SystemSettingsAnswerSchema,
  WebsiteSettingAnswerSchema,
  WebsiteSettingListSchema,
  type CacheId,
  type SystemSettings,
  type WebsiteSettingInput,
  type WebsiteSettingType,
} from '@optika/domain/operations/system-settings'
import type { Locale } from '@optika/i18n/locales'
import { getJson, readJsonBody, sendJson, toApiError } from '../../../../lib/api-client.ts'

export const settingsKeys = {
  system: ['admin', 'settings', 'system'] as const,
  website: ['admin', 'settings', 'website'] as const,
  websiteList: (query: WebsiteListQuery) => ['admin', 'settings', 'website', query] as const,
  caches: ['admin', 'settings', 'caches'] as const,
  logo: ['admin', 'settings', 'logo'] as const,
}

export function useSystemSettings() {
  return useQuery({
    queryKey: settingsKeys.system,
    queryFn: async () => SystemSettingsAnswerSchema.parse(await getJson('/admin/settings/system')),
  })
}

export async function saveSystemSettings(settings: SystemSettings) {
  return SystemSettingsAnswerSchema.parse(await sendJson('PUT', '/admin/settings/system', settings))
}

/** Sends the logo as Pimcore's upload does: multipart, one file. */
export async function uploadLogo(file: File) {
  const body = new FormData()
  body.append('Filedata', file)
  const response = await fetch('/admin/settings/upload-custom-logo', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
  const parsed = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, parsed)
  return CustomLogoSchema.parse(parsed)
}

export async function deleteLogo() {
  return CustomLogoSchema.parse(await sendJson('DELETE', '/admin/settings/delete-custom-logo'))
}

export interface WebsiteListQuery {
  readonly filter: string
  readonly type: WebsiteSettingType | null
  readonly language: Locale | null
  readonly start: number
  readonly limit: number
}

export function useWebsiteSettings(query: WebsiteListQuery) {
  return useQuery({
    queryKey: settingsKeys.websiteList(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      WebsiteSettingListSchema.parse(
        await sendJson('POST', '/admin/settings/website-settings', {
          xaction: 'read',
          filter: query.filter,
          ...(query.type ? { type: query.type } : {}),
          ...(query.language ? { language: query.language } : {}),
          start: query.start,
          limit: query.limit,
        }),
      ),
  })
}

export async function saveWebsiteSetting(id: number | null, input: WebsiteSettingInput) {
  return WebsiteSettingAnswerSchema.parse(
    await sendJson(
      'POST',
      '/admin/settings/website-settings',
      id === null
        ? { xaction: 'create', data: input }
        : { xaction: 'update', data: { ...input, id } },
    ),
  ).data
}

export async function deleteWebsiteSetting(id: number) {
  await sendJson('POST', '/admin/settings/website-settings', { xaction: 'destroy', data: { id } })
}

export function useCaches() {
  return useQuery({
    queryKey: settingsKeys.caches,
    queryFn: async () => CacheListSchema.parse(await getJson('/admin/settings/caches')).caches,
  })
}

/** Clears caches: one by id, or every data cache (Pimcore's clear-cache) when none is named. */
export async function clearCaches(ids: readonly CacheId[] | 'all') {
  const url =
    ids === 'all'
      ? '/admin/settings/clear-cache'
      : ids.length === 1 && ids[0] === 'pages'
        ? '/admin/settings/clear-output-cache'
        : ids.length === 1 && ids[0] === 'temporaryFiles'
          ? '/admin/settings/clear-temporary-files'
          : `/admin/settings/clear-cache?${ids.map((id) => `only=${id}`).join('&')}`
  return ClearCacheAnswerSchema.parse(await sendJson('DELETE', url))
}
