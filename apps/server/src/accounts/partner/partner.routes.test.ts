import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ComplaintDetail,
  PartnerPriceList,
  PromoMaterial,
} from '@optika/domain/accounts/partner-api'
import { complaintPhotos, complaints } from '../../platform/db/schema/accounts.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertPriceList } from '../../../test/kits/admin-customers-test-kit.ts'
import { createLocalAssetStore, type AssetStore } from '../../dam/assets/asset-store.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'
import { callAs, insertOrder } from '../../../test/kits/account-test-kit.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { insertPricedProducts, insertPromoMaterial } from '../../../test/kits/partner-test-kit.ts'

let t: TestApp
let store: AssetStore
let listId: number
let partner: { id: number; cookie: string }

beforeAll(async () => {
  t = await buildTestApp()
  store = createLocalAssetStore(join(t.dataDir, 'assets'))
  const db = t.database.db
  listId = await insertPriceList(db, { name: 'Velkoobchod ČR' })
  await insertPricedProducts(db, listId, [
    {
      code: 'RB-3025',
      name: { cs: 'Pilotky Łódź Ő', en: 'Aviator' },
      catalog: 250_000,
      price: 180_050,
    },
    { code: 'AB-0001', name: { cs: 'Brýle Șoim', en: 'Falcon' }, catalog: 100_000, price: 80_000 },
  ])
  partner = await signedInPartner(listId)
})
afterAll(() => t.close())

async function signedInPartner(priceListId: number | null = null) {
  const customer = await insertCustomer(t.database.db, { kind: 'partner' })
  await approvePartner(t.database.db, customer.id, priceListId)
  return { id: customer.id, cookie: await signInCustomer(t.app, customer.email, customer.password) }
}

function uploadPhoto(cookie: string, complaintId: number, content: Buffer, type = 'image/jpeg') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(content)], { type }), 'photo.jpg')
  return t.app.inject({
    method: 'POST',
    url: `/api/partner/complaints/${complaintId}/photos`,
    headers: { cookie, 'accept-language': 'en' },
    payload: form,
  })
}

const redJpeg = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: '#c00' } })
    .withExif({ IFD0: { Copyright: 'secret place' } })
    .jpeg()
    .toBuffer()

describe('who may enter the partner area', () => {
  const routes = [
    ['GET', '/api/partner/price-lists'],
    ['GET', '/api/partner/price-lists/1.csv'],
    ['GET', '/api/partner/promotion-material'],
    ['GET', '/api/partner/promotion-material/1/download'],
    ['GET', '/api/partner/complaints'],
    ['POST', '/api/partner/complaints'],
    ['GET', '/api/partner/complaints/1'],
    ['POST', '/api/partner/complaints/1/messages'],
    ['POST', '/api/partner/complaints/1/photos'],
    ['GET', '/api/partner/complaints/1/photos/1'],
  ] as const

  it('answers 401 without a session', async () => {
    for (const [method, url] of routes) {
      const response = await callAs(t.app, null, method, url, method === 'POST' ? {} : undefined)
      expect(response.statusCode, url).toBe(401)
    }
  })

  it.each([
    [
      'a retail customer',
      { kind: 'customer' as const },
      'This area is for partners only. You can register as a partner.',
    ],
    [
      'a pending partner',
      { kind: 'partner' as const },
      'Your partner account is waiting for approval',
    ],
    [
      'a rejected partner',
      { kind: 'partner' as const, partnerStatus: 'rejected' as const },
      'Your partner account application was rejected',
    ],
  ])('refuses %s with 403 and the reason', async (_who, overrides, message) => {
    const customer = await insertCustomer(t.database.db, overrides)
    const cookie = await signInCustomer(t.app, customer.email, customer.password)
    for (const [method, url] of routes) {
      const response = await callAs(t.app, cookie, method, url, method === 'POST' ? {} : undefined)
      expect(response.statusCode, url).toBe(403)
      expect(response.json()).toMatchObject({ message })
    }
  })

  it('lets an approved partner in', async () => {
    const response = await callAs(t.app, partner.cookie, 'GET', '/api/partner/complaints')
    expect(response.statusCode).toBe(200)
  })
})

describe('price lists', () => {
  it("lists the partner's list with its item count and download links", async () => {
    const response = await callAs(t.app, partner.cookie, 'GET', '/api/partner/price-lists')
    expect(response.json<{ priceLists: PartnerPriceList[] }>().priceLists).toEqual([
      {
        id: listId,
        name: 'Velkoobchod ČR',
        currency: 'CZK',
        itemCount: 2,
        downloads: {
          xlsx: `/api/partner/price-lists/${listId}.xlsx`,
          csv: `/api/partner/price-lists/${listId}.csv`,
          pdf: `/api/partner/price-lists/${listId}.pdf`,
        },
      },
    ])
  })

  it('lists nothing for a partner without a list', async () => {
    const other = await signedInPartner(null)
    const response = await callAs(t.app, other.cookie, 'GET', '/api/partner/price-lists')
    expect(response.json()).toEqual({ priceLists: [] })
  })

  it('downloads a CSV with a byte order mark, the header and one row per product', async () => {
    const response = await callAs(
      t.app,
      partner.cookie,
      'GET',
      `/api/partner/price-lists/${listId}.csv`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toContain(
      'attachment; filename="Velkoobchod-CR.csv"',
    )
    const body = response.rawPayload.toString('utf8')
    expect(body.startsWith('\ufeff')).toBe(true)
    expect(body.slice(1).trim().split(/\r?\n/)).toEqual([
      'Code,Name,Catalog price,Your price excl. VAT,Currency',
      'AB-0001,Falcon,1000.00,800.00,CZK',
      'RB-3025,Aviator,2500.00,1800.50,CZK',
    ])
  })

  it('names the products in the viewer language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/partner/price-lists/${listId}.csv`,
      headers: { cookie: partner.cookie, 'accept-language': 'cs' },
    })
    expect(response.rawPayload.toString('utf8')).toContain(
      'RB-3025,Pilotky Łódź Ő,2500.00,1800.50,CZK',
    )
  })

  it('downloads a real XLSX workbook', async () => {
    const response = await callAs(
      t.app,
      partner.cookie,
      'GET',
      `/api/partner/price-lists/${listId}.xlsx`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Code',
      'Name',
      'Catalog price',
      'Your price excl. VAT',
      'Currency',
    ])
    expect(sheet.getRow(3).values).toEqual([undefined, 'RB-3025', 'Aviator', 2500, 1800.5, 'CZK'])
    expect(sheet.rowCount).toBe(3)
  })

  it('downloads a PDF with a page, Czech, Polish, Hungarian and Romanian letters embedded', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/partner/price-lists/${listId}.pdf`,
      headers: { cookie: partner.cookie, 'accept-language': 'cs' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const pdf = await PDFDocument.load(response.rawPayload)
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(pdf.getTitle()).toBe('Velkoobchod ČR')
    expect(response.rawPayload.toString('latin1')).toContain('DejaVuSans')
  })

  it('answers 404 for another list, an unknown format or a malformed name', async () => {
    const otherList = await insertPriceList(t.database.db, { name: 'Someone else' })
    for (const file of [
      `${otherList}.csv`,
      `${listId}.exe`,
      `${listId}`,
      `x${listId}.csv`,
      '999999.pdf',
    ]) {
      const response = await callAs(
        t.app,
        partner.cookie,
        'GET',
        `/api/partner/price-lists/${file}`,
      )
      expect(response.statusCode, file).toBe(404)
    }
  })
})

describe('promotion material', () => {
  it('lists published material with the file name and size, and downloads the file', async () => {
    const db = t.database.db
    const content = Buffer.from('%PDF-1.4 leaflet')
    const material = await insertPromoMaterial(db, store, {
      title: { cs: 'Leták jaro', en: 'Spring leaflet' },
      files: [{ name: 'leták-jaro.pdf', content, mimeType: 'application/pdf' }],
    })
    const hidden = await insertPromoMaterial(db, store, {
      title: { en: 'Draft' },
      published: false,
      files: [{ name: 'draft.pdf', content, mimeType: 'application/pdf' }],
    })
    const list = await callAs(t.app, partner.cookie, 'GET', '/api/partner/promotion-material')
    const materials = list.json<{ materials: PromoMaterial[] }>().materials
    expect(materials.find((m) => m.id === hidden.id)).toBeUndefined()
    expect(materials.find((m) => m.id === material.id)).toMatchObject({
      title: 'Spring leaflet',
      description: '<p>For shop windows</p>',
      fileName: 'leták-jaro.pdf',
      size: content.length,
      downloadUrl: `/api/partner/promotion-material/${material.id}/download`,
    })

    const download = await callAs(
      t.app,
      partner.cookie,
      'GET',
      `/api/partner/promotion-material/${material.id}/download`,
    )
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(content)).toBe(true)
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="let_k-jaro.pdf"; filename*=UTF-8''let%C3%A1k-jaro.pdf`,
    )
    const unpublished = await callAs(
      t.app,
      partner.cookie,
      'GET',
      `/api/partner/promotion-material/${hidden.id}/download`,
    )
    expect(unpublished.statusCode).toBe(404)
    const foreignFile = await callAs(
      t.app,
      partner.cookie,
      'GET',
      `/api/partner/promotion-material/${material.id}/download?file=${hidden.fileIds[0]}`,
    )
    expect(foreignFile.statusCode).toBe(404)
  })
})

describe('complaints', () => {
  it('files a complaint about an ordered item, up to the pieces not yet claimed', async () => {
    const order = await insertOrder(t.database.db, partner.id, {
      items: [{ code: 'RB-3025', name: 'Aviator', quantity: 3 }],
    })
    const itemId = order.itemIds[0]!
    const first = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: itemId,
      quantity: 2,
      reason: 'Broken hinge',
    })
    expect(first.statusCode).toBe(201)
    expect(first.json<ComplaintDetail>()).toMatchObject({
      state: 'open',
      orderNumber: order.number,
      productCode: 'RB-3025',
      quantity: 2,
      reason: 'Broken hinge',
      messages: [],
      photos: [],
    })
    const tooMany = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: itemId,
      quantity: 2,
      reason: 'Another one',
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({
      errors: [{ path: 'body/quantity', message: 'At most 1 pcs of this item can be claimed' }],
    })
    const zero = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: itemId,
      quantity: 0,
      reason: 'Nothing',
    })
    expect(zero.statusCode).toBe(400)
    const rest = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: itemId,
      quantity: 1,
      reason: 'Scratch',
    })
    expect(rest.statusCode).toBe(201)
    const order2 = await callAs(t.app, partner.cookie, 'GET', `/api/account/orders/${order.id}`)
    expect(order2.json()).toMatchObject({ items: [{ complainedQuantity: 3 }] })
    const list = await callAs(t.app, partner.cookie, 'GET', '/api/partner/complaints')
    expect(list.json<{ complaints: unknown[] }>().complaints.length).toBeGreaterThanOrEqual(2)
  })

  it('keeps a conversation and photos on the complaint', async () => {
    const order = await insertOrder(t.database.db, partner.id)
    const created = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: order.itemIds[0],
      quantity: 1,
      reason: 'Lens scratched',
    })
    const id = created.json<ComplaintDetail>().id
    const message = await callAs(
      t.app,
      partner.cookie,
      'POST',
      `/api/partner/complaints/${id}/messages`,
      {
        text: 'It arrived like this',
      },
    )
    expect(message.statusCode).toBe(201)
    expect(message.json<ComplaintDetail>().messages).toEqual([
      expect.objectContaining({ author: 'customer', text: 'It arrived like this' }),
    ])

    const photo = await uploadPhoto(partner.cookie, id, await redJpeg())
    expect(photo.statusCode).toBe(201)
    const [stored] = photo.json<ComplaintDetail>().photos
    expect(stored).toMatchObject({
      mimeType: 'image/jpeg',
      url: `/api/partner/complaints/${id}/photos/${stored!.id}`,
    })
    const [row] = await t.database.db
      .select()
      .from(complaintPhotos)
      .where(eq(complaintPhotos.complaintId, id))
    expect(row?.storageKey).toMatch(new RegExp(`^complaints/${id}/[0-9a-f-]+\\.jpg$`))

    const image = await callAs(t.app, partner.cookie, 'GET', stored!.url)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')
    const metadata = await sharp(image.rawPayload).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 16, height: 12 })
    expect(metadata.exif).toBeUndefined()
  })

  it('refuses files that are not JPEG, PNG or WebP pictures, whatever they claim', async () => {
    const order = await insertOrder(t.database.db, partner.id)
    const created = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: order.itemIds[0],
      quantity: 1,
      reason: 'Bent temple',
    })
    const id = created.json<ComplaintDetail>().id
    const text = await uploadPhoto(partner.cookie, id, Buffer.from('not a picture at all'))
    expect(text.statusCode).toBe(415)
    expect(text.json()).toMatchObject({ message: 'The photo must be a JPEG, PNG or WebP image' })
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    expect((await uploadPhoto(partner.cookie, id, gif, 'image/jpeg')).statusCode).toBe(415)
    const rows = await t.database.db
      .select()
      .from(complaintPhotos)
      .where(eq(complaintPhotos.complaintId, id))
    expect(rows).toEqual([])
  })

  it('refuses a photo over 10 MB with 413', async () => {
    const order = await insertOrder(t.database.db, partner.id)
    const created = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: order.itemIds[0],
      quantity: 1,
      reason: 'Too big a photo',
    })
    const id = created.json<ComplaintDetail>().id
    const response = await uploadPhoto(partner.cookie, id, Buffer.alloc(10 * 1024 * 1024 + 1, 1))
    expect(response.statusCode).toBe(413)
  })

  it('takes at most ten photos per complaint', async () => {
    const order = await insertOrder(t.database.db, partner.id)
    const created = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: order.itemIds[0],
      quantity: 1,
      reason: 'Many photos',
    })
    const id = created.json<ComplaintDetail>().id
    const photo = await redJpeg()
    for (let i = 0; i < 10; i += 1) {
      expect((await uploadPhoto(partner.cookie, id, photo)).statusCode).toBe(201)
    }
    const eleventh = await uploadPhoto(partner.cookie, id, photo)
    expect(eleventh.statusCode).toBe(409)
    expect(eleventh.json()).toMatchObject({
      message: 'At most 10 photos can be attached to a complaint',
    })
    const rows = await t.database.db
      .select()
      .from(complaintPhotos)
      .where(eq(complaintPhotos.complaintId, id))
    expect(rows).toHaveLength(10)
  })

  it('closes a resolved complaint to new messages', async () => {
    const order = await insertOrder(t.database.db, partner.id)
    const created = await callAs(t.app, partner.cookie, 'POST', '/api/partner/complaints', {
      orderItemId: order.itemIds[0],
      quantity: 1,
      reason: 'Wrong colour',
    })
    const id = created.json<ComplaintDetail>().id
    await t.database.db.update(complaints).set({ state: 'resolved' }).where(eq(complaints.id, id))
    const response = await callAs(
      t.app,
      partner.cookie,
      'POST',
      `/api/partner/complaints/${id}/messages`,
      {
        text: 'Hello?',
      },
    )
    expect(response.statusCode).toBe(409)
  })

  it('refuses complaints from a partner whose approval was withdrawn', async () => {
    const other = await signedInPartner(listId)
    await t.database.db
      .update(customers)
      .set({ partnerStatus: 'rejected' })
      .where(eq(customers.id, other.id))
    const response = await callAs(t.app, other.cookie, 'GET', '/api/partner/complaints')
    expect(response.statusCode).toBe(403)
  })
})
