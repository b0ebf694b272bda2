import { useId } from 'react'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { BUTTON, ModerationForm } from './moderation-form.tsx'

export interface BoardChoice {
  readonly key: string
  readonly title: string
}

/** A moderator's tools for a thread: lock or unlock it, move it to another board. */
export function ThreadModerationTools({
  thread,
  boards,
  isModerator,
}: {
  thread: {
    readonly id: number
    readonly locked: boolean
    readonly board: { readonly key: string }
  }
  /** The boards to move to (the thread's own is left out). */
  boards: readonly BoardChoice[]
  isModerator: boolean
}) {
  const { t } = useTranslation()
  const boardId = useId()
  const headingId = useId()
  if (!isModerator) return null
  const targets = boards.filter((board) => board.key !== thread.board.key)
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-wrap items-end gap-4 rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <h2 id={headingId} className="w-full text-sm font-semibold text-amber-900">
        {t('forumModeration.thread.tools')}
      </h2>
      <ModerationForm
        intent={thread.locked ? 'unlock' : 'lock'}
        id={thread.id}
        className="grid gap-1"
      >
        {(busy) => (
          <div>
            <button type="submit" className={BUTTON} disabled={busy}>
              {thread.locked
                ? t('forumModeration.thread.unlock')
                : t('forumModeration.thread.lock')}
            </button>
          </div>
        )}
      </ModerationForm>
      {targets.length > 0 && (
        <ModerationForm intent="move" id={thread.id} className="grid gap-1">
          {(busy) => (
            <div className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor={boardId} className="block text-sm text-stone-700">
                  {t('forumModeration.thread.moveTo')}
                </label>
                <select
                  id={boardId}
                  name="boardKey"
                  className="mt-1 block min-h-10 max-w-full rounded-lg border border-stone-300 bg-white px-2 text-sm"
                >
                  {targets.map((board) => (
                    <option key={board.key} value={board.key}>
                      {board.title}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={BUTTON} disabled={busy}>
                {t('forumModeration.thread.move')}
              </button>
            </div>
          )}
        </ModerationForm>
      )}
    </section>
  )
}
