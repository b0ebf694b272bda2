import { describe, expect, it } from 'vitest'
import { productJsonLd, scriptJson } from './json-ld.ts'
import { productDetail, variant } from './test-fixture.ts'

const HOME = { name: 'Home', url: '/en' }
const ORIGIN = 'https://shop.example'

type Graph = { '@graph': Record<string, unknown>[] }

function graph(value: Record<string, unknown>): Record<string, unknown>[] {
  return (value as Graph)['@graph']
}

describe('the product page structured data', () => {
  it('describes the product with its selected variant’s code and pictures', () => {
    const detail = productDetail()
    const [product] = graph(productJsonLd(detail, detail.variants[0]!, ORIGIN, HOME))
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Aurora <Classic>',
      sku: 'OB-71',
      brand: { '@type': 'Brand', name: 'Optika' },
      description: 'A light acetate frame.',
      url: 'https://shop.example/en/p/7/aurora-classic',
      image: [
        'https://shop.example/media/large/710.webp',
        'https://shop.example/media/large/711.webp',
      ],
    })
  })

  it('offers no price to viewers who do not see prices, and the final price to those who do', () => {
    const price = { currency: 'CZK', final: 199_000, catalog: 249_000, withVat: true } as const
    const hidden = productDetail({ variants: [variant(71, { price: null })] })
    expect(graph(productJsonLd(hidden, hidden.variants[0]!, ORIGIN, HOME))[0]).not.toHaveProperty(
      'offers',
    )

    const shown = productDetail({ pricesVisible: true, variants: [variant(71, { price })] })
    expect(graph(productJsonLd(shown, shown.variants[0]!, ORIGIN, HOME))[0]).toMatchObject({
      offers: {
        '@type': 'Offer',
        price: '1990.00',
        priceCurrency: 'CZK',
        availability: 'https://schema.org/InStock',
      },
    })
  })

  it('adds the rating only when there are ratings', () => {
    const none = productDetail()
    expect(graph(productJsonLd(none, none.variants[0]!, ORIGIN, HOME))[0]).not.toHaveProperty(
      'aggregateRating',
    )
    const rated = productDetail({ rating: { count: 3, average: 4.333 } })
    expect(graph(productJsonLd(rated, rated.variants[0]!, ORIGIN, HOME))[0]).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, ratingCount: 3 },
    })
  })

  it('lists the breadcrumbs at their canonical addresses, without the list’s filters', () => {
    const detail = productDetail()
    const [, breadcrumbs] = graph(productJsonLd(detail, detail.variants[0]!, ORIGIN, HOME))
    expect(breadcrumbs).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/en' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Frames',
          item: 'https://shop.example/en/c/3/frames',
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Aurora <Classic>',
          item: 'https://shop.example/en/p/7/aurora-classic',
        },
      ],
    })
  })

  it('cannot close its script element, whatever the texts hold', () => {
    const json = scriptJson({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})
