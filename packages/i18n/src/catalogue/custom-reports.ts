import type { CatalogueSection } from './entry.ts'

/** Custom reports: definitions, data, charts and exports (issue 20). */
export const customReportsCatalogue = {
  'customReports.error.notFound': {
    cs: 'Report nebyl nalezen.',
    en: 'The report was not found.',
    hu: 'A jelentés nem található.',
    pl: 'Nie znaleziono raportu.',
    ro: 'Raportul nu a fost găsit.',
    sk: 'Report sa nenašiel.',
  },
} as const satisfies CatalogueSection
