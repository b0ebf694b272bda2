import { sql } from 'drizzle-orm'
import { FRAME_SIZE_FIELDS, type FrameSize } from '@optika/domain/catalogue/frame-fit'
import type { BoughtFrame, BoughtFrames } from '@optika/domain/catalogue/frame-fit-api'
import type { Db } from '../../platform/db/client.ts'

/** The most frames the picker offers (a shopper picks one of their recent pairs). */
const MAX_FRAMES = 50

/**
 * The sizes of the frames in one customer's orders, for "fits like my glasses": the ordered
 * object's product (a variant's parent) as the catalogue holds it now, once per product, most
 * recently ordered first. Items whose product is gone or lacks one of the three sizes are left
 * out; nothing of another customer's orders is ever read.
 */
export async function listBoughtFrameSizes(db: Db, customerId: number): Promise<BoughtFrames> {
  const result = await db.execute<{
    productId: number | string
    name: string
    code: string
    orderedAt: string | Date
    data: Record<string, unknown> | string | null
  }>(sql`
    select coalesce(parent.id, item.id) as "productId", oi.name, oi.code,
      o.created_at as "orderedAt", coalesce(parent.data, item.data) as data
    from order_items oi
    join orders o on o.id = oi.order_id
    join objects item on item.id = oi.product_id
    left join objects parent on item.type = 'variant' and parent.id = item.parent_id
    where o.customer_id = ${customerId} and oi.spare_part = false
    order by o.created_at desc, o.id desc, oi.id asc`)
  const frames = new Map<number, BoughtFrame>()
  for (const row of result.rows) {
    const productId = Number(row.productId)
    if (frames.has(productId)) continue
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data
    const size = sizeOf(data)
    if (!size) continue
    frames.set(productId, {
      productId,
      name: row.name,
      code: row.code,
      orderedAt: new Date(row.orderedAt).toISOString(),
      size,
    })
    if (frames.size === MAX_FRAMES) break
  }
  return { frames: [...frames.values()] }
}

function sizeOf(data: unknown): FrameSize | null {
  if (!data || typeof data !== 'object') return null
  const record = data as Record<string, unknown>
  const values = FRAME_SIZE_FIELDS.map((field) => record[field])
  if (!values.every((v): v is number => typeof v === 'number' && Number.isFinite(v))) return null
  const [lensWidth, bridgeWidth, templeLength] = values as [number, number, number]
  return { lensWidth, bridgeWidth, templeLength }
}
