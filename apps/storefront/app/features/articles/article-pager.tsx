import { Link } from 'react-router'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

const ITEM =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium'

/** Page numbers of the article list (seed section 2's bar); shown only with more than one page. */
export function ArticlePager({
  page,
  pageCount,
  hrefOf,
}: {
  page: number
  pageCount: number
  hrefOf: (page: number) => string
}) {
  const { t } = useTranslation()
  if (pageCount <= 1) return null
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1)
  return (
    <nav aria-label={t('pagination.label')} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {page > 1 ? (
          <li>
            <Link
              to={hrefOf(page - 1)}
              rel="prev"
              className={`${ITEM} border border-stone-300 text-stone-700 hover:border-brand-700`}
            >
              {t('pagination.previous')}
            </Link>
          </li>
        ) : null}
        {pages.map((number) => (
          <li key={number}>
            <Link
              to={hrefOf(number)}
              aria-label={t('pagination.page', { page: number })}
              aria-current={number === page ? 'page' : undefined}
              className={`${ITEM} text-stone-700 hover:bg-stone-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white`}
            >
              {number}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link
              to={hrefOf(page + 1)}
              rel="next"
              className={`${ITEM} border border-stone-300 text-stone-700 hover:border-brand-700`}
            >
              {t('pagination.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
