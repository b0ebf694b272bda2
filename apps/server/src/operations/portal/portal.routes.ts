import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import {
  AddWidgetSchema,
  AddedWidgetSchema,
  CreateDashboardSchema,
  DashboardKeyQuerySchema,
  DashboardListSchema,
  DashboardSchema,
  DaysQuerySchema,
  HttpErrorTopSchema,
  LatestOrdersSchema,
  LimitQuerySchema,
  LowStockQuerySchema,
  LowStockSchema,
  ModificationStatisticsSchema,
  ModifiedAssetsSchema,
  ModifiedDocumentsSchema,
  ModifiedObjectsSchema,
  ModifiedQuerySchema,
  OrdersPerDayQuerySchema,
  OrdersPerDaySchema,
  PendingPartnersSchema,
  RemoveWidgetSchema,
  RenameDashboardSchema,
  ReorderWidgetSchema,
  SuccessSchema,
  UpdatePortletConfigSchema,
} from '@optika/domain/operations/dashboards'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import {
  addWidget,
  createDashboard,
  deleteDashboard,
  getDashboardConfiguration,
  listDashboards,
  removeWidget,
  renameDashboard,
  reorderWidget,
  updatePortletConfig,
} from './dashboards-service.ts'
import {
  latestOrders,
  listModifiedElements,
  lowStockVariants,
  modificationStatistics,
  ordersPerDay,
  pendingPartners,
  topHttpErrors,
} from './portlet-data.ts'

export interface PortalRouteDeps {
  readonly translator: Translator
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store')
}

/**
 * The back office's dashboards (seed: "portal (12)", Pimcore's `/admin/portal/*`): a user's own
 * dashboards and their widgets (key `dashboards`), and the widgets' data, each behind the key of
 * what it shows as well (`/admin/portal/portlet-*`).
 */
export function registerPortalRoutes(app: FastifyInstance, deps: PortalRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin portal']
  const dashboards = requirePermission('dashboards')
  const preValidation = [dashboards]
  /** A widget's data: the dashboards key and the key of what the widget shows. */
  const shows = (key: PermissionKey) => [dashboards, requirePermission(key)]
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)

  r.get(
    '/admin/portal/dashboard-list',
    { preValidation, schema: { tags, response: { 200: DashboardListSchema } } },
    async (request, reply) => {
      noStore(reply)
      return listDashboards(ctxOf(request))
    },
  )
  r.get(
    '/admin/portal/get-configuration',
    {
      preValidation,
      schema: { tags, querystring: DashboardKeyQuerySchema, response: { 200: DashboardSchema } },
    },
    async (request, reply) => {
      noStore(reply)
      return getDashboardConfiguration(ctxOf(request), request.query.key)
    },
  )
  r.post(
    '/admin/portal/create-dashboard',
    {
      preValidation,
      schema: { tags, body: CreateDashboardSchema, response: { 200: DashboardSchema } },
    },
    async (request) => createDashboard(ctxOf(request), request.body.key),
  )
  // Not in Pimcore (its dashboards cannot be renamed); our tabs can.
  r.put(
    '/admin/portal/rename-dashboard',
    {
      preValidation,
      schema: { tags, body: RenameDashboardSchema, response: { 200: DashboardSchema } },
    },
    async (request) => renameDashboard(ctxOf(request), request.body.key, request.body.newKey),
  )
  r.delete(
    '/admin/portal/delete-dashboard',
    {
      preValidation,
      schema: { tags, querystring: DashboardKeyQuerySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await deleteDashboard(ctxOf(request), request.query.key)
      return { success: true as const }
    },
  )
  r.post(
    '/admin/portal/add-widget',
    {
      preValidation,
      schema: { tags, body: AddWidgetSchema, response: { 200: AddedWidgetSchema } },
    },
    async (request) => ({
      success: true as const,
      id: await addWidget(ctxOf(request), request.body),
    }),
  )
  r.delete(
    '/admin/portal/remove-widget',
    {
      preValidation,
      schema: { tags, querystring: RemoveWidgetSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await removeWidget(ctxOf(request), request.query.key, request.query.id)
      return { success: true as const }
    },
  )
  r.put(
    '/admin/portal/reorder-widget',
    {
      preValidation,
      schema: { tags, body: ReorderWidgetSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await reorderWidget(ctxOf(request), request.body)
      return { success: true as const }
    },
  )
  r.put(
    '/admin/portal/update-portlet-config',
    {
      preValidation,
      schema: { tags, body: UpdatePortletConfigSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await updatePortletConfig(ctxOf(request), request.body)
      return { success: true as const }
    },
  )

  // ── The widgets' data ──────────────────────────────────────────────────────────────────────
  r.get(
    '/admin/portal/portlet-modified-documents',
    {
      preValidation: shows('documents'),
      schema: {
        tags,
        querystring: ModifiedQuerySchema,
        response: { 200: ModifiedDocumentsSchema },
      },
    },
    async (request, reply) => {
      noStore(reply)
      const { onlyMine, limit = 10 } = request.query
      return {
        documents: await listModifiedElements(ctxOf(request), 'document', { onlyMine, limit }),
      }
    },
  )
  r.get(
    '/admin/portal/portlet-modified-assets',
    {
      preValidation: shows('assets'),
      schema: { tags, querystring: ModifiedQuerySchema, response: { 200: ModifiedAssetsSchema } },
    },
    async (request, reply) => {
      noStore(reply)
      const { onlyMine, limit = 10 } = request.query
      return { assets: await listModifiedElements(ctxOf(request), 'asset', { onlyMine, limit }) }
    },
  )
  r.get(
    '/admin/portal/portlet-modified-objects',
    {
      preValidation: shows('objects'),
      schema: { tags, querystring: ModifiedQuerySchema, response: { 200: ModifiedObjectsSchema } },
    },
    async (request, reply) => {
      noStore(reply)
      const { onlyMine, limit = 10 } = request.query
      return { objects: await listModifiedElements(ctxOf(request), 'object', { onlyMine, limit }) }
    },
  )
  // Counts only: no element's path is shown, so the dashboards key suffices (as in Pimcore).
  r.get(
    '/admin/portal/portlet-modification-statistics',
    {
      preValidation,
      schema: {
        tags,
        querystring: DaysQuerySchema,
        response: { 200: ModificationStatisticsSchema },
      },
    },
    async (request, reply) => {
      noStore(reply)
      return modificationStatistics(ctxOf(request), request.query.days ?? 31)
    },
  )
  r.get(
    '/admin/portal/portlet-orders-per-day',
    {
      preValidation: shows('orders'),
      schema: { tags, querystring: OrdersPerDayQuerySchema, response: { 200: OrdersPerDaySchema } },
    },
    async (request, reply) => {
      noStore(reply)
      const { currency, days = 30 } = request.query
      return ordersPerDay(ctxOf(request), { currency, days })
    },
  )
  r.get(
    '/admin/portal/portlet-latest-orders',
    {
      preValidation: shows('orders'),
      schema: { tags, querystring: LimitQuerySchema, response: { 200: LatestOrdersSchema } },
    },
    async (request, reply) => {
      noStore(reply)
      return latestOrders(ctxOf(request), request.query.limit ?? 8)
    },
  )
  r.get(
    '/admin/portal/portlet-pending-partners',
    {
      preValidation: shows('partners'),
      schema: { tags, querystring: LimitQuerySchema, response: { 200: PendingPartnersSchema } },
    },
    async (request, reply) => {
      noStore(reply)
      return pendingPartners(ctxOf(request), request.query.limit ?? 8)
    },
  )
  r.get(
    '/admin/portal/portlet-low-stock',
    {
      preValidation: shows('objects'),
      schema: { tags, querystring: LowStockQuerySchema, response: { 200: LowStockSchema } },
    },
    async (request, reply) => {
      noStore(reply)
      const { threshold = 5, limit = 10 } = request.query
      return lowStockVariants(ctxOf(request), { threshold, limit })
    },
  )
  r.get(
    '/admin/portal/portlet-http-errors',
    {
      preValidation: shows('httpErrors'),
      schema: { tags, querystring: LimitQuerySchema, response: { 200: HttpErrorTopSchema } },
    },
    async (request, reply) => {
      noStore(reply)
      return topHttpErrors(ctxOf(request), request.query.limit ?? 10)
    },
  )
}
