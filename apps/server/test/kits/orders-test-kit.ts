import type { Db } from '../../src/platform/db/client.ts'
import { orderItems, orderStatusHistory, orders } from '../../src/platform/db/schema/accounts.ts'
import { shippingMethods, shippingRates } from '../../src/platform/db/schema/commerce.ts'

/**
 * Test support (not a test file): a complete order written straight into the tables, with the
 * amounts a placed order carries, so mails, the invoice and the order pages can be checked
 * without going through the checkout.
 */
let counter = 0

export interface FullOrder {
  readonly id: number
  readonly number: string
}

export async function insertFullOrder(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> = {},
): Promise<FullOrder> {
  counter += 1
  const number =
    overrides.number ??
    `2026${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(3, '0')}`
  const [method] = await db
    .insert(shippingMethods)
    .values({ code: `test-forwarder-${number}`, name: { cs: 'Spedice', en: 'Forwarder' } })
    .returning({ id: shippingMethods.id })
  await db.insert(shippingRates).values({
    methodId: method!.id,
    country: overrides.country ?? 'CZ',
    priceNet: 10_000,
    deliveryDaysMin: 3,
    deliveryDaysMax: 5,
  })
  const [order] = await db
    .insert(orders)
    .values({
      number,
      status: 'new',
      email: `buyer${number}@example.com`,
      name: 'Jana Nováková',
      phone: '+420601234567',
      locale: 'cs',
      buyerKind: 'guest',
      country: 'CZ',
      currency: 'CZK',
      vatPercent: 21,
      billingAddress: {
        name: 'Jana Nováková',
        street: 'Vodičkova 12',
        city: 'Praha',
        postcode: '110 00',
        country: 'CZ',
      },
      deliveryAddress: {
        name: 'Jana Nováková',
        street: 'Vodičkova 12',
        city: 'Praha',
        postcode: '110 00',
        country: 'CZ',
      },
      shippingMethodId: method!.id,
      shippingName: 'Spedice DHL Freight',
      shippingNet: 10_000,
      shippingGross: 12_100,
      paymentKind: 'bankTransfer',
      paymentName: 'Bankovní převod',
      paymentFeeNet: 0,
      paymentFeeGross: 0,
      // Two frames of 1 000.00 + one case of 200.00 (net), 10 % coupon on the frames.
      itemsNet: 200_000 + 20_000 - 20_000,
      itemsGross: 242_000 + 24_200 - 24_200,
      discountNet: 20_000,
      discountGross: 24_200,
      catalogSumNet: 240_000,
      couponCode: 'JARO10',
      totalNet: 210_000,
      totalGross: 254_100,
      comment: 'Prosím zavolat před doručením.',
      createdAt: new Date('2026-03-02T09:30:00Z'),
      ...overrides,
    })
    .returning({ id: orders.id, number: orders.number })
  await db.insert(orderItems).values([
    {
      orderId: order!.id,
      productId: 501,
      code: 'VIS-AVI-01',
      name: 'Vistara Aviator Žlutá',
      quantity: 2,
      unitPriceNet: 100_000,
      unitPriceGross: 121_000,
      catalogPriceNet: 110_000,
      reservedQuantity: 2,
    },
    {
      orderId: order!.id,
      productId: 502,
      code: 'CASE-01',
      name: 'Pouzdro',
      quantity: 1,
      unitPriceNet: 20_000,
      unitPriceGross: 24_200,
      catalogPriceNet: 20_000,
      reservedQuantity: 1,
    },
  ])
  await db.insert(orderStatusHistory).values({
    orderId: order!.id,
    fromStatus: null,
    toStatus: 'new',
    createdAt: new Date('2026-03-02T09:30:00Z'),
  })
  return order!
}
