import type { CatalogueSection } from './entry.ts'

/** Back-office notifications and the header's unread counter (issue 20). */
export const notificationsCatalogue = {
  'notifications.error.notFound': {
    cs: 'Oznámení nebylo nalezeno.',
    en: 'The notification was not found.',
    hu: 'Az értesítés nem található.',
    pl: 'Nie znaleziono powiadomienia.',
    ro: 'Notificarea nu a fost găsită.',
    sk: 'Oznámenie sa nenašlo.',
  },
} as const satisfies CatalogueSection
