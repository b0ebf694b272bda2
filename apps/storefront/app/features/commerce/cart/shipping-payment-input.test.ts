import { describe, expect, it } from 'vitest'
import { ShippingPaymentSchema } from '@optika/domain/commerce/checkout-api'
import { shippingPaymentInput } from './shipping-payment-input.ts'

function form(entries: [string, string][]): FormData {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

const filled: [string, string][] = [
  ['country', 'CZ'],
  ['shippingMethodId', '2'],
  ['paymentMethodId', '5'],
  ['contact.email', ' jana@example.cz '],
  ['contact.phone', '+420 601 234 567'],
  ['contact.name', 'Jana Nováková'],
  ['billing.company', ''],
  ['billing.street', 'Dlouhá 1'],
  ['billing.city', 'Praha'],
  ['billing.postcode', '110 00'],
  ['billing.region', 'CZ-10'],
  ['delivery.street', ''],
]

describe('the shipping and payment form as the checkout input', () => {
  it('reads the fields into the schema shape, the country applying to the billing address', () => {
    const parsed = ShippingPaymentSchema.parse(shippingPaymentInput(form(filled)))
    expect(parsed).toMatchObject({
      country: 'CZ',
      shippingMethodId: 2,
      paymentMethodId: 5,
      contact: { email: 'jana@example.cz', name: 'Jana Nováková' },
      billing: {
        street: 'Dlouhá 1',
        city: 'Praha',
        postcode: '110 00',
        region: 'CZ-10',
        country: 'CZ',
      },
      deliveryDiffers: false,
    })
    expect(parsed.billing.company).toBeUndefined()
    expect(parsed.delivery).toBeUndefined()
  })

  it('ignores a half-filled delivery address unless it differs, then checks it', () => {
    const differs = form([...filled, ['deliveryDiffers', 'on'], ['delivery.city', 'Brno']])
    const result = ShippingPaymentSchema.safeParse(shippingPaymentInput(differs))
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('delivery.street')
  })

  it('keeps two chosen shipping methods a list, which the schema refuses with the seed message', () => {
    const two = form([...filled, ['shippingMethodId', '3']])
    const result = ShippingPaymentSchema.safeParse(shippingPaymentInput(two))
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['shippingMethodId'],
        message: 'validation.oneShippingOnly',
      }),
    )
  })

  it('asks for a payment method when none is chosen', () => {
    const none = form(filled.filter(([name]) => name !== 'paymentMethodId'))
    const result = ShippingPaymentSchema.safeParse(shippingPaymentInput(none))
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['paymentMethodId'], message: 'validation.paymentRequired' }),
    )
  })
})
