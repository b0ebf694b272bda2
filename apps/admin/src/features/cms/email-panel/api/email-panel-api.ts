import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import {
  EmailPreviewSchema,
  SentTestEmailSchema,
  type EmailDraft,
  type SendTestEmail,
} from '@optika/domain/cms/email-api'
import { sendJson } from '../../../../lib/api-client.ts'

/**
 * The e-mail document calls of the panel: the preview with sample values (what the editor
 * holds, nothing stored) and the test mail (Pimcore's send-test-email).
 */

export const emailPanelKeys = {
  preview: (draft: EmailDraft) => ['admin', 'documents', 'email-preview', draft] as const,
}

export async function previewEmail(draft: EmailDraft) {
  return EmailPreviewSchema.parse(await sendJson('POST', '/admin/email/preview', draft))
}

/** The preview of `draft`; the previous one stays on screen while the next loads. */
export function useEmailPreview(draft: EmailDraft) {
  return useQuery({
    queryKey: emailPanelKeys.preview(draft),
    queryFn: () => previewEmail(draft),
    placeholderData: keepPreviousData,
  })
}

export async function sendTestEmail(input: SendTestEmail) {
  return SentTestEmailSchema.parse(await sendJson('POST', '/admin/email/send-test-email', input))
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail })
}
