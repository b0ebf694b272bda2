import { useId, useState } from 'react'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { textSelection } from './panel-state.ts'
import { useDebounced } from './use-debounced.ts'
import type { WidgetProps } from './widget-props.ts'

/** Seed section 9: the text filter applies 500 ms after the last keystroke. */
export const TEXT_DEBOUNCE_MS = 500

/**
 * Seed section 2: the text widget, a search box whose placeholder is the filter's title. Typing
 * applies once the visitor pauses; Enter or leaving the box applies at once. A model filter searching the whole shop
 * says so under the box.
 */
export function TextFilter({ filter, selection, onChange }: WidgetProps) {
  const { t } = useTranslation()
  const hintId = useId()
  const applied = selection?.type === 'text' ? selection.value : ''
  const [draft, setDraft] = useState(applied)
  // The last applied value this box has seen, and the last it sent itself: a change from outside
  // (an active entry removed, the address changed) replaces the draft, its own echo does not.
  const [seen, setSeen] = useState(applied)
  const [sent, setSent] = useState(applied)
  if (applied !== seen) {
    setSeen(applied)
    if (applied !== sent) setDraft(applied)
  }

  const apply = (text: string) => {
    const next = textSelection(text)
    const value = next?.value ?? ''
    setSent(value)
    if (value !== applied) onChange(next)
  }
  const debounced = useDebounced(apply, TEXT_DEBOUNCE_MS)

  const searchInAll = filter.searchType === 'all'
  return (
    <div>
      <input
        type="search"
        value={draft}
        placeholder={filter.title}
        aria-label={filter.title}
        aria-describedby={searchInAll ? hintId : undefined}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          setDraft(event.currentTarget.value)
          debounced.schedule(event.currentTarget.value)
        }}
        // Leaving the box applies what was typed (e.g. the drawer's apply button pressed at once).
        onBlur={() => debounced.flush()}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          debounced.cancel()
          apply(event.currentTarget.value)
        }}
        className="h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 placeholder:text-stone-500 hover:border-stone-400 focus:border-brand-600"
      />
      {searchInAll ? (
        <p id={hintId} className="mt-1.5 text-xs text-stone-500">
          {t('filter.searchInAll')}
        </p>
      ) : null}
    </div>
  )
}
