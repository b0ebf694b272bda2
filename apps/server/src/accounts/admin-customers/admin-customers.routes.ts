import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApprovePartnerSchema,
  ComplaintDetailSchema,
  ComplaintListQuerySchema,
  ComplaintListSchema,
  ComplaintPhotoParamsSchema,
  ComplaintReplySchema,
  ComplaintStateInputSchema,
  CustomerDetailSchema,
  CustomerExportQuerySchema,
  CustomerIdParamsSchema,
  CustomerListItemSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  ImpersonationSchema,
  ModeratorInputSchema,
  PriceListOptionSchema,
  RejectPartnerSchema,
} from '@optika/domain/accounts/admin-customers-api'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { AppError } from '../../platform/http/app-error.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'
import { setCustomerSessionCookie } from '../customer-auth/customer-sessions.ts'
import {
  changeComplaintState,
  findComplaintPhoto,
  getComplaintDetail,
  listComplaints,
  replyToComplaint,
} from './admin-complaints.ts'
import { auditCustomerChange } from './audit-customer-change.ts'
import { impersonateCustomer, sendCustomerResetLink, setModerator } from './customer-support.ts'
import { EXPORT_CONTENT_TYPES, exportCustomers } from './export-customers.ts'
import { approvePartner, listPriceListOptions, rejectPartner } from './partner-approval.ts'
import {
  getCustomerDetail,
  listAllCustomers,
  listCustomers,
  listPendingPartners,
} from './read-customers.ts'

/** Session and permission checks run before the input is validated, so nobody probes without rights. */
function guard(key: PermissionKey) {
  return { preValidation: [requirePermission(key)] }
}

/**
 * Back office: customers and partners lists and detail, partner approval queue, complaints
 * queue, password-reset links, impersonation (`packages/domain/src/accounts/admin-customers-api.ts`).
 * Customers and complaints need the `customers` key, partner lists and decisions `partners`.
 */
export async function registerAdminCustomerRoutes(
  app: FastifyInstance,
  deps: AccountRouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const mailOf = (request: FastifyRequest) => ({ requestId: request.id, log: request.log })
  const tags = ['admin customers']

  r.get(
    '/admin/customers/list',
    {
      ...guard('customers'),
      schema: { tags, querystring: CustomerListQuerySchema, response: { 200: CustomerListSchema } },
    },
    async (request) => listCustomers(request.ctx.db, request.query),
  )
  r.get(
    '/admin/customers/export',
    { ...guard('customers'), schema: { tags, querystring: CustomerExportQuerySchema } },
    async (request, reply) => {
      const { format, ...filters } = request.query
      const ctx = ctxOf(request)
      const rows = await listAllCustomers(ctx.db, filters)
      const file = await exportCustomers(rows, format, (key) => ctx.t(key))
      // Personal data left the system: who took which list is on record.
      await auditCustomerChange(ctx, ctx.db, {
        action: 'customer.export',
        entityType: 'customer',
        entityId: null,
        before: null,
        after: { format, filters, count: rows.length },
      })
      return reply
        .type(EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="customers.${format}"`)
        .header('cache-control', 'no-store')
        .send(file)
    },
  )
  r.get(
    '/admin/customers/:id',
    {
      ...guard('customers'),
      schema: { tags, params: CustomerIdParamsSchema, response: { 200: CustomerDetailSchema } },
    },
    async (request) => getCustomerDetail(request.ctx.db, request.params.id),
  )
  r.post(
    '/admin/customers/:id/send-password-reset',
    {
      ...guard('customers'),
      schema: {
        tags,
        params: CustomerIdParamsSchema,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => sendCustomerResetLink(ctxOf(request), deps, request.params.id, request.log),
  )
  r.put(
    '/admin/customers/:id/moderator',
    {
      ...guard('customers'),
      schema: {
        tags,
        params: CustomerIdParamsSchema,
        body: ModeratorInputSchema,
        response: { 200: ModeratorInputSchema },
      },
    },
    async (request) => setModerator(ctxOf(request), request.params.id, request.body.isModerator),
  )
  r.post(
    '/admin/customers/:id/impersonate',
    {
      ...guard('customers'),
      schema: { tags, params: CustomerIdParamsSchema, response: { 200: ImpersonationSchema } },
    },
    async (request, reply) => {
      const { token, url } = await impersonateCustomer(
        ctxOf(request),
        request.params.id,
        request.headers['user-agent'],
      )
      setCustomerSessionCookie(reply, token)
      reply.header('cache-control', 'no-store')
      return { url }
    },
  )

  r.get(
    '/admin/partners/list',
    {
      ...guard('partners'),
      schema: { tags, querystring: CustomerListQuerySchema, response: { 200: CustomerListSchema } },
    },
    async (request) => listCustomers(request.ctx.db, { ...request.query, kind: 'partner' }),
  )
  r.get(
    '/admin/partners/queue',
    { ...guard('partners'), schema: { tags, response: { 200: CustomerListSchema } } },
    async (request) => listPendingPartners(request.ctx.db),
  )
  r.get(
    '/admin/partners/price-lists',
    {
      ...guard('partners'),
      schema: { tags, response: { 200: z.array(PriceListOptionSchema) } },
    },
    async (request) => listPriceListOptions(request.ctx.db),
  )
  r.post(
    '/admin/partners/:id/approve',
    {
      ...guard('partners'),
      schema: {
        tags,
        params: CustomerIdParamsSchema,
        body: ApprovePartnerSchema,
        response: { 200: CustomerListItemSchema },
      },
    },
    async (request) =>
      approvePartner(ctxOf(request), deps, mailOf(request), request.params.id, request.body),
  )
  r.post(
    '/admin/partners/:id/reject',
    {
      ...guard('partners'),
      schema: {
        tags,
        params: CustomerIdParamsSchema,
        body: RejectPartnerSchema,
        response: { 200: CustomerListItemSchema },
      },
    },
    async (request) =>
      rejectPartner(ctxOf(request), deps, mailOf(request), request.params.id, request.body.reason),
  )

  r.get(
    '/admin/complaints/list',
    {
      ...guard('customers'),
      schema: {
        tags,
        querystring: ComplaintListQuerySchema,
        response: { 200: ComplaintListSchema },
      },
    },
    async (request) => listComplaints(request.ctx.db, request.query),
  )
  r.get(
    '/admin/complaints/:id',
    {
      ...guard('customers'),
      schema: { tags, params: CustomerIdParamsSchema, response: { 200: ComplaintDetailSchema } },
    },
    async (request) => getComplaintDetail(request.ctx.db, request.params.id),
  )
  r.get(
    '/admin/complaints/:id/photos/:photoId',
    { ...guard('customers'), schema: { tags, params: ComplaintPhotoParamsSchema } },
    async (request, reply) => {
      const photo = await findComplaintPhoto(
        request.ctx.db,
        request.params.id,
        request.params.photoId,
      )
      const stream = await deps.assetStore.get(photo.storageKey)
      if (!stream) throw new AppError(404, 'NOT_FOUND', 'adminCustomers.error.complaintNotFound')
      return reply
        .type(photo.mimeType)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(stream)
    },
  )
  r.post(
    '/admin/complaints/:id/state',
    {
      ...guard('customers'),
      schema: {
        tags,
        params: CustomerIdParamsSchema,
        body: ComplaintStateInputSchema,
        response: { 200: ComplaintDetailSchema },
      },
    },
    async (request) => changeComplaintState(ctxOf(request), request.params.id, request.body.state),
  )
  r.post(
    '/admin/complaints/:id/messages',
    {
      ...guard('customers'),
      schema: {
        tags,
        params: CustomerIdParamsSchema,
        body: ComplaintReplySchema,
        response: { 200: ComplaintDetailSchema },
      },
    },
    async (request) =>
      replyToComplaint(ctxOf(request), request.params.id, request.body.text, {
        deps,
        mail: mailOf(request),
      }),
  )
}
