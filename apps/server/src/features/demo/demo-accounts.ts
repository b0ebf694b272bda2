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
  },
} as const
