import type { adminCatalogue } from '@optika/i18n/catalogue/admin'

/**
 * Types `t()` against the admin catalogue: a key the catalogue lacks is a compile error. Keys are
 * flat (`admin.nav.dashboard` is one key, not a path), hence no key or namespace separator.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    keySeparator: false
    nsSeparator: false
    resources: {
      translation: Record<keyof typeof adminCatalogue, string>
    }
  }
}
