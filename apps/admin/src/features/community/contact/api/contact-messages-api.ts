import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  AdminContactMessageListSchema,
  AdminContactMessageSchema,
  AdminContactTopicSchema,
  type ContactStatus,
  type ContactTopicInput,
} from '@optika/domain/community/contact-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const contactKeys = {
  all: ['admin', 'contact'] as const,
  list: (status: string, q: string, page: number) =>
    ['admin', 'contact', 'messages', status, q, page] as const,
  message: (id: number) => ['admin', 'contact', 'message', id] as const,
  topics: ['admin', 'contact', 'topics'] as const,
}

export interface MessageFilters {
  readonly status: ContactStatus | ''
  readonly q: string
  readonly page: number
}

export function useContactMessages(filters: MessageFilters) {
  return useQuery({
    queryKey: contactKeys.list(filters.status, filters.q, filters.page),
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(filters.page) })
      if (filters.status) params.set('status', filters.status)
      if (filters.q) params.set('q', filters.q)
      return AdminContactMessageListSchema.parse(
        await getJson(`/admin/contact/messages?${params.toString()}`),
      )
    },
    placeholderData: keepPreviousData,
  })
}

export function useContactMessage(id: number) {
  return useQuery({
    queryKey: contactKeys.message(id),
    queryFn: async () =>
      AdminContactMessageSchema.parse(await getJson(`/admin/contact/messages/${id}`)),
  })
}

export async function replyToMessage(id: number, body: string) {
  return AdminContactMessageSchema.parse(
    await sendJson('POST', `/admin/contact/messages/${id}/reply`, { body }),
  )
}

export async function setMessageStatus(id: number, status: ContactStatus) {
  return AdminContactMessageSchema.parse(
    await sendJson('POST', `/admin/contact/messages/${id}/status`, { status }),
  )
}

export function attachmentUrl(id: number, position: number): string {
  return `/admin/contact/messages/${id}/attachments/${position}`
}

export function useContactTopics() {
  return useQuery({
    queryKey: contactKeys.topics,
    queryFn: async () =>
      z.array(AdminContactTopicSchema).parse(await getJson('/admin/contact/topics')),
  })
}

export async function saveTopic(id: number | null, input: ContactTopicInput) {
  return AdminContactTopicSchema.parse(
    id === null
      ? await sendJson('POST', '/admin/contact/topics', input)
      : await sendJson('PUT', `/admin/contact/topics/${id}`, input),
  )
}
