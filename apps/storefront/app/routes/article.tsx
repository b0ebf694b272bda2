import { data } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/article'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { ArticleByline } from '../features/articles/article-byline.tsx'
import { articleJsonLd } from '../features/articles/article-json-ld.ts'
import { ArticleNotFound } from '../features/articles/article-not-found.tsx'
import { ProductLinks } from '../features/catalogue/product-page/product-links.tsx'
import { scriptJson } from '../features/catalogue/product-page/json-ld.ts'
import { getStorefront } from '../get-storefront.server.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { metaTags } from '../page-meta.ts'
import { requireId, requireLocale } from '../route-params.ts'
import { throwMovedTo } from '../route-responses.ts'

/** An article (issue 18): body, related products with add-to-cart, schema.org Article. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const id = requireId(params.id)
  const preview = url.searchParams.get('preview') === '1'
  const { articles, translator, publicUrl, cspNonce } = getStorefront(context)
  const article = await articles.get({ id, locale, preview })
  if (!article) {
    // 'Article not found' (the seed's message) drawn by this route, in the shop's layout.
    const title = translator.t(locale, 'error.articleNotFound')
    return data(
      {
        article: null,
        meta: { title: translator.t(locale, 'shop.meta.title', { title }), noindex: true },
      },
      { status: 404, headers: { 'cache-control': 'no-store' } },
    )
  }
  // A changed title moves the page: the old slug finds it at its one address.
  if (url.pathname !== article.url) throwMovedTo(`${article.url}${preview ? '?preview=1' : ''}`)
  const trail = [
    { name: translator.t(locale, 'shop.breadcrumb.home'), url: generateUrl('home', { locale }) },
    { name: translator.t(locale, 'article.list.title'), url: generateUrl('articles', { locale }) },
  ]
  // An editor's preview of an unpublished article: never kept, never indexed (as documents).
  const headers: Record<string, string> = article.unpublished
    ? { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' }
    : {}
  return data(
    {
      article,
      jsonLd: scriptJson(
        articleJsonLd(article, publicUrl, translator.t(locale, 'shop.brand.name'), trail),
      ),
      nonce: cspNonce,
      alternates: article.urls,
      meta: {
        title: translator.t(locale, 'shop.meta.title', { title: article.title }),
        description: article.perex,
        canonical: `${publicUrl}${article.url}`,
        defaultAlternate: `${publicUrl}${article.urls[DEFAULT_LOCALE]}`,
        noindex: article.unpublished,
      },
    },
    { headers },
  )
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  if (!loaderData.article) return <ArticleNotFound />
  const { article, jsonLd, nonce } = loaderData
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      {article.unpublished ? (
        <p
          role="status"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          {t('article.preview.notice')}
        </p>
      ) : null}
      <Breadcrumb
        locale={locale}
        trail={[{ name: t('article.list.title'), url: generateUrl('articles', { locale }) }]}
        current={article.title}
      />
      <article className="mx-auto mt-6 max-w-3xl">
        <header>
          <h1 className="text-3xl font-semibold tracking-tight text-balance [overflow-wrap:anywhere] text-stone-900 sm:text-4xl">
            {article.title}
          </h1>
          <div className="mt-4">
            <ArticleByline article={article} />
          </div>
          {article.perex ? (
            <p className="mt-6 text-lg leading-relaxed text-stone-700">{article.perex}</p>
          ) : null}
        </header>
        {article.picture ? (
          <img
            src={article.picture.url}
            width={article.picture.width}
            height={article.picture.height}
            alt=""
            className="mt-8 h-auto w-full rounded-2xl bg-stone-50 object-contain"
          />
        ) : null}
        <div
          className="article-body mt-8 space-y-4 text-base leading-relaxed [overflow-wrap:anywhere] text-stone-800 [&_a]:text-brand-800 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li]:ml-6 [&_ol]:list-decimal [&_table]:block [&_table]:overflow-x-auto [&_ul]:list-disc"
          // Sanitized on the server (the PIM's wysiwyg allow-list, pictures from the shop's media).
          dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
        />
      </article>
      <ProductLinks
        title={t('article.related.title')}
        products={article.relatedProducts}
        signedIn={article.pricesVisible}
        orderable
      />
    </div>
  )
}
