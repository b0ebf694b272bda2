import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutState } from '@optika/domain/commerce/checkout-api'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertCustomer, signInCustomer } from '../../../test/kits/customer-auth-test-kit.ts'
import { cartClient, insertShopFixture, SHOP } from '../../../test/kits/cart-test-kit.ts'
import { FIXTURE } from '../../../test/fixtures/catalogue-fixture.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  await insertShopFixture(t.database.db)
})
afterAll(async () => t.close())

const marekIn = (list: ProductsResponse) => list.products.find((p) => p.id === SHOP.marek)

describe('one currency per visitor', () => {
  it('prices the lists in the delivery country a customer chose in the checkout, like the cart', async () => {
    const customer = await insertCustomer(t.database.db, { country: 'CZ' })
    const client = cartClient(t.app, await signInCustomer(t.app, customer.email))
    const list = () =>
      client.call<ProductsResponse>('GET', `/api/products?cid=${FIXTURE.categories.frames}`)

    expect(marekIn((await list()).body)?.price).toMatchObject({ currency: 'CZK', withVat: true })

    await client.call('POST', '/api/pridat-do-kosiku', { productId: SHOP.marek, quantity: 1 })
    const changed = await client.call<CheckoutState>('PUT', '/api/checkout/country', {
      country: 'HU',
    })
    expect(changed.body.cart).toMatchObject({ country: 'HU', currency: 'HUF' })
    const line = changed.body.cart.items.find((item) => item.productId === SHOP.marek)

    const price = marekIn((await list()).body)?.price
    expect(price).toMatchObject({ currency: 'HUF', withVat: true })
    // The list asks exactly what the cart charges for one piece.
    expect(price?.final).toBe(line?.unitPrice?.gross)
  })

  it('keeps a visitor without a chosen country in the language’s country', async () => {
    const customer = await insertCustomer(t.database.db, { country: 'SK' })
    const client = cartClient(t.app, await signInCustomer(t.app, customer.email))
    const list = await client.call<ProductsResponse>(
      'GET',
      `/api/products?cid=${FIXTURE.categories.frames}`,
    )
    expect(marekIn(list.body)?.price?.currency).toBe('EUR')
    const cart = await client.call('GET', '/api/kosik')
    expect(cart.body.currency).toBe('EUR')
  })
})
