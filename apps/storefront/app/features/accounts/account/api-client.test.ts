import { describe, expect, it } from 'vitest'
import { fieldPath } from './api-client.ts'

describe('field names of the server’s errors', () => {
  it('names request-validation errors the way the form names its fields', () => {
    expect(fieldPath('body/billingAddress/street')).toBe('billingAddress.street')
    expect(fieldPath('body/captchaCode')).toBe('captchaCode')
    expect(fieldPath('/email')).toBe('email')
  })

  it('keeps the dotted names of a service’s own checks', () => {
    expect(fieldPath('billingAddress.postcode')).toBe('billingAddress.postcode')
    expect(fieldPath('email')).toBe('email')
  })
})
