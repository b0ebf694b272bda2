import type { CatalogueSection } from './entry.ts'

/** The translations screen: the shared dictionary of the shop and the back office (issue 19). */
export const adminTranslationsCatalogue = {
  'adminTranslations.tab.translations': {
    cs: 'Překlady',
    en: 'Translations',
    hu: 'Fordítások',
    pl: 'Tłumaczenia',
    ro: 'Traduceri',
    sk: 'Preklady',
  },
} as const satisfies CatalogueSection
