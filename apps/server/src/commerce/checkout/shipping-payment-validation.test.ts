import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutState } from '@optika/domain/commerce/checkout-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { cartClient, insertShopFixture, SHOP } from '../../../test/kits/cart-test-kit.ts'

interface ErrorBody {
  code: string
  message: string
  errors?: { path: string; message: string }[]
}

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  await insertShopFixture(t.database.db)
})
afterAll(async () => t.close())

/** A guest with a frame in the cart, speaking `language`. */
async function shopper(language = 'en') {
  const client = cartClient(t.app)
  const headers = { 'accept-language': language }
  await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
  return {
    save: (body: object) =>
      client.call<ErrorBody>('PUT', '/api/checkout/shipping-payment', body, headers),
    state: () => client.call<CheckoutState>('GET', '/api/checkout', undefined, headers),
  }
}

const emptyForm = {
  country: 'CZ',
  contact: { email: '', phone: '', name: '' },
  billing: { street: '', city: '', postcode: '', country: 'CZ' },
  deliveryDiffers: false,
}

describe('the shipping and payment step checks required fields first', () => {
  it('says an empty e-mail is required, not in a wrong format', async () => {
    const { save } = await shopper()
    const answer = await save(emptyForm)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(
      'The data are not entered correctly. Please fix it and send the form again.',
    )
    const email = answer.body.errors?.filter((e) => e.path === 'body/contact/email')
    expect(email?.map((e) => e.message)).toEqual(['The field is required'])
  })

  it('says every empty required field is required, once', async () => {
    const { save } = await shopper()
    const answer = await save(emptyForm)
    const byPath = new Map<string, string[]>()
    for (const e of answer.body.errors ?? [])
      byPath.set(e.path, [...(byPath.get(e.path) ?? []), e.message])
    for (const path of [
      'body/contact/email',
      'body/contact/phone',
      'body/contact/name',
      'body/billing/street',
      'body/billing/city',
      'body/billing/postcode',
    ]) {
      expect(byPath.get(path), path).toEqual(['The field is required'])
    }
    expect(byPath.get('body/shippingMethodId')).toEqual(['Please select a shipping method'])
    expect(byPath.get('body/paymentMethodId')).toEqual(['Please select a payment method'])
  })

  it('still says a filled e-mail is in a wrong format', async () => {
    const { save } = await shopper('cs')
    const answer = await save({ ...emptyForm, contact: { ...emptyForm.contact, email: 'jana@' } })
    const email = answer.body.errors?.filter((e) => e.path === 'body/contact/email')
    expect(email).toHaveLength(1)
    expect(email?.[0]?.message).not.toBe('Pole je povinné')
  })
})

describe('regions are named in the shopper’s language', () => {
  it('offers Czech and Romanian regions by their Hungarian names, in Hungarian order', async () => {
    const { state } = await shopper('hu')
    const { body } = await state()
    const czech = body.countries.find((c) => c.code === 'CZ')?.regions ?? []
    expect(czech).toContainEqual({ code: 'CZ-10', name: 'Prága' })
    expect(czech).toContainEqual({ code: 'CZ-31', name: 'Dél-csehországi kerület' })
    const names = czech.map((r) => r.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('hu-HU').compare))
    const romanian = body.countries.find((c) => c.code === 'RO')?.regions ?? []
    expect(romanian).toContainEqual({ code: 'RO-CJ', name: 'Kolozs' })
    expect(romanian).toContainEqual({ code: 'RO-B', name: 'Bukarest' })
  })

  it('keeps the native names in the country’s own language', async () => {
    const { state } = await shopper('cs')
    const { body } = await state()
    expect(body.countries.find((c) => c.code === 'CZ')?.regions).toContainEqual({
      code: 'CZ-10',
      name: 'Hlavní město Praha',
    })
    expect(body.countries.find((c) => c.code === 'HU')?.regions).toContainEqual({
      code: 'HU-BU',
      name: 'Budapešť',
    })
  })
})
