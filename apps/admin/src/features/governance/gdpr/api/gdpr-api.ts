import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  GDPR_PROVIDERS,
  GdprAnonymizedSchema,
  GdprPersonSummarySchema,
  GdprSearchPageSchema,
  type GdprAnonymize,
  type GdprProvider,
} from '@optika/domain/operations/gdpr'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const GDPR_PAGE_SIZE = 25

/** Where each provider searches and exports (as `get-data-providers` answers). */
export const GDPR_URLS: Record<GdprProvider, { search: string; export: string }> = {
  customers: { search: '/admin/gdpr/customer/search', export: '/admin/gdpr/customer/export' },
  dataObjects: {
    search: '/admin/gdpr/data-object/search-data-objects',
    export: '/admin/gdpr/data-object/export',
  },
  assets: { search: '/admin/gdpr/asset/search-assets', export: '/admin/gdpr/asset/export' },
  adminUsers: {
    search: '/admin/gdpr/pimcore-users/search-users',
    export: '/admin/gdpr/pimcore-users/export-user-data',
  },
  sentMails: {
    search: '/admin/gdpr/sent-mail/search-sent-mails',
    export: '/admin/gdpr/sent-mail/export',
  },
}

export function isGdprProvider(value: string): value is GdprProvider {
  return (GDPR_PROVIDERS as readonly string[]).includes(value)
}

export interface GdprSearchFilters {
  readonly provider: GdprProvider
  readonly q: string
  readonly page: number
}

export const gdprKeys = {
  all: ['admin', 'gdpr'] as const,
  search: (filters: GdprSearchFilters) => ['admin', 'gdpr', 'search', filters] as const,
  summary: (id: number) => ['admin', 'gdpr', 'summary', id] as const,
}

export function useGdprSearch(filters: GdprSearchFilters) {
  return useQuery({
    queryKey: gdprKeys.search(filters),
    queryFn: async () => {
      const params = new URLSearchParams({
        query: filters.q,
        limit: String(GDPR_PAGE_SIZE),
        start: String((filters.page - 1) * GDPR_PAGE_SIZE),
      })
      return GdprSearchPageSchema.parse(
        await getJson(`${GDPR_URLS[filters.provider].search}?${params.toString()}`),
      )
    },
    enabled: filters.q !== '',
    placeholderData: keepPreviousData,
  })
}

export function useGdprSummary(id: number | null) {
  return useQuery({
    queryKey: gdprKeys.summary(id ?? 0),
    queryFn: async () =>
      GdprPersonSummarySchema.parse(await getJson(`/admin/gdpr/customer/summary?id=${String(id)}`)),
    enabled: id !== null,
  })
}

export function customerExportUrl(id: number, format: 'json' | 'pdf'): string {
  return `/admin/gdpr/customer/export?id=${String(id)}&format=${format}`
}

export async function anonymizeCustomer(input: GdprAnonymize) {
  return GdprAnonymizedSchema.parse(await sendJson('POST', '/admin/gdpr/customer/anonymize', input))
}
