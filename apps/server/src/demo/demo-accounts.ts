/**
 * Demo sign-ins, quoted by the README and the tests from this one place. They exist only in
 * demo data; production runs with DEMO_DATA=false and creates its admin with `npm run admin:create`.
 */
export const DEMO_ACCOUNTS = {
  admin: {
    username: 'admin',
    email: 'admin@optika.example',
    password: 'Optika-admin-2026',
    name: 'Optika Admin',
  },
  customer: {
    email: 'zakaznik@optika.example',
    password: 'Optika-zakaznik-2026',
    firstName: 'Jana',
    lastName: 'Nováková',
    clientNumber: '74 1024 001',
    country: 'CZ',
    language: 'cs',
    phone: '+420 601 234 567',
    address: { street: 'Vinohradská 12', city: 'Praha', postcode: '120 00' },
  },
  /** A retail customer with the storefront moderator flag (forum and ratings, issue 18). */
  moderator: {
    email: 'moderator@optika.example',
    password: 'Optika-moderator-2026',
    firstName: 'Marek',
    lastName: 'Dvořák',
    clientNumber: '74 1024 002',
    country: 'CZ',
    language: 'cs',
    phone: '+420 602 345 678',
    address: { street: 'Korunní 45', city: 'Praha', postcode: '120 00' },
  },
  partner: {
    email: 'partner@optika.example',
    password: 'Optika-partner-2026',
    firstName: 'Petr',
    lastName: 'Svoboda',
    company: 'Optika Partner s.r.o.',
    clientNumber: '74 2048 001',
    country: 'CZ',
    language: 'cs',
    phone: '+420 543 210 987',
    tin: '27074358',
    vatId: 'CZ27074358',
    owner: 'Petr Svoboda',
    website: 'www.optika-partner.example',
    address: { street: 'Masarykova 3', city: 'Brno', postcode: '602 00' },
    /** Partner terms the shop granted: the demo price list 'partner-czk', 30 days, 200 000 CZK. */
    priceListKey: 'partner-czk',
    invoiceMaturityDays: 30,
    creditLimit: 20_000_000,
    creditCurrency: 'CZK',
  },
} as const
