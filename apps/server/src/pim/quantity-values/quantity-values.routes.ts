import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ConvertAllQuerySchema,
  ConvertAllResultSchema,
  ConvertQuerySchema,
  ConvertResultSchema,
  QuantityUnitSchema,
  UnitImportResultSchema,
  UnitImportSchema,
  UnitPageSchema,
  UnitProxyActionSchema,
  UnitProxyQuerySchema,
  UnitProxyResultSchema,
} from '@optika/domain/pim/quantity-value-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { requireAnyPermission } from '../classification-store/require-any-permission.ts'
import type { Db } from '../../platform/db/client.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import {
  convertToAllUnits,
  convertUnits,
  createUnit,
  deleteUnit,
  importUnits,
  listAllUnits,
  listUnitPage,
  updateUnit,
} from './quantity-units.ts'

const BASE = '/admin/quantity-value'

/** One proxy action (Pimcore's unit grid writes through a single URL). */
async function runProxyAction(db: Db, body: z.infer<typeof UnitProxyActionSchema>) {
  switch (body.action) {
    case 'create': {
      const unit = await createUnit(db, body.data)
      return { success: true as const, data: unit, id: unit.id }
    }
    case 'update': {
      const unit = await updateUnit(db, body.data)
      return { success: true as const, data: unit, id: unit.id }
    }
    case 'destroy':
      await deleteUnit(db, body.data.id)
      return { success: true as const, data: null, id: body.data.id }
  }
}

/**
 * Quantity value units: /admin/quantity-value/*. Everything needs `quantityValues`, except the
 * unit list, which the object editor (`objects`) needs for its unit pickers.
 */
export async function registerQuantityValueRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
): Promise<void> {
  void deps
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['quantity values']
  const manage = { preValidation: [requirePermission('quantityValues')] }

  r.get(
    `${BASE}/unit-list`,
    {
      preValidation: [requireAnyPermission('quantityValues', 'objects')],
      schema: { tags, response: { 200: z.object({ data: z.array(QuantityUnitSchema) }) } },
    },
    async (request) => ({ data: await listAllUnits(request.ctx.db) }),
  )
  r.get(
    `${BASE}/unit-proxy`,
    {
      ...manage,
      schema: { tags, querystring: UnitProxyQuerySchema, response: { 200: UnitPageSchema } },
    },
    async (request) => listUnitPage(request.ctx.db, request.query),
  )
  for (const method of ['POST', 'PUT'] as const) {
    r.route({
      method,
      url: `${BASE}/unit-proxy`,
      ...manage,
      schema: { tags, body: UnitProxyActionSchema, response: { 200: UnitProxyResultSchema } },
      handler: async (request) => runProxyAction(request.ctx.db, request.body),
    })
    r.route({
      method,
      url: `${BASE}/unit-import`,
      ...manage,
      schema: { tags, body: UnitImportSchema, response: { 200: UnitImportResultSchema } },
      handler: async (request) => ({
        success: true as const,
        ...(await importUnits(request.ctx.db, request.body)),
      }),
    })
  }
  r.get(
    `${BASE}/unit-export`,
    { ...manage, schema: { tags, response: { 200: z.array(QuantityUnitSchema) } } },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="quantity-value-units.json"')
      return listAllUnits(request.ctx.db)
    },
  )
  r.get(
    `${BASE}/convert`,
    {
      ...manage,
      schema: { tags, querystring: ConvertQuerySchema, response: { 200: ConvertResultSchema } },
    },
    async (request) =>
      convertUnits(
        request.ctx.db,
        request.query.value,
        request.query.fromUnit,
        request.query.toUnit,
      ),
  )
  r.get(
    `${BASE}/convert-all`,
    {
      ...manage,
      schema: {
        tags,
        querystring: ConvertAllQuerySchema,
        response: { 200: ConvertAllResultSchema },
      },
    },
    async (request) => convertToAllUnits(request.ctx.db, request.query.value, request.query.unit),
  )
}
