import type { CatalogueSection } from './entry.ts'

/** Storefront category page: the list area, tiles, paging, sorting (issue 5); key prefix 'listPage.'. */
export const productListPageCatalogue = {
  'listPage.loadFailed': {
    cs: 'Produkty se nepodařilo načíst. Zkontrolujte připojení a zkuste to znovu.',
    en: 'The products could not be loaded. Check your connection and try again.',
    hu: 'A termékeket nem sikerült betölteni. Ellenőrizze a kapcsolatot, és próbálja újra.',
    pl: 'Nie udało się załadować produktów. Sprawdź połączenie i spróbuj ponownie.',
    ro: 'Produsele nu au putut fi încărcate. Verificați conexiunea și încercați din nou.',
    sk: 'Produkty sa nepodarilo načítať. Skontrolujte pripojenie a skúste to znova.',
  },
  'listPage.retry': {
    cs: 'Zkusit znovu',
    en: 'Retry',
    hu: 'Újra',
    pl: 'Ponów',
    ro: 'Reîncearcă',
    sk: 'Skúsiť znova',
  },
  'listPage.sortPanel': {
    cs: 'Řazení produktů',
    en: 'Product sorting',
    hu: 'Termékek rendezése',
    pl: 'Sortowanie produktów',
    ro: 'Sortarea produselor',
    sk: 'Zoradenie produktov',
  },
} as const satisfies CatalogueSection
