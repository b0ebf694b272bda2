import type { CatalogueSection } from './entry.ts'

/** Storefront profile, addresses, GDPR, order history API messages (issue 7); key prefix 'profile.'. */
export const profileCatalogue = {
  'profile.billingExists': {
    cs: 'Fakturační adresu už máte, upravte prosím tu stávající',
    en: 'You already have a billing address, please edit it instead',
    hu: 'Már van számlázási címe, kérjük, azt módosítsa',
    pl: 'Masz już adres rozliczeniowy, zmień proszę istniejący',
    ro: 'Aveți deja o adresă de facturare, vă rugăm să o modificați pe aceasta',
    sk: 'Fakturačnú adresu už máte, upravte, prosím, tú existujúcu',
  },
  'profile.billingRequired': {
    cs: 'Fakturační adresu nelze smazat, můžete ji pouze upravit',
    en: 'The billing address cannot be deleted, only edited',
    hu: 'A számlázási cím nem törölhető, csak módosítható',
    pl: 'Adresu rozliczeniowego nie można usunąć, można go tylko zmienić',
    ro: 'Adresa de facturare nu poate fi ștearsă, doar modificată',
    sk: 'Fakturačnú adresu nemožno vymazať, môžete ju iba upraviť',
  },
  'profile.tooManyAddresses': {
    cs: 'Můžete uložit nejvýše {{value}} doručovacích adres',
    en: 'You can save at most {{value}} delivery addresses',
    hu: 'Legfeljebb {{value}} szállítási címet menthet',
    pl: 'Możesz zapisać najwyżej {{value}} adresów dostawy',
    ro: 'Puteți salva cel mult {{value}} adrese de livrare',
    sk: 'Môžete uložiť najviac {{value}} doručovacích adries',
  },
  'profile.orderNotFound': {
    cs: 'Objednávka nebyla nalezena',
    en: 'Order not found',
    hu: 'A rendelés nem található',
    pl: 'Nie znaleziono zamówienia',
    ro: 'Comanda nu a fost găsită',
    sk: 'Objednávka sa nenašla',
  },
} as const satisfies CatalogueSection
