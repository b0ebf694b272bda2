import { useId } from 'react'
import { FORUM_REASON_MAX, type ForumPostView } from '@optika/domain/community/forum-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { DISCLOSURE, ModerationForm, PRIMARY_BUTTON, TEXTAREA } from './moderation-form.tsx'

/**
 * "Report" under someone else's post for a signed-in reader: a disclosure with the reason and
 * the send button (works without scripts); "Reported" once the reader has reported it.
 */
export function ReportPost({
  post,
  viewerId,
}: {
  post: Pick<ForumPostView, 'id' | 'author' | 'hidden' | 'reportedByMe'>
  /** The signed-in reader's customer id; null for visitors, who cannot report. */
  viewerId: number | null
}) {
  const { t } = useTranslation()
  const reasonId = useId()
  if (viewerId === null || viewerId === post.author.id || post.hidden) return null
  if (post.reportedByMe) {
    return <span className="text-sm text-stone-500">{t('forumModeration.report.reported')}</span>
  }
  return (
    <details className="group">
      <summary
        className={DISCLOSURE}
        aria-label={t('forumModeration.report.openLabel', { author: post.author.displayName })}
      >
        {t('forumModeration.report.open')}
      </summary>
      <ModerationForm intent="report" id={post.id} className="mt-2 grid max-w-md gap-2">
        {(busy) => (
          <>
            <p className="text-sm font-medium text-stone-900">
              {t('forumModeration.report.title')}
            </p>
            <label htmlFor={reasonId} className="text-sm text-stone-700">
              {t('forumModeration.report.reason')}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              required
              maxLength={FORUM_REASON_MAX}
              rows={3}
              className={TEXTAREA}
            />
            <div>
              <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
                {t('forumModeration.report.submit')}
              </button>
            </div>
          </>
        )}
      </ModerationForm>
    </details>
  )
}
