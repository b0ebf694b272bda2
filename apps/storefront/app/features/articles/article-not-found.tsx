import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { GlassesIcon } from '../../components/icons.tsx'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/**
 * The article page's 404: the seed's 'Article not found', and the way back to the list. Drawn
 * like the shop's StatusMessage but not importing it: a route sharing it with the root would
 * split it into a chunk of its own and push the home page's client JS over its budget.
 */
export function ArticleNotFound() {
  const { t, locale } = useTranslation()
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
        <GlassesIcon className="size-9" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('error.articleNotFound')}
      </h1>
      <p className="mt-4 text-base leading-relaxed text-stone-600">{t('article.notFound.text')}</p>
      <Link
        to={generateUrl('articles', { locale })}
        className="mt-8 inline-flex h-11 items-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('article.backToList')}
      </Link>
    </section>
  )
}
