import type { CatalogueSection } from './entry.ts'

/** System settings, website settings and caches (issue 19). */
export const systemSettingsCatalogue = {
  'systemSettings.tab.system': {
    cs: 'Systém',
    en: 'System',
    hu: 'Rendszer',
    pl: 'System',
    ro: 'Sistem',
    sk: 'Systém',
  },
  'systemSettings.tab.website': {
    cs: 'Nastavení webu',
    en: 'Website settings',
    hu: 'Webhely-beállítások',
    pl: 'Ustawienia witryny',
    ro: 'Setări site',
    sk: 'Nastavenia webu',
  },
  'systemSettings.tab.caches': {
    cs: 'Mezipaměti',
    en: 'Caches',
    hu: 'Gyorsítótárak',
    pl: 'Pamięć podręczna',
    ro: 'Memorii cache',
    sk: 'Vyrovnávacie pamäte',
  },
} as const satisfies CatalogueSection
