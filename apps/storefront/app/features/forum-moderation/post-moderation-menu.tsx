import { useId } from 'react'
import { FORUM_REASON_MAX, type ForumPostView } from '@optika/domain/community/forum-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { BUTTON, DISCLOSURE, ModerationForm, PRIMARY_BUTTON, TEXTAREA } from './moderation-form.tsx'

/** A moderator's tools on one post: hide it with a reason the author sees, or show it again. */
export function PostModerationMenu({
  post,
  isModerator,
}: {
  post: Pick<ForumPostView, 'id' | 'author' | 'hidden'>
  isModerator: boolean
}) {
  const { t } = useTranslation()
  const reasonId = useId()
  if (!isModerator) return null
  if (post.hidden) {
    return (
      <ModerationForm intent="restore" id={post.id} className="grid gap-1">
        {(busy) => (
          <div>
            <button type="submit" className={BUTTON} disabled={busy}>
              {t('forumModeration.post.restore')}
            </button>
          </div>
        )}
      </ModerationForm>
    )
  }
  return (
    <details>
      <summary
        className={DISCLOSURE}
        aria-label={t('forumModeration.post.menuLabel', { author: post.author.displayName })}
      >
        {t('forumModeration.post.menu')}
      </summary>
      <ModerationForm intent="hide" id={post.id} className="mt-2 grid max-w-md gap-2">
        {(busy) => (
          <>
            <label htmlFor={reasonId} className="text-sm text-stone-700">
              {t('forumModeration.post.hideReason')}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              required
              maxLength={FORUM_REASON_MAX}
              rows={2}
              className={TEXTAREA}
            />
            <div>
              <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
                {t('forumModeration.post.hide')}
              </button>
            </div>
          </>
        )}
      </ModerationForm>
    </details>
  )
}
