/**
 * Client numbers (seed sections 5 and 9): `74 XXXX YYY`, the shop's prefix 74 and seven digits.
 * Registration draws the seven digits at random and lets the database's unique index settle
 * the rare collision (see the server's register-customer.ts and decision 017).
 */
export const CLIENT_NUMBER_PATTERN = /^74 \d{4} \d{3}$/

export function isClientNumber(value: string): boolean {
  return CLIENT_NUMBER_PATTERN.test(value)
}

/** `741234567`, `74-1234-567` or `74 1234 567` → `74 1234 567`; null when it is not one. */
export function normalizeClientNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '')
  if (!/^74\d{7}$/.test(digits)) return null
  return `74 ${digits.slice(2, 6)} ${digits.slice(6)}`
}

/** Writes seven digits (0 … 9 999 999) as a client number. */
export function formatClientNumber(sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > 9_999_999) {
    throw new RangeError('a client number has seven digits')
  }
  const digits = String(sequence).padStart(7, '0')
  return `74 ${digits.slice(0, 4)} ${digits.slice(4)}`
}

/**
 * A random client number from the range registration uses (74 1000 000 … 74 8999 999; 74 9…
 * is left to imports and tests, 74 0… unused so numbers never look zero-padded).
 */
export function randomClientNumber(): string {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1))
  return formatClientNumber(1_000_000 + (value % 8_000_000))
}
