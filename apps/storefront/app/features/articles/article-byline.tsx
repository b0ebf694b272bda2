import type { ArticleSummary } from '@optika/domain/community/article-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { ArticleDate } from './article-date.tsx'

/** Date, author and category of an article, on one wrapping line. */
export function ArticleByline({ article }: { article: ArticleSummary }) {
  const { t, locale } = useTranslation()
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
      {article.date ? <ArticleDate date={article.date} locale={locale} /> : null}
      {article.author ? <span>{t('article.byAuthor', { author: article.author })}</span> : null}
      {article.category ? (
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          <span className="sr-only">{t('article.categoryLabel')}: </span>
          {t(`article.category.${article.category}`)}
        </span>
      ) : null}
    </p>
  )
}
