import { Link } from 'react-router'
import type { ForumPaging } from '@optika/domain/community/forum-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/** Previous / next links with "page 2 of 5"; nothing when there is one page. */
export function ForumPagingNav({ paging, baseUrl }: { paging: ForumPaging; baseUrl: string }) {
  const { t } = useTranslation()
  if (paging.pageCount <= 1) return null
  const href = (page: number) => (page > 1 ? `${baseUrl}?page=${page}` : baseUrl)
  const link =
    'rounded-lg border border-stone-300 px-3 py-1.5 font-medium text-brand-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600'
  return (
    <nav
      aria-label={t('forum.paging.label')}
      className="mt-6 flex flex-wrap items-center gap-3 text-sm"
    >
      {paging.page > 1 ? (
        <Link to={href(paging.page - 1)} rel="prev" className={link}>
          {t('forum.paging.previous')}
        </Link>
      ) : null}
      <span aria-current="page" className="text-stone-600">
        {t('forum.paging.status', { page: paging.page, count: paging.pageCount })}
      </span>
      {paging.page < paging.pageCount ? (
        <Link to={href(paging.page + 1)} rel="next" className={link}>
          {t('forum.paging.next')}
        </Link>
      ) : null}
    </nav>
  )
}
