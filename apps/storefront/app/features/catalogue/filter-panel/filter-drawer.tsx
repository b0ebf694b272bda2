import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type {
  ActiveFilterEntry,
  FilterView,
  ProductsResponse,
} from '@optika/domain/catalogue/product-list-api'
import {
  removeFromState,
  type FilterSelection,
  type FilterState,
} from '@optika/domain/catalogue/filter-codec'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import {
  DRAWER_COUNT_DEBOUNCE_MS,
  applyLabel,
  countedText,
  filterStateKey,
  openerLabel,
} from './drawer-state.ts'
import { FilterPanelBody } from './filter-panel.tsx'
import { keepFocusInside } from '../../../components/keep-focus-inside.ts'
import { CloseIcon } from '../../../components/icons.tsx'

export interface FilterDrawerProps {
  /** The list's filters, active entries and total under the applied choice. */
  readonly filters: readonly FilterView[]
  readonly activeFilters: readonly ActiveFilterEntry[]
  readonly state: FilterState
  readonly totalCount: number
  /** The drawer's choice, applied to the list (one reload). */
  readonly onApply: (state: FilterState) => void
  /** The list's answer under another choice, for its total and facet counts. */
  readonly preview: (state: FilterState, signal: AbortSignal) => Promise<ProductsResponse>
  /** Extra panel sections (see FilterPanelProps.children). */
  readonly children?: ReactNode
}

/** The panel's data under one choice: what the drawer shows. */
interface Facets {
  readonly key: string
  readonly filters: readonly FilterView[]
  readonly activeFilters: readonly ActiveFilterEntry[]
  readonly totalCount: number
}

/** The side panel's breakpoint (Tailwind's `lg`): from here on there is no drawer. */
const WIDE = '(min-width: 64rem)'

/** The top of the sticky bar: just under the site's sticky header, whatever its height. */
function useUnderStickyHeader(): number {
  const [top, setTop] = useState(0)
  useEffect(() => {
    const header = document.querySelector('body header')
    if (!(header instanceof HTMLElement) || getComputedStyle(header).position !== 'sticky') return
    const measure = (): void => setTop(header.getBoundingClientRect().height)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(header)
    return () => observer.disconnect()
  }, [])
  return top
}

/**
 * Issue 21, filters on phones: below the `lg` breakpoint the filter panel lives in a modal
 * drawer, opened by a sticky 'Filter (3)' button (3 = active filter entries). Choices in the
 * drawer are a draft: the apply button says how many products the draft gives (asked for once
 * the choices rest), the panel's counts follow the draft, and only 'Show N products' changes the
 * list, as in the large fashion and optics shops' phone filters. Close or Escape drops the draft;
 * focus returns to the button.
 */
export function FilterDrawer(props: FilterDrawerProps) {
  const { filters, activeFilters, state, totalCount, onApply, preview, children } = props
  const { t, locale } = useTranslation()
  const titleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const top = useUnderStickyHeader()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<FilterState>(state)
  const [answer, setAnswer] = useState<Facets | null>(null)
  const [failedKey, setFailedKey] = useState<string | null>(null)

  const applied: Facets = {
    key: filterStateKey(filters, state),
    filters,
    activeFilters,
    totalCount,
  }
  const draftKey = filterStateKey(filters, draft)
  const settled = draftKey === applied.key ? applied : answer?.key === draftKey ? answer : null
  // While the draft's count is asked for, the panel keeps the last counts it had.
  const shown = settled ?? answer ?? applied
  const failed = settled === null && failedKey === draftKey
  const counting = settled === null && !failed

  // The draft and the preview as they are now, for the request that starts after the pause.
  const latest = useRef({ draft, preview, filters })
  useEffect(() => {
    latest.current = { draft, preview, filters }
  })

  useEffect(() => {
    if (!open || draftKey === applied.key || answer?.key === draftKey) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      const { draft: choice, preview: ask } = latest.current
      ask(choice, controller.signal).then(
        (response) =>
          setAnswer({
            key: draftKey,
            filters: response.filters,
            activeFilters: response.activeFilters,
            totalCount: response.pagination.totalCount,
          }),
        () => {
          if (!controller.signal.aborted) setFailedKey(draftKey)
        },
      )
    }, DRAWER_COUNT_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [open, draftKey, applied.key, answer?.key])

  useEffect(() => {
    const panel = dialog.current
    if (!panel) return
    if (open && !panel.open) panel.showModal()
    if (!open && panel.open) panel.close()
    if (!open) return
    // The page behind the modal drawer does not scroll along with it.
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = overflow
    }
  }, [open])

  function show(): void {
    setDraft(state)
    setAnswer(null)
    setFailedKey(null)
    setOpen(true)
  }

  function close(): void {
    // Closed at once, so the button outside the modal drawer can take focus back.
    if (dialog.current?.open) dialog.current.close()
    setOpen(false)
    opener.current?.focus()
  }

  function apply(): void {
    if (draftKey !== applied.key) onApply(draft)
    close()
  }

  // Turned to landscape or widened past the breakpoint: the side panel takes over.
  useEffect(() => {
    if (!open) return
    const wide = window.matchMedia(WIDE)
    const onChange = (): void => {
      if (wide.matches) close()
    }
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  })

  const choose = (name: string, selection: FilterSelection | null): void =>
    setDraft((current) => {
      const { [name]: _previous, ...rest } = current
      return selection ? { ...rest, [name]: selection } : rest
    })
  const remove = (entry: ActiveFilterEntry): void => {
    const byKey = entry.type === 'multiselect' || entry.type === 'color'
    setDraft((current) => removeFromState(current, entry.name, byKey ? entry.value : undefined))
  }
  const count = failed ? null : shown.totalCount

  return (
    <div
      style={{ top }}
      className="sticky z-10 -mx-4 mb-4 border-b border-stone-200 bg-white/95 px-4 py-2 sm:-mx-6 sm:px-6 lg:hidden"
    >
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
        className="inline-flex h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:border-brand-700"
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
          className="size-5 shrink-0"
        >
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        {openerLabel(t, activeFilters.length)}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onKeyDown={(event) => keepFocusInside(dialog.current, event)}
        // Escape closes a modal dialog natively; keep the state and the focus in step.
        onClose={() => {
          if (open) close()
        }}
        className="m-0 h-dvh max-h-none w-full max-w-md bg-white p-0 shadow-2xl backdrop:bg-stone-900/40"
      >
        {open ? (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 border-b border-stone-200 py-2 pr-2 pl-4">
              <h2 id={titleId} className="text-lg font-semibold text-stone-900">
                {t('filter.title')}
              </h2>
              <button
                type="button"
                onClick={close}
                aria-label={t('common.close')}
                className="grid size-11 place-items-center rounded-full text-stone-700 hover:bg-stone-100"
              >
                <CloseIcon className="size-6" />
              </button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
              <FilterPanelBody
                filters={shown.filters}
                activeFilters={shown.activeFilters}
                state={draft}
                onChange={choose}
                onRemoveActive={remove}
              >
                {children}
              </FilterPanelBody>
            </div>
            <div className="flex items-center gap-3 border-t border-stone-200 px-4 py-3">
              <button
                type="button"
                onClick={() => setDraft({})}
                className="inline-flex h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
              >
                {t('filterDrawer.clearAll')}
              </button>
              <button
                type="button"
                onClick={apply}
                aria-busy={counting}
                className="inline-flex min-h-11 min-w-0 flex-1 items-center justify-center rounded-full bg-brand-700 px-4 py-1.5 text-center text-sm font-semibold text-white hover:bg-brand-800"
              >
                {applyLabel(t, locale, count)}
              </button>
            </div>
            <p role="status" className="sr-only">
              {settled ? countedText(t, locale, 'filterDrawer.found', settled.totalCount) : ''}
            </p>
          </div>
        ) : null}
      </dialog>
    </div>
  )
}
