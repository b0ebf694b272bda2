import { eq } from 'drizzle-orm'
import type { Db } from '../../src/platform/db/client.ts'
import { orderItems, orders, orderStatusHistory } from '../../src/platform/db/schema/accounts.ts'
import { stockLevels } from '../../src/platform/db/schema/commerce.ts'
import { insertTestObject } from '../insert-test-object.ts'

let counter = 0

/** Test support: a product object with `stock` pieces on stock. Answers its id. */
export async function insertStockedProduct(db: Db, stock: number): Promise<number> {
  counter += 1
  const id = await insertTestObject(db, {
    key: `order-product-${process.pid}-${counter}`,
    classId: 'Product',
    data: { name: `Frame ${counter}` },
  })
  await db.insert(stockLevels).values({ objectId: id, quantity: stock })
  return id
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(eq(stockLevels.objectId, productId))
  return row?.quantity ?? 0
}

export interface TestOrderItem {
  readonly productId: number
  readonly quantity: number
  readonly reserved?: number
  readonly shipped?: number
  readonly name?: string
}

export interface TestOrderOptions {
  readonly status?: string
  readonly customerId?: number | null
  readonly clientNumber?: string | null
  readonly email?: string
  readonly name?: string
  readonly locale?: string
  readonly buyerKind?: 'guest' | 'customer' | 'partner'
  readonly country?: string
  readonly currency?: string
  readonly paymentKind?: string
  readonly totalGross?: number
  readonly createdAt?: Date
  readonly items?: readonly TestOrderItem[]
}

/**
 * An order placed the way the checkout stores it (its items, the 'new' history row), without
 * going through the checkout. Answers its id, number and item ids.
 */
export async function insertOrder(
  db: Db,
  options: TestOrderOptions = {},
): Promise<{ id: number; number: string; itemIds: number[] }> {
  counter += 1
  const number = `T${process.pid}-${counter}-${Math.floor(Math.random() * 1e6)}`
  const totalGross = options.totalGross ?? 121000
  const totalNet = Math.round(totalGross / 1.21)
  const [order] = await db
    .insert(orders)
    .values({
      number,
      status: options.status ?? 'new',
      customerId: options.customerId ?? null,
      clientNumber: options.clientNumber ?? null,
      email: options.email ?? `buyer${counter}@example.com`,
      name: options.name ?? 'Jana Kupující',
      phone: '+420 601 123 456',
      locale: options.locale ?? 'cs',
      buyerKind: options.buyerKind ?? 'guest',
      country: options.country ?? 'CZ',
      currency: options.currency ?? 'CZK',
      vatPercent: 21,
      billingAddress: {
        name: options.name ?? 'Jana Kupující',
        company: '',
        street: 'Hlavní 1',
        city: 'Brno',
        postcode: '602 00',
        region: '',
        country: options.country ?? 'CZ',
        tin: '',
        vatId: '',
      },
      deliveryAddress: {},
      shippingName: 'PPL',
      shippingNet: 10000,
      shippingGross: 12100,
      paymentKind: options.paymentKind ?? 'bankTransfer',
      paymentName: 'Bank transfer',
      itemsNet: totalNet - 10000,
      itemsGross: totalGross - 12100,
      catalogSumNet: totalNet,
      totalNet,
      totalGross,
      comment: 'Please ring twice',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: orders.id })
  const itemIds: number[] = []
  for (const item of options.items ?? []) {
    const [row] = await db
      .insert(orderItems)
      .values({
        orderId: order!.id,
        productId: item.productId,
        code: `RB-${item.productId}`,
        name: item.name ?? `Frame ${item.productId}`,
        quantity: item.quantity,
        unitPriceNet: 10000,
        unitPriceGross: 12100,
        catalogPriceNet: 12000,
        reservedQuantity: item.reserved ?? item.quantity,
        shippedQuantity: item.shipped ?? 0,
      })
      .returning({ id: orderItems.id })
    itemIds.push(row!.id)
  }
  await db
    .insert(orderStatusHistory)
    .values({ orderId: order!.id, fromStatus: null, toStatus: 'new', adminUserId: null })
  return { id: order!.id, number, itemIds }
}
