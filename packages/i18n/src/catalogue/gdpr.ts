import type { CatalogueSection } from './entry.ts'

/** The GDPR data extractor: search, export and anonymize (issue 20). */
export const gdprCatalogue = {
  'gdpr.error.notFound': {
    cs: 'Osoba nebyla nalezena.',
    en: 'The person was not found.',
    hu: 'A személy nem található.',
    pl: 'Nie znaleziono osoby.',
    ro: 'Persoana nu a fost găsită.',
    sk: 'Osoba sa nenašla.',
  },
} as const satisfies CatalogueSection
