import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/platform/db/client.ts'
import { customerAddresses, orderItems, orders } from '../../src/platform/db/schema/accounts.ts'

/**
 * Test support (not a test file) for the account and partner areas: orders and addresses
 * written straight into the tables (the checkout issue writes orders later), and a caller that
 * sends the shop cookie and English.
 */
let counter = 0

export interface InsertedOrder {
  readonly id: number
  readonly number: string
  readonly itemIds: readonly number[]
}

export async function insertOrder(
  db: Db,
  customerId: number | null,
  options: {
    items?: readonly { code: string; name: string; quantity: number }[]
    createdAt?: Date
    status?: string
    email?: string
    name?: string
    clientNumber?: string | null
  } = {},
): Promise<InsertedOrder> {
  counter += 1
  const number = `TST${process.pid % 1000}-${counter}-${Math.floor(Math.random() * 1e6)}`
  const items = options.items ?? [{ code: 'RB-3025', name: 'Aviator', quantity: 3 }]
  const [order] = await db
    .insert(orders)
    .values({
      number,
      customerId,
      clientNumber: options.clientNumber ?? null,
      status: options.status ?? 'new',
      email: options.email ?? `buyer${counter}@example.com`,
      name: options.name ?? 'Jana Nováková',
      currency: 'CZK',
      totalNet: items.reduce((sum, i) => sum + i.quantity * 100_000, 0),
      totalGross: items.reduce((sum, i) => sum + i.quantity * 121_000, 0),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: orders.id })
  const rows = await db
    .insert(orderItems)
    .values(
      items.map((item, i) => ({
        orderId: order!.id,
        productId: 1000 + i,
        code: item.code,
        name: item.name,
        quantity: item.quantity,
        unitPriceNet: 100_000,
        unitPriceGross: 121_000,
      })),
    )
    .returning({ id: orderItems.id })
  return { id: order!.id, number, itemIds: rows.map((r) => r.id) }
}

export async function insertAddress(
  db: Db,
  customerId: number,
  kind: 'billing' | 'delivery',
  overrides: Partial<typeof customerAddresses.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(customerAddresses)
    .values({
      customerId,
      kind,
      name: 'Jana Nováková',
      street: 'Vodičkova 12',
      city: 'Praha',
      postcode: '110 00',
      country: 'CZ',
      isDefault: kind === 'delivery',
      ...overrides,
    })
    .returning({ id: customerAddresses.id })
  return row!.id
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Injects a request as a signed-in customer (cookie null = anonymous), in English. */
export function callAs(
  app: FastifyInstance,
  cookie: string | null,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}
