import type { MouseEvent } from 'react'
import type { Pagination } from '@optika/domain/catalogue/product-list-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

interface PageBarProps {
  readonly pagination: Pagination
  /** The address of a page (a real link: it opens in a new tab, and works before hydration). */
  readonly hrefOf: (page: number) => string
  readonly onChoose: (page: number) => void
}

const ITEM =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium'

/** Seed section 2 "page-number pagination bar"; shown only when there is more than one page. */
export function PageBar({ pagination, hrefOf, onChoose }: PageBarProps) {
  const { t } = useTranslation()
  if (pagination.pageCount <= 1) return null

  function follow(page: number) {
    return (event: MouseEvent<HTMLAnchorElement>) => {
      // A modified click opens the page elsewhere, as links do.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return
      event.preventDefault()
      onChoose(page)
    }
  }

  return (
    <nav aria-label={t('pagination.label')} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {pagination.previous !== null ? (
          <li>
            <a
              href={hrefOf(pagination.previous)}
              rel="prev"
              onClick={follow(pagination.previous)}
              className={`${ITEM} border border-stone-300 text-stone-700 hover:border-brand-700`}
            >
              {t('pagination.previous')}
            </a>
          </li>
        ) : null}
        {pagination.pagesInRange.map((page) => (
          <li key={page}>
            <a
              href={hrefOf(page)}
              aria-label={t('pagination.page', { page })}
              aria-current={page === pagination.current ? 'page' : undefined}
              onClick={follow(page)}
              className={`${ITEM} text-stone-700 hover:bg-stone-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white`}
            >
              {page}
            </a>
          </li>
        ))}
        {pagination.next !== null ? (
          <li>
            <a
              href={hrefOf(pagination.next)}
              rel="next"
              onClick={follow(pagination.next)}
              className={`${ITEM} border border-stone-300 text-stone-700 hover:border-brand-700`}
            >
              {t('pagination.next')}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
