import { describe, expect, it } from 'vitest'
import { MASK, maskEmailSecrets } from './mask-email-secrets.ts'

describe('masking the secrets of a logged mail', () => {
  it('masks the token of a password reset link in text and in an HTML attribute', () => {
    const token = 'q9Zr2W_x-4bT'
    expect(maskEmailSecrets(`Open https://shop.example/en/new-password?token=${token} now`)).toBe(
      `Open https://shop.example/en/new-password?token=${MASK} now`,
    )
    expect(
      maskEmailSecrets(
        `<a href="https://shop.example/admin/login/token?lang=cs&amp;token=${token}">`,
      ),
    ).toBe(`<a href="https://shop.example/admin/login/token?lang=cs&amp;token=${MASK}">`)
  })

  it('masks a long random token in a path and a one-time code, and leaves ordinary text alone', () => {
    const masked = maskEmailSecrets(
      'Invite: https://x.example/i/3kF9sQ2mZ7pL1vB8nC4xD6hJ and your code: 482913. Order 2026000123, total 2 541,00 Kč.',
    )
    expect(masked).toBe(
      `Invite: https://x.example/i/${MASK} and your code: ${MASK}. Order 2026000123, total 2 541,00 Kč.`,
    )
    const qr =
      '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==">'
    expect(maskEmailSecrets(qr)).toBe(qr)
    expect(maskEmailSecrets('Dear Jana, your order 2026000123 is on its way.')).toBe(
      'Dear Jana, your order 2026000123 is on its way.',
    )
  })
})
