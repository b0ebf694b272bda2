import type { Db } from '../platform/db/client.ts'
import { voucherCodes, voucherSeries } from '../platform/db/schema/commerce.ts'

/** The demo's voucher codes, for trying the cart's coupon field (see the README's demo section). */
export const DEMO_VOUCHER_CODES = {
  /** 10 % off everything, always valid, unlimited uses. */
  percent: 'DEMO10',
  /** 200 CZK off from an order of 2,000 CZK without VAT (CZK carts only). */
  amount: 'MINUS200',
  /** Expired at the end of 2020: the cart refuses it. */
  expired: 'OLD2020',
} as const

/** Inserts the three demo voucher series, each with its one shared code; `db` is the seed's transaction. */
export async function insertDemoVouchers(db: Db): Promise<void> {
  const series = await db
    .insert(voucherSeries)
    .values([
      { name: 'Demo 10 %', kind: 'percent', value: 10 },
      {
        name: 'Demo −200 CZK',
        kind: 'amount',
        value: 20000,
        currency: 'CZK',
        minOrderNet: 200000,
      },
      {
        name: 'Demo 2020',
        kind: 'percent',
        value: 20,
        validFrom: new Date('2020-01-01T00:00:00Z'),
        validTo: new Date('2020-12-31T23:59:59Z'),
      },
    ])
    .returning({ id: voucherSeries.id })
  const codes = [DEMO_VOUCHER_CODES.percent, DEMO_VOUCHER_CODES.amount, DEMO_VOUCHER_CODES.expired]
  await db
    .insert(voucherCodes)
    .values(series.map((s, i) => ({ seriesId: s.id, code: codes[i]! })))
    .onConflictDoNothing({ target: voucherCodes.code })
}
