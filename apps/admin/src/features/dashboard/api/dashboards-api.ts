import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  AddedWidgetSchema,
  DashboardListSchema,
  DashboardSchema,
  type Dashboard,
  type WidgetConfig,
  type WidgetType,
} from '@optika/domain/operations/dashboards'
import { getJson, sendJson } from '../../../lib/api-client.ts'

const PORTAL = '/admin/portal'
export const DASHBOARDS_QUERY_KEY = ['admin', 'dashboards'] as const

function configurationKey(key: string) {
  return [...DASHBOARDS_QUERY_KEY, 'configuration', key] as const
}

/** The signed-in user's dashboards, in tab order (the server makes the default one first). */
export function useDashboardList(enabled = true) {
  return useQuery({
    queryKey: [...DASHBOARDS_QUERY_KEY, 'list'] as const,
    queryFn: async () => DashboardListSchema.parse(await getJson(`${PORTAL}/dashboard-list`)),
    enabled,
  })
}

export function useDashboardConfiguration(key: string | null) {
  return useQuery({
    queryKey: configurationKey(key ?? ''),
    queryFn: async () =>
      DashboardSchema.parse(
        await getJson(`${PORTAL}/get-configuration?${new URLSearchParams({ key: key ?? '' })}`),
      ),
    enabled: key !== null,
  })
}

/** Create, rename and delete dashboards; each refreshes the list. */
export function useDashboardMutations() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: DASHBOARDS_QUERY_KEY })
  return {
    create: useMutation({
      mutationFn: async (key: string) =>
        DashboardSchema.parse(await sendJson('POST', `${PORTAL}/create-dashboard`, { key })),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: async (input: { key: string; newKey: string }) =>
        DashboardSchema.parse(await sendJson('PUT', `${PORTAL}/rename-dashboard`, input)),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (key: string) =>
        sendJson('DELETE', `${PORTAL}/delete-dashboard?${new URLSearchParams({ key })}`),
      onSuccess: refresh,
    }),
  }
}

/** Moves a widget within a dashboard's columns (the same rule as the server's reorder-widget). */
export function moveWidget(
  positions: Dashboard['positions'],
  id: number,
  column: number,
  row: number,
): Dashboard['positions'] {
  const moved = positions.flat().find((widget) => widget.id === id)
  if (!moved) return positions
  const next = positions.map((col) => col.filter((widget) => widget.id !== id))
  next[column]?.splice(row, 0, moved)
  return next
}

/**
 * A dashboard's widget changes. Moves show at once (the cached configuration is changed first)
 * and roll back when the server refuses; the others refresh from the server's answer.
 */
export function useWidgetMutations(key: string) {
  const queryClient = useQueryClient()
  const queryKey = configurationKey(key)
  const refresh = () => queryClient.invalidateQueries({ queryKey: DASHBOARDS_QUERY_KEY })
  return {
    add: useMutation({
      mutationFn: async (type: WidgetType) =>
        AddedWidgetSchema.parse(await sendJson('POST', `${PORTAL}/add-widget`, { key, type })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) =>
        sendJson(
          'DELETE',
          `${PORTAL}/remove-widget?${new URLSearchParams({ key, id: String(id) })}`,
        ),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: async (input: { id: number; column: number; row: number }) =>
        sendJson('PUT', `${PORTAL}/reorder-widget`, { key, ...input }),
      onMutate: async (input) => {
        await queryClient.cancelQueries({ queryKey })
        const before = queryClient.getQueryData<Dashboard>(queryKey)
        if (before) {
          queryClient.setQueryData<Dashboard>(queryKey, {
            ...before,
            positions: moveWidget(before.positions, input.id, input.column, input.row),
          })
        }
        return { before }
      },
      onError: (_error, _input, context) => {
        if (context?.before) queryClient.setQueryData(queryKey, context.before)
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey }),
    }),
    configure: useMutation({
      mutationFn: async (input: { id: number; config: WidgetConfig }) =>
        sendJson('PUT', `${PORTAL}/update-portlet-config`, { key, ...input }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey }),
    }),
  }
}
