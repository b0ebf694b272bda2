import { MINOR_UNITS } from './currencies.ts'

/** What a payment QR code says: who to pay, how much (minor units) and the reference. */
export interface PaymentQrInput {
  readonly iban: string
  readonly bic: string
  readonly accountName: string
  /** Minor units (haléř, cent). */
  readonly amount: number
  /** Digits only, at most 10 (the Czech/Slovak variable symbol). */
  readonly variableSymbol: string
  /** A note for the payee's statement, e.g. 'Order 2026000042'. */
  readonly message: string
}

function major(amount: number, currency: 'CZK' | 'EUR'): string {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`bad amount ${amount}`)
  return (amount / MINOR_UNITS[currency]).toFixed(2)
}

function checkVariableSymbol(vs: string): string {
  if (!/^\d{1,10}$/.test(vs)) throw new RangeError(`a variable symbol is 1–10 digits: ${vs}`)
  return vs
}

/**
 * SPAYD field values: diacritics removed (Czech bank apps differ in their UTF-8 support, ASCII
 * reads everywhere), '*' — the field separator — written as %2A, upper case to keep the QR in its
 * denser alphanumeric-friendly form.
 */
function spaydText(value: string, maxLength: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase()
    .slice(0, maxLength)
    .replaceAll('%', '%25')
    .replaceAll('*', '%2A')
    .trim()
}

/**
 * Short Payment Descriptor (SPAYD 1.0, Czech Banking Association): the QR payment every Czech
 * bank app reads. `SPD*1.0*ACC:{IBAN}+{BIC}*AM:{amount}*CC:CZK*X-VS:{vs}*MSG:{message}`.
 */
export function spaydPayload(input: PaymentQrInput): string {
  const fields = [
    'SPD',
    '1.0',
    `ACC:${input.iban.replace(/\s+/g, '').toUpperCase()}+${input.bic.toUpperCase()}`,
    `AM:${major(input.amount, 'CZK')}`,
    'CC:CZK',
    `X-VS:${checkVariableSymbol(input.variableSymbol)}`,
    `MSG:${spaydText(input.message, 60)}`,
  ]
  return fields.join('*')
}

/**
 * EPC069-12 "SEPA Credit Transfer" QR (the 'GiroCode'), version 002, UTF-8: the lines BCD,
 * version, character set, SCT, BIC, name (≤ 70), IBAN, EUR amount, purpose (empty), structured
 * reference (empty), unstructured remittance (≤ 140). The remittance carries the Slovak
 * convention `/VS{vs}/SS/KS` first, which Slovak banks turn into the variable symbol, then the
 * message.
 */
export function epcPayload(input: PaymentQrInput): string {
  const remittance = `/VS${checkVariableSymbol(input.variableSymbol)}/SS/KS ${input.message}`
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    input.bic.toUpperCase(),
    input.accountName.replace(/\s*\n\s*/g, ' ').slice(0, 70),
    input.iban.replace(/\s+/g, '').toUpperCase(),
    `EUR${major(input.amount, 'EUR')}`,
    '',
    '',
    remittance.replace(/\s*\n\s*/g, ' ').slice(0, 140),
  ]
  return lines.join('\n')
}

/** The variable symbol of an order: its number's digits (at most the last ten). */
export function variableSymbolOf(orderNumber: string): string {
  const digits = orderNumber.replace(/\D/g, '')
  return digits.slice(-10) || '0'
}
