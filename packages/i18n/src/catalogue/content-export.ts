import type { CatalogueSection } from './entry.ts'

/** Word and XLIFF export and import of documents' and objects' texts for translators (issue 19). */
export const contentExportCatalogue = {
  'contentExport.tab': {
    cs: 'Export pro překladatele',
    en: 'Export for translators',
    hu: 'Export a fordítóknak',
    pl: 'Eksport dla tłumaczy',
    ro: 'Export pentru traducători',
    sk: 'Export pre prekladateľov',
  },
} as const satisfies CatalogueSection
