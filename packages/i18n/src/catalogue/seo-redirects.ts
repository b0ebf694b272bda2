import type { CatalogueSection } from './entry.ts'

/** SEO redirects: rules, testing a URL, CSV import and export (issue 19). */
export const seoRedirectsCatalogue = {
  'seoRedirects.tab': {
    cs: 'Přesměrování',
    en: 'Redirects',
    hu: 'Átirányítások',
    pl: 'Przekierowania',
    ro: 'Redirecționări',
    sk: 'Presmerovania',
  },
} as const satisfies CatalogueSection
