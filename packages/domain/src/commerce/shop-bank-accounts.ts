import type { Currency } from './currencies.ts'

/** One of the shop's bank accounts (where buyers pay by transfer). */
export interface ShopBankAccount {
  readonly accountName: string
  readonly iban: string
  readonly bic: string
}

/**
 * The shop's accounts, one per currency, each in the country that pays in it (a domestic
 * transfer is free for the buyer). The bank codes (9999, OPTK…) are fictional so nobody pays a
 * real stranger, but every IBAN carries a valid mod-97 checksum (and national check digits), so
 * banking apps accept the QR codes in a demo. A real shop replaces these constants.
 */
export const SHOP_BANK_ACCOUNTS: Record<Currency, ShopBankAccount> = {
  CZK: { accountName: 'Optika', iban: 'CZ8399990000001234567805', bic: 'OPTKCZPP' },
  EUR: { accountName: 'Optika', iban: 'SK9299990000009876543211', bic: 'OPTKSKBA' },
  HUF: { accountName: 'Optika', iban: 'HU84999999990000000123456786', bic: 'OPTKHUHB' },
  PLN: { accountName: 'Optika', iban: 'PL84999999990000001234567890', bic: 'OPTKPLPW' },
  RON: { accountName: 'Optika', iban: 'RO61OPTK0000001234567890', bic: 'OPTKROBU' },
}

/** ISO 13616 check: two letters, two check digits, the rest alphanumeric, mod 97 = 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const digits = Number.parseInt(char, 36).toString()
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/** The IBAN in groups of four, as people read it from a page or an invoice. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * The seller on invoices. Fictional like the accounts: IČO 00000019 passes the Czech mod-11
 * check; a real shop replaces these constants (or a back-office setting does, later).
 */
export const SHOP_SELLER = {
  name: 'Optika demo s.r.o.',
  street: 'Příkladová 1',
  city: 'Praha',
  postcode: '110 00',
  country: 'CZ',
  tin: '00000019',
  vatId: 'CZ00000019',
} as const
