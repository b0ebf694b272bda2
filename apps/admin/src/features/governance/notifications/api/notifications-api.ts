import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  LastUnreadSchema,
  NotificationDoneSchema,
  NotificationPageSchema,
  OneNotificationSchema,
  RecipientsSchema,
  SentNotificationSchema,
  type NotificationReadFilter,
  type NotificationType,
  type SendNotification,
} from '@optika/domain/identity/notifications'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const NOTIFICATIONS_PAGE_SIZE = 20

/**
 * How often the header asks for new notifications while the tab is visible (decision 062):
 * polling, not SSE — one small indexed query per user, no long-lived connection per tab.
 */
export const NOTIFICATION_POLL_MS = 10_000

export interface NotificationFilters {
  readonly q: string
  readonly read: NotificationReadFilter
  readonly type: NotificationType | ''
  readonly page: number
}

export const notificationKeys = {
  all: ['admin', 'notifications'] as const,
  list: (filters: NotificationFilters) => ['admin', 'notifications', 'list', filters] as const,
  lastUnread: ['admin', 'notifications', 'last-unread'] as const,
  recipients: ['admin', 'notifications', 'recipients'] as const,
}

export function useNotifications(filters: NotificationFilters) {
  return useQuery({
    queryKey: notificationKeys.list(filters),
    queryFn: async () =>
      NotificationPageSchema.parse(
        await sendJson('POST', '/admin/notification/find-all', {
          q: filters.q,
          read: filters.read,
          type: filters.type,
          limit: NOTIFICATIONS_PAGE_SIZE,
          start: (filters.page - 1) * NOTIFICATIONS_PAGE_SIZE,
        }),
      ),
    placeholderData: keepPreviousData,
  })
}

/**
 * The header's counter: polled while the tab is visible (TanStack Query pauses the interval in a
 * hidden tab) and at once when the window regains focus.
 */
export function useLastUnread(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.lastUnread,
    queryFn: async () =>
      LastUnreadSchema.parse(await getJson('/admin/notification/find-last-unread')),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  })
}

export function useRecipients(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.recipients,
    queryFn: async () =>
      RecipientsSchema.parse(await getJson('/admin/notification/recipients')).data,
    enabled,
    staleTime: 60_000,
  })
}

/** Refreshes the list and the header's counter after a change. */
export function useRefreshNotifications() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: notificationKeys.all })
}

/** Reads one (the server marks it read, as Pimcore's `find`). */
export async function openNotification(id: number) {
  return OneNotificationSchema.parse(await getJson(`/admin/notification/find?id=${String(id)}`))
    .data
}

export async function markNotificationRead(id: number) {
  return NotificationDoneSchema.parse(
    await sendJson('PUT', `/admin/notification/mark-as-read?id=${String(id)}`),
  )
}

export async function deleteNotification(id: number) {
  return NotificationDoneSchema.parse(
    await sendJson('DELETE', `/admin/notification/delete?id=${String(id)}`),
  )
}

export async function deleteAllNotifications() {
  return NotificationDoneSchema.parse(await sendJson('DELETE', '/admin/notification/delete-all'))
}

export async function sendNotification(input: SendNotification) {
  return SentNotificationSchema.parse(await sendJson('POST', '/admin/notification/send', input))
}
