import type { CatalogueSection } from './entry.ts'

/** The application log's viewer (issue 20). */
export const applicationLogCatalogue = {
  'applicationLog.error.notFound': {
    cs: 'Záznam nebyl nalezen.',
    en: 'The log entry was not found.',
    hu: 'A naplóbejegyzés nem található.',
    pl: 'Nie znaleziono wpisu dziennika.',
    ro: 'Intrarea din jurnal nu a fost găsită.',
    sk: 'Záznam sa nenašiel.',
  },
} as const satisfies CatalogueSection
