import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  ColumnConfigSchema,
  CreateCsvAnswerSchema,
  DrillDownOptionsSchema,
  ReportChartDataSchema,
  ReportDataSchema,
  ReportSchema,
  ReportTreeSchema,
  type ReportConfiguration,
  type ReportExportFormat,
  type ReportFilter,
} from '@optika/domain/operations/custom-reports'
import { JobSchema } from '@optika/domain/pim/grid-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const REPORTS_API = '/admin/bundle/customreports/custom-report'

export const reportKeys = {
  all: ['admin', 'custom-reports'] as const,
  tree: (config: boolean) => ['admin', 'custom-reports', 'tree', config] as const,
  report: (name: string) => ['admin', 'custom-reports', 'report', name] as const,
  data: (name: string, query: ReportGridQuery) =>
    ['admin', 'custom-reports', 'data', name, query] as const,
  chart: (name: string, filters: readonly ReportFilter[]) =>
    ['admin', 'custom-reports', 'chart', name, filters] as const,
  options: (name: string, field: string) =>
    ['admin', 'custom-reports', 'options', name, field] as const,
}

export interface ReportGridQuery {
  readonly filters: readonly ReportFilter[]
  readonly sort: string | null
  readonly dir: 'asc' | 'desc'
  readonly page: number
  readonly pageSize: number
}

/** The reports the user may view (`get-report-config`) or, for their editor, all (`tree`). */
export function useReportTree(config: boolean) {
  return useQuery({
    queryKey: reportKeys.tree(config),
    queryFn: async () =>
      ReportTreeSchema.parse(
        await getJson(`${REPORTS_API}/${config ? 'tree' : 'get-report-config'}`),
      ),
  })
}

export function useReport(name: string | null) {
  return useQuery({
    queryKey: reportKeys.report(name ?? ''),
    queryFn: async () =>
      ReportSchema.parse(
        await getJson(`${REPORTS_API}/get?name=${encodeURIComponent(name ?? '')}`),
      ),
    enabled: name !== null,
  })
}

function queryParams(name: string, filters: readonly ReportFilter[]): URLSearchParams {
  const params = new URLSearchParams({ name })
  if (filters.length > 0) params.set('filter', JSON.stringify(filters))
  return params
}

export function useReportData(name: string, query: ReportGridQuery) {
  return useQuery({
    queryKey: reportKeys.data(name, query),
    queryFn: async () => {
      const params = queryParams(name, query.filters)
      params.set('start', String((query.page - 1) * query.pageSize))
      params.set('limit', String(query.pageSize))
      if (query.sort) {
        params.set('sort', query.sort)
        params.set('dir', query.dir)
      }
      return ReportDataSchema.parse(await getJson(`${REPORTS_API}/data?${params.toString()}`))
    },
    placeholderData: keepPreviousData,
  })
}

export function useReportChart(name: string, filters: readonly ReportFilter[], enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.chart(name, filters),
    queryFn: async () =>
      ReportChartDataSchema.parse(
        await getJson(`${REPORTS_API}/chart?${queryParams(name, filters).toString()}`),
      ),
    enabled,
    placeholderData: keepPreviousData,
  })
}

export function useDrillDownOptions(name: string, field: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.options(name, field),
    queryFn: async () =>
      DrillDownOptionsSchema.parse(
        await getJson(
          `${REPORTS_API}/drill-down-options?${new URLSearchParams({ name, field }).toString()}`,
        ),
      ),
    enabled,
  })
}

export async function startExport(
  name: string,
  format: ReportExportFormat,
  query: Pick<ReportGridQuery, 'filters' | 'sort' | 'dir'>,
): Promise<string> {
  const params = queryParams(name, query.filters)
  params.set('format', format)
  if (query.sort) {
    params.set('sort', query.sort)
    params.set('dir', query.dir)
  }
  const answer = CreateCsvAnswerSchema.parse(
    await getJson(`${REPORTS_API}/create-csv?${params.toString()}`),
  )
  return answer.jobId
}

export async function readExportJob(jobId: string) {
  return JobSchema.parse(
    await getJson(`${REPORTS_API}/download-csv?jobId=${encodeURIComponent(jobId)}&status=1`),
  )
}

export const exportFileUrl = (jobId: string) =>
  `${REPORTS_API}/download-csv?jobId=${encodeURIComponent(jobId)}`

export async function addReport(name: string) {
  return ReportSchema.parse(await sendJson('POST', `${REPORTS_API}/add`, { name }))
}

export async function cloneReport(name: string, newName: string) {
  return ReportSchema.parse(await sendJson('POST', `${REPORTS_API}/clone`, { name, newName }))
}

export async function deleteReport(name: string) {
  await sendJson('DELETE', `${REPORTS_API}/delete?name=${encodeURIComponent(name)}`)
}

export async function saveReport(name: string, configuration: ReportConfiguration) {
  return ReportSchema.parse(await sendJson('PUT', `${REPORTS_API}/update`, { name, configuration }))
}

export async function testReportSql(name: string, sql: string) {
  return ColumnConfigSchema.parse(
    await sendJson('POST', `${REPORTS_API}/column-config`, { name, sql }),
  )
}
