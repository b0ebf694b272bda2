import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  RecycleBinFlushResultSchema,
  RecycleBinPageSchema,
  RecycleBinRestoreResultSchema,
  type ElementType,
} from '@optika/domain/pim/element-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const RECYCLE_BIN_PAGE_SIZE = 25

export const recycleBinKeys = {
  all: ['admin', 'recycle-bin'] as const,
  list: (page: number, text: string, type: ElementType | null) =>
    ['admin', 'recycle-bin', page, text, type] as const,
}

/** GET /admin/recyclebin/list: deleted elements, newest first, filtered by path and type. */
export function useRecycleBin(page: number, text: string, type: ElementType | null) {
  return useQuery({
    queryKey: recycleBinKeys.list(page, text, type),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const query = new URLSearchParams({
        page: String(page),
        pageSize: String(RECYCLE_BIN_PAGE_SIZE),
      })
      if (text.trim() !== '') query.set('text', text.trim())
      if (type !== null) query.set('elementType', type)
      return RecycleBinPageSchema.parse(await getJson(`/admin/recyclebin/list?${query.toString()}`))
    },
  })
}

/** POST /admin/recyclebin/restore: the element and its subtree come back with the same ids. */
export async function restoreFromBin(id: number) {
  return RecycleBinRestoreResultSchema.parse(
    await sendJson('POST', '/admin/recyclebin/restore', { id }),
  )
}

/** DELETE /admin/recyclebin/flush?id=: the entry is gone for good. */
export async function flushFromBin(id: number) {
  return RecycleBinFlushResultSchema.parse(
    await sendJson('DELETE', `/admin/recyclebin/flush?id=${id}`),
  )
}
