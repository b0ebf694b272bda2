import { useId, useMemo } from 'react'
import { Link } from 'react-router'
import type { ProductTileProps } from '../../../components/product-tile.tsx'
import type { OtherCategoryGroup } from '@optika/domain/catalogue/product-list-api'
import { ProductGrid } from '../../../components/product-grid.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { useListSnapshot, useListStore } from './list-store-context.tsx'
import { addressParams, formatPage, productLinkParams } from './list-query.ts'
import { LoadingOverlay } from './loading-overlay.tsx'
import { PageBar } from './page-bar.tsx'
import { SortBar } from './sort-bar.tsx'
import { tilePrice } from './tile-price.tsx'

interface ProductListAreaProps {
  readonly categoryId: number
  /** The category's own address; the list's query goes after it. */
  readonly categoryUrl: string
  readonly signedIn: boolean
}

const BUTTON =
  'inline-flex h-11 items-center justify-center rounded-full px-6 text-sm font-semibold shadow-sm'

/**
 * Seed section 2 "Category product list": the counter, sorting, page size, the products, 'More
 * products ...', page numbers and 'Found in other categories', from the shared list store.
 */
export function ProductListArea({ categoryId, categoryUrl, signedIn }: ProductListAreaProps) {
  const { t } = useTranslation()
  const store = useListStore()
  const snapshot = useListSnapshot()
  const { response, status } = snapshot
  const headingId = useId()
  const perPageId = useId()
  const renderPrice = useMemo(() => tilePrice(signedIn), [signedIn])
  const loading = status === 'loading'

  const error =
    status === 'error' ? (
      <div
        role="alert"
        className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <p>{t('listPage.loadFailed')}</p>
        <button
          type="button"
          onClick={() => store.retry()}
          className={`${BUTTON} h-10 bg-red-800 text-white hover:bg-red-900`}
        >
          {t('listPage.retry')}
        </button>
      </div>
    ) : null

  // Seed section 4: nothing loaded yet shows nothing (the overlay, while the first request runs).
  if (!response) {
    return (
      <section aria-labelledby={headingId} aria-busy={loading}>
        <h2 id={headingId} className="sr-only">
          {t('shop.category.products')}
        </h2>
        {error}
        {loading ? <LoadingOverlay /> : null}
      </section>
    )
  }

  const { pagination, products } = response
  const specs = response.filters
  const linkQuery = productLinkParams(categoryId, specs, snapshot.filters).toString()
  const query = {
    filters: snapshot.filters,
    page: snapshot.page,
    sort: snapshot.sort,
    limit: snapshot.limit,
    fit: snapshot.fit ?? null,
  }
  const hrefOf = (page: number): string => {
    const search = addressParams(specs, { ...query, page: { from: page, to: page } }).toString()
    return search ? `${categoryUrl}?${search}` : categoryUrl
  }

  return (
    <section aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId} className="sr-only">
        {t('shop.category.products')}
      </h2>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <p aria-live="polite" className="text-sm text-stone-600">
          {t('list.displayCount', {
            count: products.length,
            total: pagination.totalCount,
            page:
              snapshot.page.from === snapshot.page.to
                ? pagination.current
                : formatPage(snapshot.page),
          })}
        </p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <SortBar
            options={response.sortOptions}
            current={response.sort}
            onChoose={(sort) => store.setSort(sort)}
          />
          {response.limitOptions.length > 1 ? (
            <div className="flex items-center gap-2 text-sm text-stone-600">
              <label htmlFor={perPageId}>{t('list.perPage')}</label>
              <select
                id={perPageId}
                value={response.limit}
                onChange={(event) => store.setLimit(Number(event.target.value))}
                className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-stone-800"
              >
                {response.limitOptions.map((limit) => (
                  <option key={limit} value={limit}>
                    {limit}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      </div>

      {error}

      {products.length > 0 ? (
        <ProductGrid products={products} linkQuery={linkQuery} renderPrice={renderPrice} />
      ) : status === 'loaded' || status === 'error' ? (
        <p className="rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
          {t('list.noItems')}
        </p>
      ) : null}

      {pagination.next !== null ? (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            onClick={() => store.loadMore()}
            className={`${BUTTON} border border-stone-300 bg-white text-stone-800 hover:border-brand-700 hover:text-brand-800`}
          >
            {t('list.moreProducts')}
          </button>
        </div>
      ) : null}

      <PageBar
        pagination={pagination}
        hrefOf={hrefOf}
        onChoose={(page) => {
          window.scrollTo({ top: 0 })
          store.goToPage(page)
        }}
      />

      {response.otherCategories.length > 0 ? (
        <OtherCategories
          groups={response.otherCategories}
          renderPrice={renderPrice}
          linkQueryOf={(id) => productLinkParams(id, specs, snapshot.filters).toString()}
        />
      ) : null}

      {loading ? <LoadingOverlay /> : null}
    </section>
  )
}

function OtherCategories({
  groups,
  renderPrice,
  linkQueryOf,
}: {
  groups: readonly OtherCategoryGroup[]
  renderPrice: ProductTileProps['renderPrice']
  linkQueryOf: (categoryId: number) => string
}) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-14">
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-stone-900">
        {t('list.otherCategories')}
      </h2>
      {groups.map((group) => (
        <div key={group.id} className="mt-6">
          <h3 className="mb-3 text-lg font-medium">
            <Link to={group.url} className="text-brand-800 hover:underline">
              {group.name}
            </Link>
          </h3>
          <ProductGrid
            products={group.products}
            linkQuery={linkQueryOf(group.id)}
            renderPrice={renderPrice}
          />
        </div>
      ))}
    </section>
  )
}
