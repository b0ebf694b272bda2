import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  LastUnreadQuerySchema,
  LastUnreadSchema,
  NotificationDoneSchema,
  NotificationIdQuerySchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  OneNotificationSchema,
  RecipientsSchema,
  SendNotificationSchema,
  SentNotificationSchema,
} from '@optika/domain/identity/notifications'
import { requirePermission } from '../admin-auth/require-admin.ts'
import { adminContextOf } from '../admin-users/admin-context.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import {
  deleteAllNotifications,
  deleteNotification,
  findLastUnread,
  findNotification,
  listNotifications,
  listRecipients,
  markNotificationRead,
  sendAdminNotification,
  type NotificationDeps,
} from './notifications-service.ts'

export interface NotificationRouteDeps extends NotificationDeps {
  readonly translator: Translator
}

/**
 * The back office's notifications (issue 20, Pimcore's `/admin/notification/*`): each user reads,
 * marks and deletes only their own; sending and the recipients list share the same key.
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: NotificationRouteDeps,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin notifications']
  const preValidation = [requirePermission('notifications')]
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const noStore = { 'cache-control': 'no-store' }

  r.get(
    '/admin/notification/recipients',
    { preValidation, schema: { tags, response: { 200: RecipientsSchema } } },
    async (request, reply) => {
      reply.headers(noStore)
      return { success: true as const, data: await listRecipients(ctxOf(request)) }
    },
  )
  r.post(
    '/admin/notification/send',
    {
      preValidation,
      schema: { tags, body: SendNotificationSchema, response: { 200: SentNotificationSchema } },
    },
    async (request) => ({
      success: true as const,
      recipients: await sendAdminNotification(ctxOf(request), deps, request.body),
    }),
  )
  r.get(
    '/admin/notification/find',
    {
      preValidation,
      schema: {
        tags,
        querystring: NotificationIdQuerySchema,
        response: { 200: OneNotificationSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const { id, peek } = request.query
      return {
        success: true as const,
        data: await findNotification(ctxOf(request), deps, id, peek),
      }
    },
  )
  // Pimcore's grid posts its paging and filters; a GET with the same query serves plain links.
  r.post(
    '/admin/notification/find-all',
    {
      preValidation,
      schema: {
        tags,
        body: NotificationListQuerySchema.nullish(),
        response: { 200: NotificationPageSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const query = request.body ?? NotificationListQuerySchema.parse({})
      return listNotifications(ctxOf(request), deps, query)
    },
  )
  r.get(
    '/admin/notification/find-all',
    {
      preValidation,
      schema: {
        tags,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return listNotifications(ctxOf(request), deps, request.query)
    },
  )
  r.get(
    '/admin/notification/find-last-unread',
    {
      preValidation,
      schema: { tags, querystring: LastUnreadQuerySchema, response: { 200: LastUnreadSchema } },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return findLastUnread(ctxOf(request), deps, request.query)
    },
  )
  r.put(
    '/admin/notification/mark-as-read',
    {
      preValidation,
      schema: {
        tags,
        querystring: NotificationIdQuerySchema.pick({ id: true }),
        response: { 200: NotificationDoneSchema },
      },
    },
    async (request) => ({
      success: true as const,
      count: await markNotificationRead(ctxOf(request), request.query.id),
    }),
  )
  r.delete(
    '/admin/notification/delete',
    {
      preValidation,
      schema: {
        tags,
        querystring: NotificationIdQuerySchema.pick({ id: true }),
        response: { 200: NotificationDoneSchema },
      },
    },
    async (request) => ({
      success: true as const,
      count: await deleteNotification(ctxOf(request), request.query.id),
    }),
  )
  r.delete(
    '/admin/notification/delete-all',
    { preValidation, schema: { tags, response: { 200: NotificationDoneSchema } } },
    async (request) => ({
      success: true as const,
      count: await deleteAllNotifications(ctxOf(request)),
    }),
  )
}
