import { useId, useState, type ReactNode } from 'react'
import { ChevronDownIcon } from '../../../components/icons.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

interface FilterSectionProps {
  readonly title: string
  readonly open: boolean
  readonly onToggle: () => void
  readonly children: ReactNode
}

/**
 * One collapsible filter (seed section 2): a heading whose button shows the title and a chevron
 * and toggles the body. A body is drawn from its first opening on: closed again, it stays in the
 * page, hidden, so a half-typed search survives. One never opened is an empty group, as the
 * server draws it: the values of closed filters were a third of a category page (decision 076).
 */
export function FilterSection({ title, open, onToggle, children }: FilterSectionProps) {
  const { t } = useTranslation()
  const bodyId = useId()
  const headerId = useId()
  const [drawn, setDrawn] = useState(open)
  if (open && !drawn) setDrawn(true)
  return (
    <div className="border-b border-stone-200 py-1 last:border-b-0">
      <h3>
        <button
          type="button"
          id={headerId}
          aria-expanded={open}
          aria-controls={bodyId}
          title={t(open ? 'filter.collapse' : 'filter.expand')}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-2 rounded-md py-2.5 text-left text-sm font-semibold text-stone-900 hover:text-brand-800"
        >
          {title}
          <ChevronDownIcon
            className={`size-5 shrink-0 text-stone-500 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={bodyId} role="group" aria-labelledby={headerId} hidden={!open} className="pb-3">
        {drawn ? children : null}
      </div>
    </div>
  )
}
