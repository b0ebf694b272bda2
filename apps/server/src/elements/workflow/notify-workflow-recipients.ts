import { isLocale, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import {
  findRecipientUsers,
  sendNotification,
} from '../../identity/notifications/send-notification.ts'
import type { ElementRef } from '../element-services.ts'

/** Translates a catalogue key into a language (the app's translator). */
export type TranslateInto = (
  locale: Locale,
  key: string,
  params?: Record<string, string | number>,
) => string

export interface WorkflowNotice {
  readonly recipients: { readonly userIds: readonly number[]; readonly roleIds: readonly number[] }
  readonly senderId: number
  /** The workflow's, the action's and the new places' labels: translated where they are keys. */
  readonly workflowLabel: string
  readonly actionLabel: string
  readonly placeLabels: readonly string[]
  readonly messageKey: string
  readonly params: Record<string, string | number>
  readonly element: ElementRef
}

/**
 * Notifies a transition's users and roles (caller's transaction). The message is written in each
 * recipient's own back-office language as plain text, so the notifications list can search it
 * (the note included) without knowing workflows; users of a role are reached once.
 */
export async function notifyWorkflowRecipients(
  db: Db,
  translate: TranslateInto,
  notice: WorkflowNotice,
): Promise<number[]> {
  const users = await findRecipientUsers(db, notice.recipients)
  const byLanguage = new Map<Locale, number[]>()
  for (const user of users) {
    const locale: Locale = isLocale(user.language) ? user.language : 'en'
    byLanguage.set(locale, [...(byLanguage.get(locale) ?? []), user.id])
  }
  const reached: number[] = []
  for (const [locale, ids] of byLanguage) {
    reached.push(
      ...(await sendNotification(db, {
        recipients: { userIds: ids },
        senderId: notice.senderId,
        type: 'workflow',
        title: `${translate(locale, notice.workflowLabel)}: ${translate(locale, notice.actionLabel)}`,
        message: translate(locale, notice.messageKey, {
          ...notice.params,
          places: notice.placeLabels.map((label) => translate(locale, label)).join(', '),
        }),
        element: notice.element,
      })),
    )
  }
  return reached
}
