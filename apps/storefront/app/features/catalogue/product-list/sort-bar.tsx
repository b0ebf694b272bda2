import { useEffect, useId, useRef, useState } from 'react'
import type { ProductSort } from '@optika/domain/catalogue/product-data'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

interface SortBarProps {
  /** The sorts this viewer may choose (price sorts only for signed-in users). */
  readonly options: readonly ProductSort[]
  /** The sort the list is in. */
  readonly current: ProductSort
  readonly onChoose: (sort: ProductSort) => void
}

function SortOptions({ options, current, onChoose }: SortBarProps) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-wrap gap-2">
      {options.map((sort) => (
        <li key={sort}>
          <button
            type="button"
            aria-pressed={sort === current}
            onClick={() => onChoose(sort)}
            className="inline-flex h-9 items-center rounded-full border border-stone-300 bg-white px-3.5 text-sm font-medium text-stone-700 hover:border-brand-700 hover:text-brand-800 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            {t(`sort.${sort}`)}
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * Seed section 2 "Sort bar": a row of sort buttons on wide screens; on narrow screens a
 * 'Show sorting' control opens the same choices in a modal panel with a Close button (Escape
 * closes it too, and focus goes back to the control).
 */
export function SortBar({ options, current, onChoose }: SortBarProps) {
  const { t } = useTranslation()
  const labelId = useId()
  const panelTitleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    const panel = dialog.current
    if (!panel) return
    if (open && !panel.open) panel.showModal()
    if (!open && panel.open) panel.close()
  }, [open])

  function close(): void {
    // Closed at once, so the control outside the modal panel can take focus back.
    if (dialog.current?.open) dialog.current.close()
    setOpen(false)
    opener.current?.focus()
  }

  return (
    <>
      <div role="group" aria-labelledby={labelId} className="hidden items-center gap-3 sm:flex">
        <span id={labelId} className="text-sm text-stone-600">
          {t('list.sortBy')}
        </span>
        <SortOptions options={options} current={current} onChoose={onChoose} />
      </div>
      <div className="sm:hidden">
        <button
          ref={opener}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          className="inline-flex h-10 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 hover:border-brand-700"
        >
          {t('list.showSorting')}
        </button>
        <dialog
          ref={dialog}
          aria-labelledby={panelTitleId}
          // Escape closes a modal dialog natively; keep the state (and focus) in step.
          onClose={() => {
            if (open) close()
          }}
          className="mx-0 mt-auto mb-0 w-full max-w-none rounded-t-2xl bg-white p-5 shadow-2xl backdrop:bg-stone-900/40"
        >
          <div className="flex items-center justify-between gap-4">
            <h2 id={panelTitleId} className="text-lg font-semibold text-stone-900">
              {t('listPage.sortPanel')}
            </h2>
          </div>
          <p className="mt-3 text-sm text-stone-600">{t('list.sortBy')}</p>
          <div className="mt-2">
            <SortOptions
              options={options}
              current={current}
              onChoose={(sort) => {
                close()
                onChoose(sort)
              }}
            />
          </div>
          <button
            type="button"
            onClick={close}
            className="mt-5 inline-flex h-11 w-full items-center justify-center rounded-full bg-stone-900 text-sm font-semibold text-white hover:bg-stone-700"
          >
            {t('common.close')}
          </button>
        </dialog>
      </div>
    </>
  )
}
