import type { CatalogueSection } from './entry.ts'

/** Workflows and transitions of objects, assets and documents (issue 20). */
export const workflowCatalogue = {
  'workflow.error.notFound': {
    cs: 'Workflow nebyl nalezen.',
    en: 'The workflow was not found.',
    hu: 'A munkafolyamat nem található.',
    pl: 'Nie znaleziono przepływu pracy.',
    ro: 'Fluxul de lucru nu a fost găsit.',
    sk: 'Workflow sa nenašiel.',
  },
} as const satisfies CatalogueSection
