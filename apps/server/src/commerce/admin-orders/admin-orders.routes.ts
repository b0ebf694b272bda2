import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AdminOrderDetailSchema,
  AdminOrderFiltersSchema,
  AdminOrderListQuerySchema,
  AdminOrderListSchema,
  ORDER_ATTACHMENT_MAX_BYTES,
  OrderAttachmentParamsSchema,
  OrderIdParamsSchema,
  OrderNoteInputSchema,
  OrderStatusInputSchema,
  ShipmentInputSchema,
} from '@optika/domain/commerce/admin-orders-api'
import { AppError } from '../../platform/http/app-error.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { AccountRouteDeps } from '../../accounts/customer-profile/account-route-deps.ts'
import { EXPORT_CONTENT_TYPES, exportOrders } from './export-orders.ts'
import {
  addOrderAttachment,
  attachmentType,
  deleteOrderAttachment,
  openOrderAttachment,
} from './order-attachments.ts'
import {
  auditOrderChange,
  changeOrderStatus,
  recordShipment,
  saveOrderNote,
  type StatusMailContext,
} from './order-changes.ts'
import { getOrderDetail, listAllOrders, listOrders } from './read-orders.ts'

/** Session and permission checks run before the input is validated, so nobody probes without rights. */
const guard = { preValidation: [requirePermission('orders')] }

/** The one uploaded file (multipart field `file`); too large → 413, none → 400. */
async function readUpload(request: FastifyRequest): Promise<{ name: string; content: Buffer }> {
  if (!request.isMultipart()) throw attachmentType()
  let file: { name: string; content: Buffer } | null = null
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer()
        file ??= { name: part.filename, content }
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', 'admin.orders.error.attachmentTooLarge', {
        value: `${ORDER_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB`,
      })
    }
    throw new AppError(400, 'UPLOAD_INVALID', 'admin.orders.error.uploadInvalid')
  }
  if (!file || file.content.length === 0) {
    throw new AppError(400, 'NO_FILE', 'admin.orders.error.noFile')
  }
  return file
}

/** `attachment` with the name in ASCII and, for accents, in RFC 5987 form. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Back office: the shop's orders (`packages/domain/src/commerce/admin-orders-api.ts`) — list
 * with filters and export, detail, status moves through the state machine, partial shipments,
 * the internal note and attachments. Every route needs the `orders` key; every change is audited.
 */
export async function registerAdminOrderRoutes(
  app: FastifyInstance,
  deps: AccountRouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const mailOf = (request: FastifyRequest): StatusMailContext => ({
    mail: {
      db: request.ctx.db,
      env: deps.env,
      translator: deps.translator,
      mailer: deps.mailer,
      log: request.log,
    },
    log: request.log,
  })
  const tags = ['admin orders']

  r.get(
    '/admin/orders',
    {
      ...guard,
      schema: {
        tags,
        querystring: AdminOrderListQuerySchema,
        response: { 200: AdminOrderListSchema },
      },
    },
    async (request) => listOrders(request.ctx.db, request.query),
  )
  for (const format of ['csv', 'xlsx'] as const) {
    r.get(
      `/admin/orders/export.${format}`,
      { ...guard, schema: { tags, querystring: AdminOrderFiltersSchema } },
      async (request, reply) => {
        const ctx = ctxOf(request)
        const rows = await listAllOrders(ctx.db, request.query)
        const file = await exportOrders(rows, format, (key) => ctx.t(key))
        // Buyers' personal data left the system: who took which list is on record.
        await auditOrderChange(ctx, ctx.db, {
          action: 'order.export',
          orderId: null,
          before: null,
          after: { format, filters: request.query, count: rows.length },
        })
        return reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="orders.${format}"`)
          .header('cache-control', 'no-store')
          .send(file)
      },
    )
  }
  r.get(
    '/admin/orders/:id',
    {
      ...guard,
      schema: { tags, params: OrderIdParamsSchema, response: { 200: AdminOrderDetailSchema } },
    },
    async (request) => getOrderDetail(request.ctx.db, request.params.id),
  )
  r.post(
    '/admin/orders/:id/status',
    {
      ...guard,
      schema: {
        tags,
        params: OrderIdParamsSchema,
        body: OrderStatusInputSchema,
        response: { 200: AdminOrderDetailSchema },
      },
    },
    async (request) =>
      changeOrderStatus(ctxOf(request), mailOf(request), request.params.id, request.body),
  )
  r.post(
    '/admin/orders/:id/shipments',
    {
      ...guard,
      schema: {
        tags,
        params: OrderIdParamsSchema,
        body: ShipmentInputSchema,
        response: { 200: AdminOrderDetailSchema },
      },
    },
    async (request) =>
      recordShipment(ctxOf(request), mailOf(request), request.params.id, request.body),
  )
  r.put(
    '/admin/orders/:id/note',
    {
      ...guard,
      schema: {
        tags,
        params: OrderIdParamsSchema,
        body: OrderNoteInputSchema,
        response: { 200: AdminOrderDetailSchema },
      },
    },
    async (request) => saveOrderNote(ctxOf(request), request.params.id, request.body.note),
  )
  r.get(
    '/admin/orders/:id/attachments/:attachmentId',
    { ...guard, schema: { tags, params: OrderAttachmentParamsSchema } },
    async (request, reply) => {
      const file = await openOrderAttachment(
        request.ctx.db,
        deps.assetStore,
        request.params.id,
        request.params.attachmentId,
      )
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream)
    },
  )
  r.delete(
    '/admin/orders/:id/attachments/:attachmentId',
    {
      ...guard,
      schema: {
        tags,
        params: OrderAttachmentParamsSchema,
        response: { 200: AdminOrderDetailSchema },
      },
    },
    async (request) =>
      deleteOrderAttachment(
        ctxOf(request),
        deps.assetStore,
        request.params.id,
        request.params.attachmentId,
      ),
  )

  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: ORDER_ATTACHMENT_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    })
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/orders/:id/attachments',
      {
        ...guard,
        schema: {
          tags,
          description: 'Attaches a file (multipart field `file`: PDF, JPEG, PNG or WebP, ≤ 10 MB).',
          params: OrderIdParamsSchema,
          response: { 201: AdminOrderDetailSchema },
        },
      },
      async (request, reply) => {
        const file = await readUpload(request)
        const detail = await addOrderAttachment(
          ctxOf(request),
          deps.assetStore,
          request.params.id,
          file,
        )
        return reply.status(201).send(detail)
      },
    )
  })
}
