import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type {
  ComplaintDetail,
  ComplaintInput,
  ComplaintMessageInput,
  ComplaintSummary,
} from '@optika/domain/accounts/partner-api'
import { ASSET_MAX_PIXELS } from '@optika/domain/pim/asset-api'
import type { Db } from '../../platform/db/client.ts'
import {
  complaintMessages,
  complaintPhotos,
  complaints,
  orderItems,
  orders,
} from '../../platform/db/schema/accounts.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import type { AssetStore } from '../../dam/assets/asset-store.ts'
import { sniffImageFormat } from '../../dam/upload/sniff-image-format.ts'

/** Photos one complaint may carry. */
export const MAX_COMPLAINT_PHOTOS = 10

export function complaintNotFound(): AppError {
  return new AppError(404, 'COMPLAINT_NOT_FOUND', 'partner.complaintNotFound')
}

const summaryColumns = {
  id: complaints.id,
  state: complaints.state,
  orderId: orders.id,
  orderNumber: orders.number,
  orderItemId: orderItems.id,
  productCode: orderItems.code,
  productName: orderItems.name,
  quantity: complaints.quantity,
  reason: complaints.reason,
  createdAt: complaints.createdAt,
  updatedAt: complaints.updatedAt,
}

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data']
}

function toSummary(row: SummaryRow): ComplaintSummary {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

function summaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(complaints)
    .innerJoin(orderItems, eq(orderItems.id, complaints.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
}

/** The partner's complaints, newest first. */
export async function listComplaints(
  db: Db,
  customerId: number,
): Promise<{ complaints: ComplaintSummary[] }> {
  const rows = await summaries(db)
    .where(eq(complaints.customerId, customerId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
  return { complaints: rows.map(toSummary) }
}

/** The partner's complaint; another partner's id is 404 like an unknown one. */
async function ownComplaint(db: Db, customerId: number, id: number) {
  const [row] = await db
    .select({ id: complaints.id, state: complaints.state })
    .from(complaints)
    .where(and(eq(complaints.id, id), eq(complaints.customerId, customerId)))
    .limit(1)
  if (!row) throw complaintNotFound()
  return row
}

export async function getComplaint(
  db: Db,
  customerId: number,
  id: number,
): Promise<ComplaintDetail> {
  const [row] = await summaries(db)
    .where(and(eq(complaints.id, id), eq(complaints.customerId, customerId)))
    .limit(1)
  if (!row) throw complaintNotFound()
  const messages = await db
    .select({
      id: complaintMessages.id,
      author: complaintMessages.author,
      text: complaintMessages.text,
      createdAt: complaintMessages.createdAt,
    })
    .from(complaintMessages)
    .where(eq(complaintMessages.complaintId, id))
    .orderBy(asc(complaintMessages.createdAt), asc(complaintMessages.id))
  const photos = await db
    .select({
      id: complaintPhotos.id,
      mimeType: complaintPhotos.mimeType,
      createdAt: complaintPhotos.createdAt,
    })
    .from(complaintPhotos)
    .where(eq(complaintPhotos.complaintId, id))
    .orderBy(asc(complaintPhotos.id))
  return {
    ...toSummary(row),
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    photos: photos.map((p) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      url: `/api/partner/complaints/${id}/photos/${p.id}`,
    })),
  }
}

/**
 * Files a complaint about an item of one of the partner's orders. Guarantee: the item is the
 * partner's (else 404), and all complaints about it together never claim more pieces than were
 * ordered — the item row is locked, so two complaints sent at once cannot both take the rest.
 */
export async function createComplaint(
  db: Db,
  customerId: number,
  input: ComplaintInput,
): Promise<ComplaintDetail> {
  const id = await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ id: orderItems.id, quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.id, input.orderItemId), eq(orders.customerId, customerId)))
      .for('update', { of: orderItems })
      .limit(1)
    if (!item) throw new AppError(404, 'ORDER_ITEM_NOT_FOUND', 'partner.orderItemNotFound')
    const claimed = (await complainedQuantities(tx, [item.id])).get(item.id) ?? 0
    const available = Math.max(0, item.quantity - claimed)
    if (input.quantity > available) {
      throw new AppError(400, 'VALIDATION_ERROR', 'validation.formError', {}, [
        { path: 'body/quantity', key: 'partner.quantityTooHigh', params: { value: available } },
      ])
    }
    const [row] = await tx
      .insert(complaints)
      .values({
        customerId,
        orderItemId: item.id,
        quantity: input.quantity,
        reason: input.reason,
      })
      .returning({ id: complaints.id })
    return row!.id
  })
  return getComplaint(db, customerId, id)
}

function closed(): AppError {
  return new AppError(409, 'COMPLAINT_CLOSED', 'partner.complaintClosed')
}

/** The partner writes to the shop about a complaint that is not resolved yet. */
export async function addComplaintMessage(
  db: Db,
  customerId: number,
  id: number,
  input: ComplaintMessageInput,
): Promise<ComplaintDetail> {
  const complaint = await ownComplaint(db, customerId, id)
  if (complaint.state === 'resolved') throw closed()
  await db.transaction(async (tx) => {
    await tx
      .insert(complaintMessages)
      .values({ complaintId: id, author: 'customer', text: input.text })
    await tx.update(complaints).set({ updatedAt: new Date() }).where(eq(complaints.id, id))
  })
  return getComplaint(db, customerId, id)
}

/** How complaint photos are stored: only these three formats are accepted. */
const PHOTO_FORMATS = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg' },
  png: { extension: 'png', mimeType: 'image/png' },
  webp: { extension: 'webp', mimeType: 'image/webp' },
} as const

async function assertPhotoRoom(db: Db, complaintId: number): Promise<void> {
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(complaintPhotos)
    .where(eq(complaintPhotos.complaintId, complaintId))
  if ((count?.count ?? 0) >= MAX_COMPLAINT_PHOTOS) {
    throw new AppError(409, 'TOO_MANY_PHOTOS', 'partner.tooManyPhotos', {
      value: MAX_COMPLAINT_PHOTOS,
    })
  }
}

function photoType(): AppError {
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'partner.photoType')
}

/**
 * Attaches a photo: the bytes must really be a JPEG, PNG or WebP picture (sniffed, never the
 * name); it is re-encoded without metadata (a phone photo's GPS position stays private) and
 * stored under `complaints/{id}/`. The row exists only when the file was stored.
 */
export async function addComplaintPhoto(
  db: Db,
  store: AssetStore,
  customerId: number,
  id: number,
  content: Buffer,
): Promise<ComplaintDetail> {
  const complaint = await ownComplaint(db, customerId, id)
  if (complaint.state === 'resolved') throw closed()
  await assertPhotoRoom(db, id)
  let sniffed: Awaited<ReturnType<typeof sniffImageFormat>>
  try {
    sniffed = await sniffImageFormat(content)
  } catch {
    throw photoType()
  }
  if (sniffed.format !== 'jpeg' && sniffed.format !== 'png' && sniffed.format !== 'webp') {
    throw photoType()
  }
  if (sniffed.width * sniffed.height > ASSET_MAX_PIXELS) throw photoType()
  const target = PHOTO_FORMATS[sniffed.format]
  const sharp = await loadSharp()
  let data: Buffer
  try {
    const image = sharp(content, { limitInputPixels: ASSET_MAX_PIXELS, failOn: 'error' }).rotate()
    data = await (
      sniffed.format === 'jpeg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : sniffed.format === 'png'
          ? image.png()
          : image.webp({ quality: 88 })
    ).toBuffer()
  } catch {
    throw photoType()
  }
  const storageKey = `complaints/${id}/${randomUUID()}.${target.extension}`
  await store.put(storageKey, data, target.mimeType)
  try {
    await db.transaction(async (tx) => {
      // Locked, so two uploads at once cannot both take the last free place.
      await tx
        .select({ id: complaints.id })
        .from(complaints)
        .where(eq(complaints.id, id))
        .for('update')
      await assertPhotoRoom(tx, id)
      await tx
        .insert(complaintPhotos)
        .values({ complaintId: id, storageKey, mimeType: target.mimeType })
      await tx.update(complaints).set({ updatedAt: new Date() }).where(eq(complaints.id, id))
    })
  } catch (error) {
    await store.delete(storageKey)
    throw error
  }
  return getComplaint(db, customerId, id)
}

/** A photo of the partner's own complaint as a stream; any other pair of ids is 404. */
export async function openComplaintPhoto(
  db: Db,
  store: AssetStore,
  customerId: number,
  id: number,
  photoId: number,
): Promise<{ stream: Readable; mimeType: string }> {
  await ownComplaint(db, customerId, id)
  const [photo] = await db
    .select({ storageKey: complaintPhotos.storageKey, mimeType: complaintPhotos.mimeType })
    .from(complaintPhotos)
    .where(and(eq(complaintPhotos.id, photoId), eq(complaintPhotos.complaintId, id)))
    .limit(1)
  const stream = photo ? await store.get(photo.storageKey) : null
  if (!photo || !stream) throw new AppError(404, 'PHOTO_NOT_FOUND', 'partner.photoNotFound')
  return { stream, mimeType: photo.mimeType }
}

/**
 * Pieces of each order item already claimed. Every complaint counts whatever its state: a
 * rejected claim was decided, and asking again goes through the complaint's messages.
 */
export async function complainedQuantities(
  db: Db,
  itemIds: readonly number[],
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map()
  const rows = await db
    .select({
      itemId: complaints.orderItemId,
      quantity: sql<number>`sum(${complaints.quantity})::int`,
    })
    .from(complaints)
    .where(inArray(complaints.orderItemId, [...itemIds]))
    .groupBy(complaints.orderItemId)
  return new Map(rows.map((r) => [r.itemId, r.quantity]))
}
