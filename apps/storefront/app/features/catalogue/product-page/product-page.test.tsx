import type { ComponentProps } from 'react'
import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { catalogue } from '@optika/i18n/catalogue'
import type { ProductDetail } from '@optika/domain/catalogue/product-detail-api'
import type { RatingSummary } from '@optika/domain/catalogue/rating-api'
import { formatMoney } from '@optika/domain/commerce/money'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { ProductPage } from './product-page.tsx'
import { productDetail, variant } from './test-fixture.ts'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))

function en(key: string, params: Record<string, string> = {}): string {
  return (english[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

const RATINGS: RatingSummary = {
  productId: 7,
  count: 0,
  average: null,
  distribution: [0, 0, 0, 0, 0],
  ratings: [],
  mine: null,
  canRate: false,
  canModerate: false,
}

function render(
  detail: ProductDetail,
  freeShipping: ComponentProps<typeof ProductPage>['freeShipping'] = null,
): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider locale="en" dictionary={english}>
        <ProductPage
          detail={detail}
          ratings={RATINGS}
          locale="en"
          jsonLd='{"@context":"https://schema.org"}'
          nonce="n0nce"
          returnTo="/en/p/7/aurora-classic?cid=3"
          freeShipping={freeShipping}
        />
      </I18nProvider>
    </MemoryRouter>,
  )
}

/** Text with React's HTML escaping, as it appears in the markup. */
function html(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

describe('the product page', () => {
  it('shows anonymous visitors the login hint instead of a price', () => {
    const page = render(productDetail())
    expect(page).toContain(en('auth.priceAfterLogin'))
    expect(page).toContain('href="/en/login?returnTo=%2Fen%2Fp%2F7%2Faurora-classic%3Fcid%3D3"')
    expect(page).not.toContain('data-testid="final-price"')
  })

  it('shows signed-in viewers the final price, the catalogue price it beats and the discount', () => {
    const price = {
      currency: 'CZK',
      final: 199_000,
      catalog: 249_000,
      action: 199_000,
      discountPercent: 20,
      withVat: true,
    } as const
    const page = render(
      productDetail({
        pricesVisible: true,
        statuses: ['action'],
        variants: [variant(71, { price })],
      }),
    )
    expect(page).not.toContain(en('auth.priceAfterLogin'))
    const money = (amount: number) => formatMoney({ amount, currency: 'CZK' }, 'en')
    expect(page).toContain(`data-testid="final-price">${money(199_000)}<`)
    expect(page).toMatch(new RegExp(`<del[^>]*>${money(249_000)}</del>`))
    expect(page).toContain(html(en('productPage.discountBadge', { percent: '20' })))
    expect(page).toContain(en('status.action'))
    expect(page).toContain(en('price.inclVat'))
  })

  it('renders the selected variant, the specification as a table and the structured data', () => {
    const page = render(productDetail({ selectedVariantId: 72 }))
    expect(page).toContain('OB-72')
    expect(page).toContain('src="/media/medium/720.webp"')
    expect(page).toContain(
      `<th scope="row" class="w-1/2 py-2.5 pr-4 font-normal text-stone-600">${en('product.templeLength')}</th>`,
    )
    expect(page).toContain('140 mm')
    expect(page).toContain('<script type="application/ld+json" nonce="n0nce">')
    expect(page).toContain(`href="/en/c/3/frames?material=acetate&amp;product=7"`)
    expect(page).toContain(en('productPage.backToList'))
  })

  it('shows the quantity rules with the first allowed quantity', () => {
    const page = render(productDetail({ rules: { min: 3, step: 2, max: 10 } }))
    expect(page).toContain(`${en('cart.minQuantity')}: 3`)
    expect(page).toContain(`${en('cart.maxAmount')}: 10`)
    expect(page).toContain('value="4"')
  })

  it('shows a guest the retail price with the note and the way to log in', () => {
    const price = { currency: 'HUF', final: 1_905_000, catalog: 1_905_000, withVat: true } as const
    const page = render(
      productDetail({ guestRetailPrices: true, variants: [variant(71, { price })] }),
    )
    const money = formatMoney({ amount: 1_905_000, currency: 'HUF' }, 'en')
    expect(page).toContain(`data-testid="final-price">${money}<`)
    expect(page).toContain(en('productPageMobile.guestRetailNote'))
    expect(page).toContain('href="/en/login?returnTo=%2Fen%2Fp%2F7%2Faurora-classic%3Fcid%3D3"')
    expect(page).not.toContain(en('auth.priceAfterLogin'))
  })

  it('names brand, model and the like once: in the specification table only', () => {
    const page = render(
      productDetail({
        specification: [
          { key: 'product.brand', value: 'Optika / City' },
          { key: 'product.model', value: 'A1' },
        ],
      }),
    )
    expect(page.split(`>${en('product.brand')}<`)).toHaveLength(2)
    expect(page.split(`>${en('product.model')}<`)).toHaveLength(2)
    expect(page.match(/<table/g)).toHaveLength(1)
  })

  it('shows the carrier with the delivery dates, and what free shipping still needs', () => {
    const page = render(productDetail(), { remaining: 250_000, currency: 'CZK', hasItems: true })
    expect(page).toContain('Forwarding company')
    expect(page).toContain(
      html(en('productPageMobile.deliveryExpected', { dates: 'Fri, 27 Nov – Tue, 1 Dec' })),
    )
    const amount = formatMoney({ amount: 250_000, currency: 'CZK' }, 'en')
    expect(page).toContain(html(en('cart.freeShippingRemaining', { amount })))
    const empty = render(productDetail(), {
      remaining: 1_000_000,
      currency: 'CZK',
      hasItems: false,
    })
    const threshold = formatMoney({ amount: 1_000_000, currency: 'CZK' }, 'en')
    expect(empty).toContain(html(en('cart.freeShippingThreshold', { amount: threshold })))
  })

  it('promises no date for an item that is out of stock', () => {
    const page = render(productDetail({ selectedVariantId: 72 }))
    expect(page).toContain(html(en('productPageMobile.deliveryLater')))
    expect(page).not.toContain(html(en('productPageMobile.deliveryExpected', { dates: '' })))
  })
})
