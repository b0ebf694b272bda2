import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { BUTTON, ModerationForm } from './moderation-form.tsx'

/** Dismisses one report in the queue: the post stays as it is. */
export function DismissReport({ reportId }: { reportId: number }) {
  const { t } = useTranslation()
  return (
    <ModerationForm intent="dismiss" id={reportId} className="grid gap-1">
      {(busy) => (
        <div>
          <button type="submit" className={BUTTON} disabled={busy}>
            {t('forumModeration.queue.dismiss')}
          </button>
        </div>
      )}
    </ModerationForm>
  )
}
