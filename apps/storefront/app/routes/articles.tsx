import { generateUrl } from '@optika/domain/routing/routes'
import { ArticleListQuerySchema } from '@optika/domain/community/article-api'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/articles'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { ArticleCard } from '../features/articles/article-card.tsx'
import { ArticleCategoryFilter } from '../features/articles/article-category-filter.tsx'
import { ArticlePager } from '../features/articles/article-pager.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'
import { throwNotFound } from '../route-responses.ts'

/** The list's address with its category and page (page 1 and "all" are left out). */
function listUrl(locale: string, category: string | null, page: number): string {
  return generateUrl('articles', {
    locale,
    category: category ?? undefined,
    page: page > 1 ? page : undefined,
  })
}

/** The article list (issue 18): newest first, a category filter and pages; drawn per request. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { articles, translator, publicUrl } = getStorefront(context)
  const query = ArticleListQuerySchema.safeParse({
    locale,
    category: url.searchParams.get('category') || undefined,
    page: url.searchParams.get('page') || undefined,
  })
  // An unknown category or a page that is no number is a page that does not exist.
  if (!query.success) throwNotFound()
  const list = await articles.list(query.data)
  if (list.page > list.pageCount) throwNotFound()
  const title =
    list.page > 1
      ? translator.t(locale, 'article.list.pageTitle', { page: list.page })
      : translator.t(locale, 'article.list.title')
  return {
    list,
    alternates: inEveryLocale((l) => listUrl(l, list.category, list.page)),
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title }),
      description: translator.t(locale, 'article.list.intro'),
      canonical: `${publicUrl}${listUrl(locale, list.category, list.page)}`,
      defaultAlternate: `${publicUrl}${listUrl(DEFAULT_LOCALE, list.category, list.page)}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { list } = loaderData
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <Breadcrumb locale={locale} trail={[]} current={t('article.list.title')} />
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('article.list.title')}
      </h1>
      <p className="mt-3 max-w-2xl text-base text-stone-600">{t('article.list.intro')}</p>
      <ArticleCategoryFilter selected={list.category} />
      {list.articles.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.articles.map((article, index) => (
            <li key={article.id}>
              <ArticleCard article={article} eager={index < 3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
          {t('article.list.empty')}
        </p>
      )}
      <ArticlePager
        page={list.page}
        pageCount={list.pageCount}
        hrefOf={(page) => listUrl(locale, list.category, page)}
      />
    </div>
  )
}
