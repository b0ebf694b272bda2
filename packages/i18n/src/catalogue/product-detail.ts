import type { CatalogueSection } from './entry.ts'

/** Product page data on the server: specification values, API messages (issue 6); key prefix 'productDetail.'. */
export const productDetailCatalogue = {
  'productDetail.spec.yes': {
    cs: 'Ano',
    en: 'Yes',
    hu: 'Igen',
    pl: 'Tak',
    ro: 'Da',
    sk: 'Áno',
  },
  'productDetail.spec.no': {
    cs: 'Ne',
    en: 'No',
    hu: 'Nem',
    pl: 'Nie',
    ro: 'Nu',
    sk: 'Nie',
  },
  'productDetail.spec.tintCategory': {
    cs: 'Kategorie {{level}}',
    en: 'Category {{level}}',
    hu: '{{level}}. kategória',
    pl: 'Kategoria {{level}}',
    ro: 'Categoria {{level}}',
    sk: 'Kategória {{level}}',
  },
} as const satisfies CatalogueSection
