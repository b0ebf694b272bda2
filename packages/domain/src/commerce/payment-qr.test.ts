import { describe, expect, it } from 'vitest'
import { epcPayload, spaydPayload, variableSymbolOf } from './payment-qr.ts'
import { REGIONS } from './regions.ts'
import { SHOP_BANK_ACCOUNTS, formatIban, isValidIban } from './shop-bank-accounts.ts'

const czk = SHOP_BANK_ACCOUNTS.CZK
const eur = SHOP_BANK_ACCOUNTS.EUR

describe('payment QR payloads', () => {
  it('writes a SPAYD 1.0 string for a CZK order', () => {
    expect(
      spaydPayload({
        ...czk,
        amount: 1_234_550,
        variableSymbol: '2026000042',
        message: 'Objednávka 2026000042',
      }),
    ).toBe(
      'SPD*1.0*ACC:CZ8399990000001234567805+OPTKCZPP*AM:12345.50*CC:CZK*X-VS:2026000042*MSG:OBJEDNAVKA 2026000042',
    )
  })

  it('keeps the field separator out of SPAYD values and cuts the message at 60 characters', () => {
    const payload = spaydPayload({
      ...czk,
      amount: 100,
      variableSymbol: '7',
      message: `a*b%c ${'x'.repeat(80)}`,
    })
    expect(payload).toBe(
      `SPD*1.0*ACC:CZ8399990000001234567805+OPTKCZPP*AM:1.00*CC:CZK*X-VS:7*MSG:A%2AB%25C ${'X'.repeat(54)}`,
    )
  })

  it('writes an EPC069-12 SEPA credit transfer for a EUR order', () => {
    expect(
      epcPayload({
        ...eur,
        amount: 9_990,
        variableSymbol: '2026000042',
        message: 'Objednávka 2026000042',
      }),
    ).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'OPTKSKBA',
        'Optika',
        'SK9299990000009876543211',
        'EUR99.90',
        '',
        '',
        '/VS2026000042/SS/KS Objednávka 2026000042',
      ].join('\n'),
    )
  })

  it('refuses amounts and symbols a bank would reject', () => {
    const base = { ...czk, message: 'x' }
    expect(() => spaydPayload({ ...base, amount: 0, variableSymbol: '1' })).toThrow(RangeError)
    expect(() => spaydPayload({ ...base, amount: 100, variableSymbol: '12345678901' })).toThrow(
      RangeError,
    )
    expect(() => epcPayload({ ...base, amount: 10.5, variableSymbol: '1' })).toThrow(RangeError)
  })

  it('takes the variable symbol from the order number digits', () => {
    expect(variableSymbolOf('2026000042')).toBe('2026000042')
    expect(variableSymbolOf('OBJ-2026-000042')).toBe('2026000042')
    expect(variableSymbolOf('123456789012')).toBe('3456789012')
  })
})

describe('the shop bank accounts', () => {
  it('have valid IBAN checksums', () => {
    for (const account of Object.values(SHOP_BANK_ACCOUNTS)) {
      expect(isValidIban(account.iban), account.iban).toBe(true)
    }
    expect(isValidIban('CZ8399990000001234567806')).toBe(false)
    expect(isValidIban('CZ65 0800 0000 1920 0014 5399')).toBe(true)
    expect(formatIban('CZ8399990000001234567805')).toBe('CZ83 9999 0000 0012 3456 7805')
  })
})

describe('regions', () => {
  it('lists every first-level region of the five countries with ISO 3166-2 codes', () => {
    expect(REGIONS.CZ).toHaveLength(14)
    expect(REGIONS.SK).toHaveLength(8)
    expect(REGIONS.HU).toHaveLength(20)
    expect(REGIONS.PL).toHaveLength(16)
    expect(REGIONS.RO).toHaveLength(42)
    for (const [country, regions] of Object.entries(REGIONS)) {
      const codes = regions.map((r) => r.code)
      expect(new Set(codes).size).toBe(codes.length)
      for (const code of codes) expect(code).toMatch(new RegExp(`^${country}-[0-9A-Z]{1,3}$`))
    }
    expect(REGIONS.RO).toContainEqual({ code: 'RO-B', name: 'București' })
    expect(REGIONS.HU).toContainEqual({ code: 'HU-BU', name: 'Budapest' })
  })

  it('sorts each list in its own language', () => {
    const languages = { CZ: 'cs', SK: 'sk', HU: 'hu', PL: 'pl', RO: 'ro' } as const
    for (const [country, regions] of Object.entries(REGIONS)) {
      const collator = new Intl.Collator(languages[country as keyof typeof languages])
      const names = regions.map((r) => r.name)
      expect(names).toEqual([...names].sort(collator.compare))
    }
  })
})
