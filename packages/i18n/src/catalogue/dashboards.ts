import type { CatalogueSection } from './entry.ts'

/** The dashboards (Pimcore's portal) and their widgets (issue 20). */
export const dashboardsCatalogue = {
  'dashboards.error.notFound': {
    cs: 'Nástěnka nebyla nalezena.',
    en: 'The dashboard was not found.',
    hu: 'Az irányítópult nem található.',
    pl: 'Nie znaleziono pulpitu.',
    ro: 'Tabloul de bord nu a fost găsit.',
    sk: 'Nástenka sa nenašla.',
  },
} as const satisfies CatalogueSection
