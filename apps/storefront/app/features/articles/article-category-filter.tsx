import { Link } from 'react-router'
import { ARTICLE_CATEGORIES, type ArticleCategory } from '@optika/domain/community/article-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

const CHIP =
  'inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white'

/** Category chips: plain links (the filter works without JavaScript), the chosen one current. */
export function ArticleCategoryFilter({ selected }: { selected: ArticleCategory | null }) {
  const { t, locale } = useTranslation()
  const chips = [
    { key: 'all', label: t('article.filter.all'), category: null },
    ...ARTICLE_CATEGORIES.map((category) => ({
      key: category,
      label: t(`article.category.${category}`),
      category,
    })),
  ]
  return (
    <nav aria-label={t('article.filter.label')} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={generateUrl('articles', { locale, category: chip.category ?? undefined })}
              aria-current={chip.category === selected ? 'page' : undefined}
              className={`${CHIP} border-stone-300 text-stone-700 hover:border-brand-700`}
            >
              {chip.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
