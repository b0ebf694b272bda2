import type { ShippingPaymentInput } from '@optika/domain/commerce/checkout-api'

/**
 * The form of /cart/shipping-payment as ShippingPaymentSchema's input: the country applies to the
 * billing and the delivery address; the delivery address counts only when it differs. Repeated
 * method fields stay a list, so the schema answers 'Only one method … is allowed'.
 */
export function shippingPaymentInput(form: FormData): ShippingPaymentInput {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const optional = (name: string) => text(name).trim() || undefined
  const choice = (name: string) => {
    const values = form.getAll(name).filter((value): value is string => typeof value === 'string')
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : values
  }
  const country = text('country') as ShippingPaymentInput['country']
  const address = (prefix: string) => ({
    name: optional(`${prefix}.name`),
    company: optional(`${prefix}.company`),
    street: text(`${prefix}.street`),
    city: text(`${prefix}.city`),
    postcode: text(`${prefix}.postcode`),
    region: optional(`${prefix}.region`),
    country,
    phone: optional(`${prefix}.phone`),
  })
  const deliveryDiffers = form.get('deliveryDiffers') === 'on'
  return {
    country,
    shippingMethodId: choice('shippingMethodId'),
    paymentMethodId: choice('paymentMethodId'),
    contact: {
      email: text('contact.email').trim(),
      phone: text('contact.phone'),
      name: text('contact.name'),
    },
    billing: address('billing'),
    deliveryDiffers,
    ...(deliveryDiffers ? { delivery: address('delivery') } : {}),
  }
}
