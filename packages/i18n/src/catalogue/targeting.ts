import type { CatalogueSection } from './entry.ts'

/** Personalization: targeting rules, target groups and content variants (issue 20). */
export const targetingCatalogue = {
  'targeting.error.notFound': {
    cs: 'Pravidlo nebo cílová skupina nebyly nalezeny.',
    en: 'The rule or target group was not found.',
    hu: 'A szabály vagy a célcsoport nem található.',
    pl: 'Nie znaleziono reguły ani grupy docelowej.',
    ro: 'Regula sau grupul țintă nu a fost găsit.',
    sk: 'Pravidlo alebo cieľová skupina sa nenašli.',
  },
} as const satisfies CatalogueSection
