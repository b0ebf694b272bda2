import { data, redirect, type RouterContextProvider } from 'react-router'
import {
  HidePostSchema,
  MoveThreadSchema,
  ReportPostSchema,
} from '@optika/domain/community/forum-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import { getStorefront } from '../../get-storefront.server.ts'
import { actionFailure, formText, unknownForm } from '../commerce/cart/action-result.server.ts'
import {
  MODERATION_INTENTS,
  type ModerationIntent,
  type ModerationSuccess,
} from './moderation-intents.ts'

/** A page of this shop in the same language to come back to; anything else is the queue. */
export function safeReturnTo(value: string, locale: Locale): string {
  const fallback = generateUrl('forumModeration', { locale })
  if (!value.startsWith(`/${locale}/forum`) || value.startsWith('//') || /[\\\s]/.test(value)) {
    return fallback
  }
  return value
}

function idOf(form: FormData): number {
  const text = formText(form, 'id')
  return /^\d{1,15}$/.test(text) ? Number(text) : 0
}

const DONE_KEYS: Record<ModerationIntent, string> = {
  report: 'forumModeration.report.done',
  hide: 'forumModeration.post.hidden',
  restore: 'forumModeration.post.restored',
  lock: 'forumModeration.thread.locked',
  unlock: 'forumModeration.thread.unlocked',
  move: 'forumModeration.thread.moved',
  dismiss: 'forumModeration.queue.dismissed',
}

/**
 * Every forum moderation form posts here (the queue page's action): a report, hide, restore,
 * lock, unlock, move or dismiss, named by `intent`. With scripts the form answers the message
 * and the page reloads its data; without, the browser is sent back to `returnTo`.
 */
export async function moderationAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  locale: Locale,
) {
  const storefront = getStorefront(context)
  const { forumModeration: moderation, viewer, translator, log } = storefront
  const form = await request.formData()
  const intent = formText(form, 'intent')
  if (!(MODERATION_INTENTS as readonly string[]).includes(intent))
    return unknownForm(storefront, locale)
  const chosen = intent as ModerationIntent
  const id = idOf(form)
  if (id === 0) return unknownForm(storefront, locale)
  const mail = { log }
  try {
    switch (chosen) {
      case 'report':
        await moderation.report(
          viewer,
          id,
          ReportPostSchema.parse({ reason: formText(form, 'reason') }).reason,
        )
        break
      case 'hide':
        await moderation.hide(
          viewer,
          id,
          HidePostSchema.parse({ reason: formText(form, 'reason') }).reason,
          mail,
        )
        break
      case 'restore':
        await moderation.restore(viewer, id)
        break
      case 'lock':
      case 'unlock':
        await moderation.setLocked(viewer, id, chosen === 'lock')
        break
      case 'move':
        await moderation.move(
          viewer,
          id,
          MoveThreadSchema.parse({ boardKey: formText(form, 'boardKey') }).boardKey,
        )
        break
      case 'dismiss':
        await moderation.dismissReport(viewer, id)
        break
    }
  } catch (error) {
    return actionFailure(error, storefront, locale, { intent: `${chosen}:${id}` })
  }
  if (formText(form, 'js') === '1') {
    const success: ModerationSuccess = {
      ok: true,
      intent: `${chosen}:${id}`,
      message: translator.t(locale, DONE_KEYS[chosen]),
    }
    return data(success)
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
  throw redirect(safeReturnTo(formText(form, 'returnTo'), locale), 303)
}
