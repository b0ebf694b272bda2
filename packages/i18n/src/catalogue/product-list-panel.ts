import type { CatalogueSection } from './entry.ts'

/** Storefront filter side panel widgets (issue 5); key prefix 'panel.'. */
export const productListPanelCatalogue = {
  // The range slider's two thumbs, named for screen readers ('Lens width, from').
  'panel.rangeFrom': {
    cs: '{{title}}, od',
    en: '{{title}}, from',
    hu: '{{title}}, legalább',
    pl: '{{title}}, od',
    ro: '{{title}}, de la',
    sk: '{{title}}, od',
  },
  'panel.rangeTo': {
    cs: '{{title}}, do',
    en: '{{title}}, to',
    hu: '{{title}}, legfeljebb',
    pl: '{{title}}, do',
    ro: '{{title}}, până la',
    sk: '{{title}}, do',
  },
} as const satisfies CatalogueSection
