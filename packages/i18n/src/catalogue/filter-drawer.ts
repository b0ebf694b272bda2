import type { CatalogueSection } from './entry.ts'

/**
 * Filter drawer on narrow screens, facet counts (issue 21). Texts with a number come in the
 * plural forms of `Intl.PluralRules` (one, few, many, other); a language without a form repeats
 * its `other` text there.
 */
export const filterDrawerCatalogue = {
  // The sticky button that opens the drawer: with no active filter, and with how many are active.
  'filterDrawer.open': {
    cs: 'Filtry',
    en: 'Filter',
    hu: 'Szűrés',
    pl: 'Filtry',
    ro: 'Filtre',
    sk: 'Filtre',
  },
  'filterDrawer.openActive': {
    cs: 'Filtry ({{number}})',
    en: 'Filter ({{number}})',
    hu: 'Szűrés ({{number}})',
    pl: 'Filtry ({{number}})',
    ro: 'Filtre ({{number}})',
    sk: 'Filtre ({{number}})',
  },
  'filterDrawer.clearAll': {
    cs: 'Zrušit vše',
    en: 'Clear all',
    hu: 'Összes törlése',
    pl: 'Wyczyść wszystko',
    ro: 'Șterge tot',
    sk: 'Zrušiť všetko',
  },
  // The apply button while the count is not known (its request failed).
  'filterDrawer.showAny': {
    cs: 'Zobrazit produkty',
    en: 'Show products',
    hu: 'Termékek megjelenítése',
    pl: 'Pokaż produkty',
    ro: 'Afișează produsele',
    sk: 'Zobraziť produkty',
  },
  // The apply button with the number of products the drawer's choice gives.
  'filterDrawer.show.one': {
    cs: 'Zobrazit {{number}} produkt',
    en: 'Show {{number}} product',
    hu: '{{number}} termék megjelenítése',
    pl: 'Pokaż {{number}} produkt',
    ro: 'Afișează {{number}} produs',
    sk: 'Zobraziť {{number}} produkt',
  },
  'filterDrawer.show.few': {
    cs: 'Zobrazit {{number}} produkty',
    en: 'Show {{number}} products',
    hu: '{{number}} termék megjelenítése',
    pl: 'Pokaż {{number}} produkty',
    ro: 'Afișează {{number}} produse',
    sk: 'Zobraziť {{number}} produkty',
  },
  'filterDrawer.show.many': {
    cs: 'Zobrazit {{number}} produktu',
    en: 'Show {{number}} products',
    hu: '{{number}} termék megjelenítése',
    pl: 'Pokaż {{number}} produktów',
    ro: 'Afișează {{number}} de produse',
    sk: 'Zobraziť {{number}} produktu',
  },
  'filterDrawer.show.other': {
    cs: 'Zobrazit {{number}} produktů',
    en: 'Show {{number}} products',
    hu: '{{number}} termék megjelenítése',
    pl: 'Pokaż {{number}} produktu',
    ro: 'Afișează {{number}} de produse',
    sk: 'Zobraziť {{number}} produktov',
  },
  // Announced to screen readers when the count under the drawer's choice changes.
  'filterDrawer.found.one': {
    cs: 'Nalezen {{number}} produkt',
    en: '{{number}} product found',
    hu: '{{number}} termék található',
    pl: 'Znaleziono {{number}} produkt',
    ro: '{{number}} produs găsit',
    sk: 'Nájdený {{number}} produkt',
  },
  'filterDrawer.found.few': {
    cs: 'Nalezeny {{number}} produkty',
    en: '{{number}} products found',
    hu: '{{number}} termék található',
    pl: 'Znaleziono {{number}} produkty',
    ro: '{{number}} produse găsite',
    sk: 'Nájdené {{number}} produkty',
  },
  'filterDrawer.found.many': {
    cs: 'Nalezeno {{number}} produktu',
    en: '{{number}} products found',
    hu: '{{number}} termék található',
    pl: 'Znaleziono {{number}} produktów',
    ro: '{{number}} de produse găsite',
    sk: 'Nájdených {{number}} produktu',
  },
  'filterDrawer.found.other': {
    cs: 'Nalezeno {{number}} produktů',
    en: '{{number}} products found',
    hu: '{{number}} termék található',
    pl: 'Znaleziono {{number}} produktu',
    ro: '{{number}} de produse găsite',
    sk: 'Nájdených {{number}} produktov',
  },
} as const satisfies CatalogueSection
