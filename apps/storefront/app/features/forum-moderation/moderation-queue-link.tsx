import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/** The moderators' way to the reports queue, with how many reported posts wait (null: not a moderator). */
export function ModerationQueueLink({ openReports }: { openReports: number | null }) {
  const { t, locale } = useTranslation()
  if (openReports === null) return null
  return (
    <p className="mt-4">
      <Link
        to={generateUrl('forumModeration', { locale })}
        className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {t('forumModeration.queue.link')}
        <span className="rounded-full bg-amber-200 px-2 text-xs tabular-nums">{openReports}</span>
      </Link>
    </p>
  )
}
