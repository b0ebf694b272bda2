import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  AdminSearchPageSchema,
  QuickSearchAnswerSchema,
  type AdminSearchSort,
} from '@optika/domain/operations/admin-search'
import type { ElementType } from '@optika/domain/pim/element-api'
import { getJson } from '../../../../lib/api-client.ts'

export const SEARCH_PAGE_SIZE = 25

/** Where an element's editor is in the back office (the router's base is /admin). */
export function editorPathOf(elementType: ElementType, id: number): string {
  switch (elementType) {
    case 'object':
      return `/data-objects/${id}`
    case 'asset':
      return `/assets/${id}`
    case 'document':
      return `/documents/${id}`
  }
}

export function useQuickSearch(text: string) {
  return useQuery({
    queryKey: ['admin', 'search', 'quick', text] as const,
    queryFn: async ({ signal }) =>
      QuickSearchAnswerSchema.parse(
        await getJson(
          `/admin/bundle/search/search/quicksearch?${new URLSearchParams({ query: text }).toString()}`,
          { signal },
        ),
      ),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })
}

export interface SearchFilters {
  readonly q: string
  readonly type: ElementType | ''
  readonly className: string
  readonly path: string
  readonly sort: AdminSearchSort
  readonly page: number
}

export function useSearchResults(filters: SearchFilters) {
  return useQuery({
    queryKey: ['admin', 'search', 'find', filters] as const,
    queryFn: async () => {
      const params = new URLSearchParams({
        sort: filters.sort,
        dir: filters.sort === 'modified' ? 'desc' : 'asc',
        start: String((filters.page - 1) * SEARCH_PAGE_SIZE),
        limit: String(SEARCH_PAGE_SIZE),
      })
      if (filters.q) params.set('query', filters.q)
      if (filters.type) params.set('type', filters.type)
      if (filters.className) params.set('class', filters.className)
      if (filters.path) params.set('path', filters.path)
      return AdminSearchPageSchema.parse(
        await getJson(`/admin/bundle/search/search/find?${params.toString()}`),
      )
    },
    placeholderData: keepPreviousData,
  })
}
