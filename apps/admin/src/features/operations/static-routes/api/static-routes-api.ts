import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  StaticRouteListSchema,
  StaticRouteTestResultSchema,
  type StaticRouteInput,
  type StaticRouteMethod,
} from '@optika/domain/operations/static-routes'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

const GRID_URL = '/admin/bundle/staticroutes/staticroutes'

export const staticRouteKeys = {
  all: ['admin', 'static-routes'] as const,
  list: (filter: string) => ['admin', 'static-routes', 'list', filter] as const,
}

/** The routes matching `filter` (name, pattern, reverse, target), in priority order. */
export function useStaticRoutes(filter: string) {
  return useQuery({
    queryKey: staticRouteKeys.list(filter),
    queryFn: async () =>
      StaticRouteListSchema.parse(
        await sendJson('POST', GRID_URL, {
          xaction: 'read',
          filter,
          sort: 'priority',
          dir: 'DESC',
          limit: 500,
        }),
      ),
    placeholderData: keepPreviousData,
  })
}

/** Create, update and destroy through Pimcore's one grid call; the list is read again after each. */
export function useStaticRouteActions() {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: staticRouteKeys.all })
  return {
    save: useMutation({
      mutationFn: async ({ id, input }: { id: number | null; input: StaticRouteInput }) =>
        StaticRouteListSchema.parse(
          await sendJson('POST', GRID_URL, {
            xaction: id === null ? 'create' : 'update',
            data: id === null ? input : { ...input, id },
          }),
        ).data[0]!,
      onSuccess: refresh,
    }),
    destroy: useMutation({
      mutationFn: async (id: number) =>
        StaticRouteListSchema.parse(
          await sendJson('POST', GRID_URL, { xaction: 'destroy', data: { id } }),
        ),
      onSuccess: refresh,
    }),
  }
}

/** Which route answers a storefront address (and what it draws). */
export async function testStaticRoute(path: string, method: StaticRouteMethod) {
  const params = new URLSearchParams({ path, method })
  return StaticRouteTestResultSchema.parse(
    await getJson(`/admin/bundle/staticroutes/test?${params.toString()}`),
  )
}
