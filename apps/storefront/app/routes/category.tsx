import { useId } from 'react'
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router'
import { isSignedIn } from '@optika/domain/accounts/viewer'
import type { CategoryPageData, ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import type { Route } from './+types/category'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { FrameFitPanel } from '../features/catalogue/frame-fit/frame-fit-panel.tsx'
import { CategoryList } from '../features/catalogue/product-list/category-list.tsx'
import {
  ListFilterDrawer,
  ListFilterPanel,
} from '../features/catalogue/product-list/list-filter-panel.tsx'
import {
  isProductSort,
  parsePage,
  formatPage,
} from '../features/catalogue/product-list/list-query.ts'
import { ProductListArea } from '../features/catalogue/product-list/product-list-area.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { metaTags } from '../page-meta.ts'
import { toJsonText, useJsonText, type JsonText } from '../json-text.ts'
import { requireId, requireLocale } from '../route-params.ts'
import { throwMovedTo, throwNotFound } from '../route-responses.ts'

/** A refusal of the list service (AppError 4xx): the query was bad, not the server. */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof Error) || !('statusCode' in error)) return false
  const status = error.statusCode
  return typeof status === 'number' && status >= 400 && status < 500
}

/** The list query of the page's address: everything but the router's own parameters. */
function listSearch(url: URL): URLSearchParams {
  const search = new URLSearchParams(url.searchParams)
  search.delete('_routes')
  return search
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const id = requireId(params.id)
  const { catalogue, translator, publicUrl, productList, viewer } = getStorefront(context)
  const category = await catalogue.getCategory(locale, id)
  if (!category) throwNotFound()
  // An old or mistyped slug (`url` is the page address, without the `.data` of client navigations) still finds the category, at its one canonical address.
  if (url.pathname !== category.url) throwMovedTo(category.url)

  const list = async (search: URLSearchParams): Promise<JsonText<ProductsResponse>> => {
    const query = new URLSearchParams(search)
    query.set('cid', String(id))
    // `p=from-to` renders pages from..to, so a reload or a shared link shows the list the
    // visitor saw after 'More products ...'. The list's JSON is the one the API sends (kept).
    const { response, json } = await productList.answer({
      locale,
      viewer,
      params: query,
      pages: 'span',
    })
    return toJsonText(response, json)
  }

  let search = listSearch(url)
  let queryRefused = false
  let response: JsonText<ProductsResponse>
  try {
    response = await list(search)
  } catch (error) {
    // A bad query (unknown sort, malformed filter, page out of range) shows the default list.
    if (!isRefusal(error)) throw error
    search = new URLSearchParams()
    queryRefused = true
    response = await list(search)
  }

  const page = parsePage(search.get('p'))
  const sort = search.get('sort')
  const pageData: CategoryPageData = {
    id: category.id,
    page: formatPage(page),
    sort: isProductSort(sort) ? sort : '',
    url: category.url,
  }
  // Filters and sorts are not separate pages for search engines; page numbers are.
  const canonicalPath =
    page.from === page.to && page.to > 1 ? `${category.url}?p=${page.to}` : category.url

  return {
    category,
    list: { page: pageData, query: search.toString(), queryRefused, response },
    signedIn: isSignedIn(viewer),
    alternates: category.urls,
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: category.name }),
      description: category.description,
      canonical: `${publicUrl}${canonicalPath}`,
    },
  }
}

/**
 * The list rewrites this page's query itself (history API, GET /api/products); a change of only
 * the query (back/forward, the list's own entries) must not run the loader again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  return defaultShouldRevalidate
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Category({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { category, list, signedIn } = loaderData
  const response = useJsonText(list.response)
  const subcategoriesHeading = useId()
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

      <CategoryList
        categoryId={list.page.id}
        categoryUrl={list.page.url}
        query={list.query}
        queryRefused={list.queryRefused}
        response={response}
      >
        {/* Wide screens: the fit form and the filter side panel in the left column (the filter
            panel its own widget sharing the list's filter state). Below lg the fit form stays
            above the list, collapsed, and the filters move into the drawer the sticky
            'Filter (N)' button opens. */}
        <div className="mt-10 grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
          <div className="empty:hidden lg:col-start-1 lg:row-start-1">
            <FrameFitPanel signedIn={signedIn} />
          </div>
          <aside className="hidden lg:col-start-1 lg:row-start-2 lg:block">
            <ListFilterPanel />
          </aside>
          <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <ListFilterDrawer categoryId={list.page.id} />
            <ProductListArea
              categoryId={list.page.id}
              categoryUrl={list.page.url}
              signedIn={signedIn}
            />
          </div>
        </div>
      </CategoryList>
    </div>
  )
}
