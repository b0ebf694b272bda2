import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  BlocklistAnswerSchema,
  EmailLogEntrySchema,
  EmailLogPageSchema,
  ResentEmailSchema,
  SentTestMailSchema,
  type BlocklistInput,
  type EmailLogStatus,
  type SendTestMail,
} from '@optika/domain/operations/email-log'
import { AdminSearchPageSchema } from '@optika/domain/operations/admin-search'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const EMAIL_LOG_PAGE_SIZE = 25

export interface EmailLogFilters {
  readonly q: string
  readonly status: EmailLogStatus | ''
  readonly from: string
  readonly until: string
  readonly page: number
}

export const emailLogKeys = {
  all: ['admin', 'email-log'] as const,
  list: (filters: EmailLogFilters) => ['admin', 'email-log', 'list', filters] as const,
  entry: (id: number) => ['admin', 'email-log', 'entry', id] as const,
  blocklist: (filter: string) => ['admin', 'email-log', 'blocklist', filter] as const,
}

export function useEmailLogs(filters: EmailLogFilters) {
  return useQuery({
    queryKey: emailLogKeys.list(filters),
    queryFn: async () => {
      const params = new URLSearchParams({
        limit: String(EMAIL_LOG_PAGE_SIZE),
        start: String((filters.page - 1) * EMAIL_LOG_PAGE_SIZE),
      })
      if (filters.q) params.set('q', filters.q)
      if (filters.status) params.set('status', filters.status)
      if (filters.from) params.set('from', filters.from)
      if (filters.until) params.set('until', filters.until)
      return EmailLogPageSchema.parse(await getJson(`/admin/email/email-logs?${params.toString()}`))
    },
    placeholderData: keepPreviousData,
  })
}

export function useEmailLogEntry(id: number | null) {
  return useQuery({
    queryKey: emailLogKeys.entry(id ?? 0),
    queryFn: async () =>
      EmailLogEntrySchema.parse(
        await getJson(`/admin/email/show-email-log?id=${String(id)}&type=details`),
      ),
    enabled: id !== null,
  })
}

export async function resendEmail(id: number) {
  return ResentEmailSchema.parse(await sendJson('POST', '/admin/email/resend-email', { id }))
}

export async function deleteEmailLog(id: number) {
  await sendJson('DELETE', `/admin/email/delete-email-log?id=${String(id)}`)
}

export async function sendTestMail(input: SendTestMail) {
  return SentTestMailSchema.parse(await sendJson('POST', '/admin/email/send-test-email', input))
}

export function useBlocklist(filter: string) {
  return useQuery({
    queryKey: emailLogKeys.blocklist(filter),
    queryFn: async () =>
      BlocklistAnswerSchema.parse(
        await sendJson('POST', '/admin/email/blocklist', { xaction: 'read', filter, limit: 500 }),
      ),
    placeholderData: keepPreviousData,
  })
}

export async function addToBlocklist(input: BlocklistInput) {
  return BlocklistAnswerSchema.parse(
    await sendJson('POST', '/admin/email/blocklist', { xaction: 'create', data: input }),
  )
}

export async function removeFromBlocklist(id: number) {
  return BlocklistAnswerSchema.parse(
    await sendJson('POST', '/admin/email/blocklist', { xaction: 'destroy', data: { id } }),
  )
}

/** The e-mail documents a test mail can be made from (their ids, paths and mail kinds). */
export function useEmailDocuments(query: string) {
  return useQuery({
    queryKey: ['admin', 'email-log', 'email-documents', query] as const,
    queryFn: async () => {
      const params = new URLSearchParams({ type: 'document', subtype: 'email', limit: '50' })
      if (query) params.set('query', query)
      const answer = AdminSearchPageSchema.parse(
        await getJson(`/admin/bundle/search/search/find?${params.toString()}`),
      )
      return answer.data
    },
  })
}
