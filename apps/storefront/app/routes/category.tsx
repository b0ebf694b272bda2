import { useId } from 'react'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import type { Route } from './+types/category'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { ProductGrid } from '../components/product-grid.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { metaTags } from '../page-meta.ts'
import { requireId, requireLocale } from '../route-params.ts'
import { throwMovedTo, throwNotFound } from '../route-responses.ts'

/** How many products the page shows until the category list (filters, paging) replaces it. */
const FIRST_PRODUCTS = 24

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const id = requireId(params.id)
  const { catalogue, translator, publicUrl } = getStorefront(context)
  const category = await catalogue.getCategory(locale, id)
  if (!category) throwNotFound()
  // An old or mistyped slug (`url` is the page address, without the `.data` of client navigations) still finds the category, at its one canonical address.
  if (url.pathname !== category.url) throwMovedTo(category.url)
  const products = await catalogue.listCategoryProducts(locale, id, { limit: FIRST_PRODUCTS })
  return {
    category,
    products,
    alternates: category.urls,
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: category.name }),
      description: category.description,
      canonical: `${publicUrl}${category.url}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Category({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { category, products } = loaderData
  const subcategoriesHeading = useId()
  const productsHeading = useId()
  const locale = requireLocale(params.locale)
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <Breadcrumb locale={locale} trail={category.ancestors} current={category.name} />
      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
          {category.name}
        </h1>
        {category.description ? (
          <p className="mt-3 text-base leading-relaxed text-stone-600">{category.description}</p>
        ) : null}
      </header>

      {category.children.length > 0 ? (
        <section aria-labelledby={subcategoriesHeading} className="mt-8">
          <h2 id={subcategoriesHeading} className="sr-only">
            {t('shop.category.subcategories')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {category.children.map((child) => (
              <li key={child.id}>
                <Link
                  to={child.url}
                  className="inline-flex h-10 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 hover:border-brand-700 hover:text-brand-800"
                >
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby={productsHeading} className="mt-10">
        <h2 id={productsHeading} className="sr-only">
          {t('shop.category.products')}
        </h2>
        {products.length > 0 ? (
          <ProductGrid products={products} />
        ) : (
          <p className="rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
            {t('list.noItems')}
          </p>
        )}
      </section>
    </div>
  )
}
