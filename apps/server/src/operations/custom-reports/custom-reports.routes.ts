import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AddReportSchema,
  CloneReportSchema,
  ColumnConfigRequestSchema,
  ColumnConfigSchema,
  CreateCsvAnswerSchema,
  CreateCsvQuerySchema,
  DownloadCsvQuerySchema,
  DrillDownOptionsSchema,
  DrillDownQuerySchema,
  PortletReportListSchema,
  ReportChartDataSchema,
  ReportDataQuerySchema,
  ReportDataSchema,
  ReportNameQuerySchema,
  ReportQuerySchema,
  ReportSchema,
  ReportTreeSchema,
  UpdateReportSchema,
} from '@optika/domain/operations/custom-reports'
import { JobSchema } from '@optika/domain/pim/grid-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Db } from '../../platform/db/client.ts'
import type { JobFileStore } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { readOwnJob, toJob } from '../../platform/jobs/read-job.ts'
import { notFound } from '../../platform/http/app-error.ts'
import {
  addReport,
  cloneReport,
  columnConfig,
  deleteReport,
  drillDownOptions,
  getReport,
  portletReportList,
  reportChart,
  reportData,
  reportTree,
  updateReport,
} from './custom-reports-service.ts'
import { defineReportExport, openReportExport, startReportExport } from './report-export.ts'
import { REPORT_EXPORT_JOB } from '@optika/domain/operations/custom-reports'

export interface CustomReportRouteDeps {
  readonly translator: Translator
  readonly db: Db
  readonly jobs: JobQueue
  readonly files: JobFileStore
  readonly log?: { error(object: unknown, message: string): void }
}

const BASE = '/admin/bundle/customreports/custom-report'

/**
 * Custom reports (issue 20, Pimcore's CustomReportController): viewing calls need `reports`
 * (and see only reports shared with the caller), configuration calls `reportsConfig`. Pimcore's
 * GET/POST pairs are one implementation each; POST reads the same fields from its body.
 */
export function registerCustomReportRoutes(
  app: FastifyInstance,
  deps: CustomReportRouteDeps,
): void {
  defineReportExport(deps.jobs, deps.db, deps.files, deps.log)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin custom reports']
  const view = [requirePermission('reports')]
  const config = [requirePermission('reportsConfig')]
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const noStore = { 'cache-control': 'no-store' }

  for (const method of ['GET', 'POST'] as const) {
    const input = (request: { query: unknown; body: unknown }) =>
      method === 'GET' ? request.query : (request.body ?? {})
    const pick = <T extends z.ZodType>(schema: T) =>
      method === 'GET' ? { querystring: schema } : { body: schema }
    r.route({
      method,
      url: `${BASE}/tree`,
      preValidation: config,
      schema: { tags, response: { 200: ReportTreeSchema } },
      handler: async (request, reply) =>
        reply.headers(noStore).send(await reportTree(ctxOf(request))),
    })
    r.route({
      method,
      url: `${BASE}/portlet-report-list`,
      preValidation: view,
      schema: { tags, response: { 200: PortletReportListSchema } },
      handler: async (request, reply) =>
        reply.headers(noStore).send(await portletReportList(ctxOf(request))),
    })
    r.route({
      method,
      url: `${BASE}/data`,
      preValidation: view,
      schema: { tags, ...pick(ReportDataQuerySchema), response: { 200: ReportDataSchema } },
      handler: async (request, reply) => {
        const query = ReportDataQuerySchema.parse(input(request))
        return reply.headers(noStore).send(await reportData(ctxOf(request), query))
      },
    })
    r.route({
      method,
      url: `${BASE}/drill-down-options`,
      preValidation: view,
      schema: { tags, ...pick(DrillDownQuerySchema), response: { 200: DrillDownOptionsSchema } },
      handler: async (request, reply) => {
        const query = DrillDownQuerySchema.parse(input(request))
        return reply.headers(noStore).send(await drillDownOptions(ctxOf(request), query))
      },
    })
    r.route({
      method,
      url: `${BASE}/chart`,
      preValidation: view,
      schema: { tags, ...pick(ReportQuerySchema), response: { 200: ReportChartDataSchema } },
      handler: async (request, reply) => {
        const query = ReportQuerySchema.parse(input(request))
        return reply.headers(noStore).send(await reportChart(ctxOf(request), query))
      },
    })
  }

  r.get(
    `${BASE}/get-report-config`,
    { preValidation: view, schema: { tags, response: { 200: ReportTreeSchema } } },
    async (request, reply) => reply.headers(noStore).send(await reportTree(ctxOf(request))),
  )
  r.post(
    `${BASE}/add`,
    {
      preValidation: config,
      schema: { tags, body: AddReportSchema, response: { 200: ReportSchema } },
    },
    async (request) => addReport(ctxOf(request), request.body.name),
  )
  r.post(
    `${BASE}/clone`,
    {
      preValidation: config,
      schema: { tags, body: CloneReportSchema, response: { 200: ReportSchema } },
    },
    async (request) => cloneReport(ctxOf(request), request.body),
  )
  r.post(
    `${BASE}/column-config`,
    {
      preValidation: config,
      schema: { tags, body: ColumnConfigRequestSchema, response: { 200: ColumnConfigSchema } },
    },
    async (request) => columnConfig(ctxOf(request), request.body),
  )
  r.delete(
    `${BASE}/delete`,
    {
      preValidation: config,
      schema: {
        tags,
        querystring: ReportNameQuerySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteReport(ctxOf(request), request.query.name)
      return { success: true as const }
    },
  )
  r.get(
    `${BASE}/get`,
    {
      preValidation: config,
      schema: { tags, querystring: ReportNameQuerySchema, response: { 200: ReportSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getReport(ctxOf(request), request.query.name)),
  )
  r.put(
    `${BASE}/update`,
    {
      preValidation: config,
      schema: { tags, body: UpdateReportSchema, response: { 200: ReportSchema } },
    },
    async (request) => updateReport(ctxOf(request), request.body),
  )
  r.get(
    `${BASE}/create-csv`,
    {
      preValidation: view,
      schema: { tags, querystring: CreateCsvQuerySchema, response: { 200: CreateCsvAnswerSchema } },
    },
    async (request) => {
      const { name, filter, sort, dir, format } = request.query
      return startReportExport(ctxOf(request), deps.jobs, {
        name,
        format,
        filters: filter,
        sort: sort ? { column: sort, direction: dir ?? 'asc' } : null,
      })
    },
  )
  r.get(
    `${BASE}/download-csv`,
    { preValidation: view, schema: { tags, querystring: DownloadCsvQuerySchema } },
    async (request, reply) => {
      const ctx = ctxOf(request)
      if (request.query.status) {
        const job = await readOwnJob(ctx.db, ctx.admin.userId, request.query.jobId)
        if (job.type !== REPORT_EXPORT_JOB) throw notFound('pimGrid.jobNotFound')
        return reply.headers(noStore).send(JobSchema.parse(toJob(job, (key) => ctx.t(key))))
      }
      const file = await openReportExport(ctx, deps.files, request.query.jobId)
      return reply
        .headers(noStore)
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream)
    },
  )
}
