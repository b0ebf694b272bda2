import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  COMPLAINT_PHOTO_MAX_BYTES,
  ComplaintDetailSchema,
  ComplaintInputSchema,
  ComplaintListSchema,
  ComplaintMessageInputSchema,
  PartnerPriceListsSchema,
  PRICE_LIST_FORMATS,
  PromoMaterialListSchema,
  type PriceListFormat,
} from '@optika/domain/accounts/partner-api'
import { BigIdParamsSchema, BigIdSchema, IdParamsSchema, IdSchema } from '@optika/domain/ids'
import { AppError } from '../../platform/http/app-error.ts'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'
import {
  addComplaintMessage,
  addComplaintPhoto,
  createComplaint,
  getComplaint,
  listComplaints,
  openComplaintPhoto,
} from './complaints.service.ts'
import { renderPriceList } from './price-list-files.ts'
import {
  listPartnerPriceLists,
  loadPriceListContent,
  priceListNotFound,
} from './price-lists.service.ts'
import { listPromoMaterial, openPromoFile } from './promo-material.service.ts'
import { approvedPartnerOnly, requireApprovedPartner } from './require-partner.ts'

/** `12.xlsx` → { id: 12, format: 'xlsx' }; anything else is no file of ours (404). */
function parsePriceListFile(file: string): { id: number; format: PriceListFormat } {
  const match = /^(\d{1,15})\.([a-z]+)$/.exec(file)
  const format = PRICE_LIST_FORMATS.find((f) => f === match?.[2])
  const listId = Number(match?.[1])
  if (!match || !format || !Number.isSafeInteger(listId) || listId <= 0) throw priceListNotFound()
  return { id: listId, format }
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name. */
function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** The one uploaded file (multipart field `file`); too large → 413, none → 400. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'partner.photoType')
  }
  let content: Buffer | null = null
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer()
        content ??= buffer
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', 'partner.photoTooLarge', {
        value: `${COMPLAINT_PHOTO_MAX_BYTES / (1024 * 1024)} MB`,
      })
    }
    throw new AppError(400, 'UPLOAD_INVALID', 'partner.uploadInvalid')
  }
  if (!content || content.length === 0) {
    throw new AppError(400, 'NO_FILE', 'partner.noPhoto')
  }
  return content
}

function privateFile(reply: FastifyReply, contentType: string): FastifyReply {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .type(contentType)
}

/**
 * Approved partners: price list downloads, promotion material, complaints. Every route checks
 * the partner before reading any input (401 signed out, 403 with the reason for customers and
 * pending or rejected partners) and looks ids up together with the partner's own id.
 */
export async function registerPartnerRoutes(
  app: FastifyInstance,
  deps: AccountRouteDeps,
): Promise<void> {
  const { translator, assetStore } = deps
  await app.register(async (scope) => {
    scope.addHook('onRequest', approvedPartnerOnly)
    await scope.register(multipart, {
      limits: { fileSize: COMPLAINT_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    })
    const r = scope.withTypeProvider<ZodTypeProvider>()
    const tags = ['partner']

    r.get(
      '/api/partner/price-lists',
      { schema: { tags, response: { 200: PartnerPriceListsSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return listPartnerPriceLists(request.ctx.db, requireApprovedPartner(request).priceListId)
      },
    )
    r.get(
      '/api/partner/price-lists/:file',
      {
        schema: {
          tags,
          description: 'The price list as a file: `{id}.xlsx`, `{id}.csv` or `{id}.pdf`.',
          params: z.object({ file: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const viewer = requireApprovedPartner(request)
        const { id: listId, format } = parsePriceListFile(request.params.file)
        const { locale } = request.ctx
        const content = await loadPriceListContent(
          request.ctx.db,
          viewer.priceListId,
          listId,
          locale,
        )
        const t = (key: string, params?: Record<string, string>) =>
          translator.t(locale, key, params)
        const file = await renderPriceList(content, format, {
          code: t('product.code'),
          name: t('product.name'),
          catalogPrice: t('product.catalogPrice'),
          partnerPrice: t('partner.file.partnerPrice'),
          currency: t('partner.file.currency'),
          title: t('partner.file.title', {
            name: content.name,
            date: new Date().toISOString().slice(0, 10),
          }),
        })
        return privateFile(reply, file.contentType)
          .header('content-disposition', attachment(file.fileName))
          .send(file.body)
      },
    )

    r.get(
      '/api/partner/promotion-material',
      { schema: { tags, response: { 200: PromoMaterialListSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return listPromoMaterial(request.ctx.db, request.ctx.locale)
      },
    )
    r.get(
      '/api/partner/promotion-material/:id/download',
      {
        schema: {
          tags,
          // A promotion material is an object and its file an asset: both `bigint` ids.
          params: BigIdParamsSchema,
          querystring: z.object({ file: BigIdSchema.optional() }),
        },
      },
      async (request, reply) => {
        const file = await openPromoFile(
          request.ctx.db,
          assetStore,
          request.params.id,
          request.query.file,
        )
        privateFile(reply, file.mimeType).header('content-disposition', attachment(file.fileName))
        if (file.size !== null) reply.header('content-length', file.size)
        return reply.send(file.stream)
      },
    )

    r.get(
      '/api/partner/complaints',
      { schema: { tags, response: { 200: ComplaintListSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return listComplaints(request.ctx.db, requireApprovedPartner(request).customerId)
      },
    )
    r.post(
      '/api/partner/complaints',
      { schema: { tags, body: ComplaintInputSchema, response: { 201: ComplaintDetailSchema } } },
      async (request, reply) => {
        const complaint = await createComplaint(
          request.ctx.db,
          requireApprovedPartner(request).customerId,
          request.body,
        )
        return reply.status(201).send(complaint)
      },
    )
    r.get(
      '/api/partner/complaints/:id',
      { schema: { tags, params: IdParamsSchema, response: { 200: ComplaintDetailSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return getComplaint(
          request.ctx.db,
          requireApprovedPartner(request).customerId,
          request.params.id,
        )
      },
    )
    r.post(
      '/api/partner/complaints/:id/messages',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: ComplaintMessageInputSchema,
          response: { 201: ComplaintDetailSchema },
        },
      },
      async (request, reply) => {
        const complaint = await addComplaintMessage(
          request.ctx.db,
          requireApprovedPartner(request).customerId,
          request.params.id,
          request.body,
        )
        return reply.status(201).send(complaint)
      },
    )
    r.post(
      '/api/partner/complaints/:id/photos',
      {
        schema: {
          tags,
          description: 'Attaches a photo (multipart field `file`: JPEG, PNG or WebP, ≤ 10 MB).',
          params: IdParamsSchema,
          response: { 201: ComplaintDetailSchema },
        },
      },
      async (request, reply) => {
        const viewer = requireApprovedPartner(request)
        const content = await readPhoto(request)
        const complaint = await addComplaintPhoto(
          request.ctx.db,
          assetStore,
          viewer.customerId,
          request.params.id,
          content,
        )
        return reply.status(201).send(complaint)
      },
    )
    r.get(
      '/api/partner/complaints/:id/photos/:photoId',
      { schema: { tags, params: IdParamsSchema.extend({ photoId: IdSchema }) } },
      async (request, reply) => {
        const photo = await openComplaintPhoto(
          request.ctx.db,
          assetStore,
          requireApprovedPartner(request).customerId,
          request.params.id,
          request.params.photoId,
        )
        return privateFile(reply, photo.mimeType).send(photo.stream)
      },
    )
  })
}
