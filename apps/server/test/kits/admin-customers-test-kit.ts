import type { Db } from '../../src/platform/db/client.ts'
import {
  complaintMessages,
  complaints,
  orderItems,
  orders,
} from '../../src/platform/db/schema/accounts.ts'
import { insertTestObject } from '../insert-test-object.ts'

let counter = 0

/**
 * Test support: a PriceList object under a fresh folder (published unless told otherwise), the
 * way the PIM stores it. Answers its id.
 */
export async function insertPriceList(
  db: Db,
  options: { name?: string; published?: boolean } = {},
): Promise<number> {
  counter += 1
  return insertTestObject(db, {
    key: `price-list-${counter}`,
    published: options.published ?? true,
    classId: 'PriceList',
    data: {
      name: options.name ?? `Partner list ${counter}`,
      currency: 'CZK',
      discountPercent: 20,
      items: [],
    },
  })
}

/** An order of the customer with one item, and an open complaint about it (with one message). */
export async function insertComplaint(
  db: Db,
  customerId: number,
  options: { state?: 'open' | 'accepted' | 'rejected' | 'resolved' } = {},
): Promise<{ complaintId: number; orderNumber: string }> {
  counter += 1
  const number = `T${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`
  const [order] = await db
    .insert(orders)
    .values({
      number,
      customerId,
      email: 'buyer@example.com',
      name: 'Buyer',
      currency: 'CZK',
      totalNet: 100000,
      totalGross: 121000,
    })
    .returning({ id: orders.id })
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order!.id,
      productId: 1,
      code: 'RB-1',
      name: 'Aviator frame',
      quantity: 3,
      unitPriceNet: 100000,
      unitPriceGross: 121000,
    })
    .returning({ id: orderItems.id })
  const [complaint] = await db
    .insert(complaints)
    .values({
      customerId,
      orderItemId: item!.id,
      quantity: 1,
      reason: 'The hinge broke',
      state: options.state ?? 'open',
    })
    .returning({ id: complaints.id })
  await db
    .insert(complaintMessages)
    .values({ complaintId: complaint!.id, author: 'customer', text: 'Please replace it.' })
  return { complaintId: complaint!.id, orderNumber: number }
}
