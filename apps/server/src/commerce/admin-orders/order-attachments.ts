import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, count, eq } from 'drizzle-orm'
import {
  MAX_ORDER_ATTACHMENTS,
  type AdminOrderDetail,
} from '@optika/domain/commerce/admin-orders-api'
import { ASSET_MAX_PIXELS } from '@optika/domain/pim/asset-api'
import type { Db } from '../../platform/db/client.ts'
import { orderAttachments, orders } from '../../platform/db/schema/accounts.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import { sniffImageFormat } from '../../dam/upload/sniff-image-format.ts'
import { auditOrderChange } from './order-changes.ts'
import { findOrder, getOrderDetail } from './read-orders.ts'

/** What an attachment may be: a PDF (a delivery note, an invoice) or a picture. */
const FORMATS = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const

export function attachmentType(): AppError {
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'admin.orders.error.attachmentType')
}

function attachmentNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', 'admin.orders.error.attachmentNotFound')
}

/** The format the bytes really are (never the name or the client's MIME type), or a 415. */
async function sniff(content: Buffer): Promise<keyof typeof FORMATS> {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf'
  let image: Awaited<ReturnType<typeof sniffImageFormat>>
  try {
    image = await sniffImageFormat(content)
  } catch {
    throw attachmentType()
  }
  if (image.format !== 'jpeg' && image.format !== 'png' && image.format !== 'webp') {
    throw attachmentType()
  }
  if (image.width * image.height > ASSET_MAX_PIXELS) throw attachmentType()
  return image.format
}

/** The name people see: no path, no control characters, bounded; the real extension added. */
function cleanFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200)
  const stem = base.replace(/\.[^.]*$/, '') || 'attachment'
  return `${stem}.${extension}`
}

async function assertRoom(db: Db, orderId: number): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(orderAttachments)
    .where(eq(orderAttachments.orderId, orderId))
  if ((row?.n ?? 0) >= MAX_ORDER_ATTACHMENTS) {
    throw new AppError(409, 'TOO_MANY_ATTACHMENTS', 'admin.orders.error.tooManyAttachments', {
      value: MAX_ORDER_ATTACHMENTS,
    })
  }
}

/** Stores the file under `orders/{id}/`; the row exists only when the file was stored. */
export async function addOrderAttachment(
  ctx: AdminContext,
  store: AssetStore,
  orderId: number,
  file: { name: string; content: Buffer },
): Promise<AdminOrderDetail> {
  await findOrder(ctx.db, orderId)
  await assertRoom(ctx.db, orderId)
  const format = FORMATS[await sniff(file.content)]
  const fileName = cleanFileName(file.name, format.extension)
  const storageKey = `orders/${orderId}/${randomUUID()}.${format.extension}`
  await store.put(storageKey, file.content, format.contentType)
  try {
    await ctx.db.transaction(async (tx) => {
      // Locked, so two uploads at once cannot both take the last free place.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update')
      await assertRoom(tx, orderId)
      const [row] = await tx
        .insert(orderAttachments)
        .values({
          orderId,
          fileName,
          storageKey,
          contentType: format.contentType,
          size: file.content.length,
          adminUserId: ctx.admin.userId,
        })
        .returning({ id: orderAttachments.id })
      await auditOrderChange(ctx, tx, {
        action: 'order.attachmentAdd',
        orderId,
        before: null,
        after: {
          attachmentId: row!.id,
          fileName,
          contentType: format.contentType,
          size: file.content.length,
        },
      })
    })
  } catch (error) {
    await store.delete(storageKey)
    throw error
  }
  return getOrderDetail(ctx.db, orderId)
}

async function findAttachment(db: Db, orderId: number, attachmentId: number) {
  const [row] = await db
    .select()
    .from(orderAttachments)
    .where(and(eq(orderAttachments.id, attachmentId), eq(orderAttachments.orderId, orderId)))
  if (!row) throw attachmentNotFound()
  return row
}

/** The file of an attachment of this order (any other pair of ids is 404). */
export async function openOrderAttachment(
  db: Db,
  store: AssetStore,
  orderId: number,
  attachmentId: number,
): Promise<{ stream: Readable; fileName: string; contentType: string }> {
  const row = await findAttachment(db, orderId, attachmentId)
  const stream = await store.get(row.storageKey)
  if (!stream) throw attachmentNotFound()
  return { stream, fileName: row.fileName, contentType: row.contentType }
}

/** Removes the row (audited) and then the file: a failed file removal leaves no dangling row. */
export async function deleteOrderAttachment(
  ctx: AdminContext,
  store: AssetStore,
  orderId: number,
  attachmentId: number,
): Promise<AdminOrderDetail> {
  const row = await findAttachment(ctx.db, orderId, attachmentId)
  await ctx.db.transaction(async (tx) => {
    await tx.delete(orderAttachments).where(eq(orderAttachments.id, row.id))
    await auditOrderChange(ctx, tx, {
      action: 'order.attachmentDelete',
      orderId,
      before: {
        attachmentId: row.id,
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
      },
      after: null,
    })
  })
  await store.delete(row.storageKey)
  return getOrderDetail(ctx.db, orderId)
}
