import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { catalogue } from '@optika/i18n/catalogue'
import type {
  ProductsListProduct,
  ProductsResponse,
} from '@optika/domain/catalogue/product-list-api'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { FIRST_PAGE } from './list-query.ts'
import { createListStore, type ListStore } from './list-store.ts'
import { ListStoreProvider } from './list-store-context.tsx'
import { ProductListArea } from './product-list-area.tsx'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))

function en(key: string): string {
  return english[key] ?? key
}

function product(id: number, extra: Partial<ProductsListProduct> = {}): ProductsListProduct {
  return {
    id,
    name: `Frame ${id}`,
    url: `/en/p/${id}/frame-${id}`,
    type: 'frame',
    statuses: [],
    variants: [],
    colors: [],
    ...extra,
  }
}

function answer(overrides: Partial<ProductsResponse> = {}): ProductsResponse {
  return {
    products: [product(1), product(2)],
    pagination: {
      pageCount: 1,
      current: 1,
      previous: null,
      next: null,
      pagesInRange: [1],
      totalCount: 2,
    },
    otherCategories: [],
    filters: [],
    activeFilters: [],
    sort: 'new',
    sortOptions: ['new', 'name'],
    limit: 24,
    limitOptions: [12, 24, 48],
    ...overrides,
  }
}

/** A store whose requests never answer: the markup of every state can be read. */
function storeWith(response: ProductsResponse | null): ListStore {
  return createListStore({
    categoryId: 7,
    initial: { filters: {}, page: FIRST_PAGE, sort: '', limit: null },
    response,
    address: { push: () => undefined, replace: () => undefined },
    fetchList: () => new Promise<ProductsResponse>(() => undefined),
  })
}

function render(store: ListStore, signedIn = false): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider locale="en" dictionary={english}>
        <ListStoreProvider store={store}>
          <ProductListArea categoryId={7} categoryUrl="/en/c/7/frames" signedIn={signedIn} />
        </ListStoreProvider>
      </I18nProvider>
    </MemoryRouter>,
  )
}

describe('product list area', () => {
  it('shows nothing before anything was loaded', () => {
    const html = render(storeWith(null))
    expect(html).not.toContain(en('list.noItems'))
    expect(html).not.toContain('<article')
    expect(html).not.toContain(en('list.loading'))
  })

  it('shows "No items." for an empty answer, without paging or more products', () => {
    const html = render(
      storeWith(answer({ products: [], pagination: { ...answer().pagination, totalCount: 0 } })),
    )
    expect(html).toContain(en('list.noItems'))
    expect(html).not.toContain(en('pagination.label'))
    expect(html).not.toContain(en('list.moreProducts'))
  })

  it('offers an anonymous visitor newest and name sorts, and no prices', () => {
    const html = render(storeWith(answer()))
    expect(html).toContain(en('sort.new'))
    expect(html).toContain(en('sort.name'))
    expect(html).not.toContain(en('sort.price.asc'))
    expect(html).toContain(en('auth.priceAfterLogin'))
    expect(html).toContain('Display 2 of 2 items (page 1)')
    expect(html).toContain('href="/en/p/1/frame-1?cid=7"')
  })

  it('shows a signed-in viewer prices and status badges', () => {
    const priced = product(1, {
      statuses: ['action'],
      price: { currency: 'EUR', final: 9900, catalog: 12900, action: 9900, withVat: true },
    })
    const html = render(
      storeWith(
        answer({ products: [priced], sortOptions: ['new', 'name', 'price.asc', 'price.desc'] }),
      ),
      true,
    )
    expect(html).toContain(en('sort.price.desc'))
    expect(html).toContain(en('status.action'))
    expect(html).toMatch(/99[.,]00/)
    expect(html).toContain(en('price.inclVat'))
    expect(html).not.toContain(en('auth.priceAfterLogin'))
  })

  it('shows page numbers and more products only when there are more pages', () => {
    const html = render(
      storeWith(
        answer({
          pagination: {
            pageCount: 3,
            current: 2,
            previous: 1,
            next: 3,
            pagesInRange: [1, 2, 3],
            totalCount: 6,
          },
        }),
      ),
    )
    expect(html).toContain(`aria-label="${en('pagination.label')}"`)
    expect(html).toMatch(/href="\/en\/c\/7\/frames\?p=2" aria-label="Page 2" aria-current="page"/)
    expect(html).toContain('href="/en/c/7/frames"')
    expect(html).toContain(en('list.moreProducts'))
  })

  it('covers the page while a request runs, and offers Retry when it failed', async () => {
    const loading = storeWith(answer())
    loading.goToPage(2)
    expect(render(loading)).toContain(en('list.loading'))
    expect(render(loading)).toContain('aria-busy="true"')

    const failing = createListStore({
      categoryId: 7,
      initial: { filters: {}, page: FIRST_PAGE, sort: '', limit: null },
      response: answer(),
      address: { push: () => undefined, replace: () => undefined },
      fetchList: () => Promise.reject(new Error('offline')),
    })
    failing.goToPage(2)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const html = render(failing)
    expect(html).toContain('role="alert"')
    expect(html).toContain(en('listPage.loadFailed'))
    expect(html).toContain(en('listPage.retry'))
    expect(html).not.toContain(en('list.loading'))
  })
})
