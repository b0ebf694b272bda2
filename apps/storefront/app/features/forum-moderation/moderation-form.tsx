import type { ReactNode } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { useHydrated } from '../accounts/account/use-hydrated.ts'
import type { ActionFailure } from '../commerce/cart/action-types.ts'
import type { ModerationIntent, ModerationSuccess } from './moderation-intents.ts'

/**
 * One moderation form (report, hide, restore, lock, unlock, move, dismiss). It posts to the queue
 * page's action; with scripts through a fetcher (the page's data reloads and the answer is
 * announced here), without them as a plain form that comes back to this page.
 */
export function ModerationForm({
  intent,
  id,
  className,
  children,
}: {
  intent: ModerationIntent
  id: number
  className?: string
  children: (busy: boolean) => ReactNode
}) {
  const { locale } = useTranslation()
  const fetcher = useFetcher<ModerationSuccess | ActionFailure>()
  const location = useLocation()
  const hydrated = useHydrated()
  const key = `${intent}:${id}`
  const answer = fetcher.data?.intent === key ? fetcher.data : null
  return (
    <fetcher.Form
      method="post"
      action={generateUrl('forumModeration', { locale })}
      className={className}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      {children(fetcher.state !== 'idle')}
      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {answer?.ok ? answer.message : ''}
      </p>
      {answer && !answer.ok && (
        <p role="alert" className="text-sm text-red-700">
          {answer.errors[0]?.message ?? answer.message}
        </p>
      )}
    </fetcher.Form>
  )
}

export const BUTTON =
  'inline-flex min-h-10 items-center justify-center rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60'
export const PRIMARY_BUTTON =
  'inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60'
export const DISCLOSURE =
  'inline-flex min-h-10 cursor-pointer list-none items-center rounded-lg px-2 py-1.5 text-sm font-medium text-stone-600 underline hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden'
export const TEXTAREA =
  'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-700'
