import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  AdminForumBoardSchema,
  AdminForumModeratorSchema,
  AdminModerationLogPageSchema,
  type AdminForumBoardInput,
  type ForumModerationAction,
} from '@optika/domain/community/forum-moderation-admin-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

const BASE = '/admin/forum-moderation'
export const MODERATION_LOG_PAGE_SIZE = 50

export function useForumBoards() {
  return useQuery({
    queryKey: ['admin', 'forum', 'boards'],
    queryFn: async () => z.array(AdminForumBoardSchema).parse(await getJson(`${BASE}/boards`)),
  })
}

/** Adds a board (no id) or saves one; the list is read again afterwards. */
export function useSaveForumBoard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: AdminForumBoardInput }) =>
      AdminForumBoardSchema.parse(
        id === null
          ? await sendJson('POST', `${BASE}/boards`, input)
          : await sendJson('PUT', `${BASE}/boards/${id}`, input),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'forum', 'boards'] }),
  })
}

export function useModerationLog(page: number, action: ForumModerationAction | null) {
  const query = new URLSearchParams({ page: String(page), limit: String(MODERATION_LOG_PAGE_SIZE) })
  if (action) query.set('action', action)
  return useQuery({
    queryKey: ['admin', 'forum', 'log', page, action],
    queryFn: async () =>
      AdminModerationLogPageSchema.parse(await getJson(`${BASE}/log?${query.toString()}`)),
    placeholderData: keepPreviousData,
  })
}

export function useForumModerators() {
  return useQuery({
    queryKey: ['admin', 'forum', 'moderators'],
    queryFn: async () =>
      z.array(AdminForumModeratorSchema).parse(await getJson(`${BASE}/moderators`)),
  })
}
