import type {
  ProductDetail,
  ProductDetailVariant,
  ProductImage,
} from '@optika/domain/catalogue/product-detail-api'

/** Shapes of the product page's data for the page's unit tests (the server builds the real ones). */
export function image(id: number): ProductImage {
  return {
    id,
    alt: `Picture ${id}`,
    width: 800,
    height: 600,
    thumbnail: `/media/thumbnail/${id}.webp`,
    medium: `/media/medium/${id}.webp`,
    large: `/media/large/${id}.webp`,
  }
}

export function variant(
  id: number,
  extra: Partial<ProductDetailVariant> = {},
): ProductDetailVariant {
  return {
    id,
    code: `OB-${id}`,
    name: `Colour ${id}`,
    colorKey: `c${id}`,
    color: { css: '#123456', name: `Colour ${id}` },
    availability: 'inStock',
    availabilityText: 'In stock',
    orderability: 'available',
    orderabilityText: 'Available',
    images: [image(id * 10), image(id * 10 + 1)],
    price: null,
    deliveryOutlook: 'dated',
    ...extra,
  }
}

export function productDetail(extra: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 7,
    locale: 'en',
    name: 'Aurora <Classic>',
    code: 'OB-7',
    kind: 'frame',
    brand: 'Optika',
    manufacturer: 'Optika',
    collection: 'City',
    model: 'A1',
    series: null,
    description: 'A light acetate frame.',
    url: '/en/p/7/aurora-classic',
    urls: {
      cs: '/cs/p/7/aurora-classic',
      en: '/en/p/7/aurora-classic',
      hu: '/hu/p/7/aurora-classic',
      pl: '/pl/p/7/aurora-classic',
      ro: '/ro/p/7/aurora-classic',
      sk: '/sk/p/7/aurora-classic',
    },
    categoryTrail: [{ id: 3, name: 'Frames', url: '/en/c/3/frames?cid=3&material=acetate' }],
    backToList: '/en/c/3/frames?material=acetate&product=7',
    statuses: [],
    specification: [{ key: 'product.templeLength', value: '140 mm' }],
    variants: [
      variant(71),
      variant(72, {
        availability: 'outOfStock',
        availabilityText: 'Out of stock (available later)',
        orderability: 'outOfStock',
        orderabilityText: 'Out of stock',
        deliveryOutlook: 'later',
      }),
    ],
    selectedVariantId: 71,
    rules: { min: 2, step: 2, max: 10 },
    pricesVisible: false,
    guestRetailPrices: false,
    delivery: {
      country: 'CZ',
      options: [
        {
          methodId: 1,
          name: 'Forwarding company',
          earliest: '2026-11-27',
          latest: '2026-12-01',
          datesText: 'Fri, 27 Nov – Tue, 1 Dec',
        },
      ],
    },
    related: [],
    spareParts: [],
    rating: { count: 0, average: null },
    ...extra,
  }
}
