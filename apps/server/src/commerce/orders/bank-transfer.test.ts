import { describe, expect, it } from 'vitest'
import { bankTransferDetails } from './bank-transfer.ts'

describe('bank transfer details', () => {
  it('carry a SPAYD QR code drawn as SVG for a CZK order', async () => {
    const details = await bankTransferDetails({
      number: '2026000042',
      currency: 'CZK',
      totalGross: 254_100,
    })
    expect(details).toMatchObject({
      accountName: 'Optika',
      iban: 'CZ8399990000001234567805',
      bic: 'OPTKCZPP',
      variableSymbol: '2026000042',
      amount: 254_100,
      qr: {
        format: 'spayd',
        payload:
          'SPD*1.0*ACC:CZ8399990000001234567805+OPTKCZPP*AM:2541.00*CC:CZK*X-VS:2026000042*MSG:OPTIKA 2026000042',
      },
    })
    expect(details?.qr?.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox/)
  })

  it('carry an EPC code for EUR, the Slovak account', async () => {
    const details = await bankTransferDetails({
      number: '2026000043',
      currency: 'EUR',
      totalGross: 9_990,
    })
    expect(details?.iban).toBe('SK9299990000009876543211')
    expect(details?.qr?.format).toBe('epc')
    expect(details?.qr?.payload.split('\n')).toEqual([
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
      '/VS2026000043/SS/KS Optika 2026000043',
    ])
  })

  it('have no code for other currencies or nothing to pay', async () => {
    const huf = await bankTransferDetails({
      number: '2026000044',
      currency: 'HUF',
      totalGross: 1_000_000,
    })
    expect(huf).toMatchObject({ iban: 'HU84999999990000000123456786', qr: null })
    const free = await bankTransferDetails({ number: '2026000045', currency: 'CZK', totalGross: 0 })
    expect(free).toMatchObject({ amount: 0, qr: null })
  })
})
