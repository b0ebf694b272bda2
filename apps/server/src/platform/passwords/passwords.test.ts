import { describe, expect, it } from 'vitest'
import { hashPassword, passwordNeedsRehash, verifyPassword } from './passwords.ts'

describe('passwords', () => {
  it('stores an argon2id hash with the OWASP parameters, never the password itself', async () => {
    const stored = await hashPassword('Correct-horse-battery-1')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(stored).not.toContain('Correct-horse-battery-1')
    expect(passwordNeedsRehash(stored)).toBe(false)
  })

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same-password-123'),
      hashPassword('same-password-123'),
    ])
    expect(a).not.toBe(b)
  })

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Correct-horse-battery-1')
    expect(await verifyPassword(stored, 'Correct-horse-battery-1')).toBe(true)
    expect(await verifyPassword(stored, 'correct-horse-battery-1')).toBe(false)
  })

  it('treats a damaged hash as a mismatch instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
    expect(passwordNeedsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdA$aGFzaA')).toBe(true)
  })
})
