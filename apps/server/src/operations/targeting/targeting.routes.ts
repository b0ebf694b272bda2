import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  TargetGroupAnswerSchema,
  TargetGroupListSchema,
  TargetingRuleAnswerSchema,
  TargetingRuleListSchema,
  TargetingRuleOrderSchema,
  TargetingSuccessSchema,
} from '@optika/domain/operations/targeting'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { readId, targetingService, type TargetingStaff } from './targeting-service.ts'

const ErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
}
const Loose = z.looseObject({})
const BASE = '/admin/bundle/personalization/targeting'

function staffOf(request: FastifyRequest): TargetingStaff {
  const admin = request.admin
  if (!admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  return {
    adminUserId: admin.userId,
    name: admin.name || admin.username,
    ip: request.ip,
    requestId: request.id,
  }
}

/** The request's fields: the query string, then the body (JSON or form) over it. */
function fieldsOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>
  const body = request.body && typeof request.body === 'object' ? request.body : {}
  return { ...query, ...(body as Record<string, unknown>) }
}

/**
 * What to save: our typed JSON (the fields themselves), or Pimcore's `data` — a JSON string or
 * object — whose `settings` hold name, description, scope and active beside the conditions and
 * actions.
 */
export function payloadOf(fields: Record<string, unknown>): unknown {
  let data: unknown = fields.data
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data)
    } catch {
      throw new AppError(400, 'BAD_REQUEST', 'targeting.error.invalidJson')
    }
  }
  const source = data && typeof data === 'object' ? (data as Record<string, unknown>) : fields
  const { settings, id: _id, data: _data, ...rest } = source
  return settings && typeof settings === 'object' ? { ...rest, ...settings } : rest
}

/** Rule ids in order from `ids` (ours) or Pimcore's `rules` ({"id": prio} as JSON). */
function orderOf(fields: Record<string, unknown>): number[] {
  let rules: unknown = fields.rules
  if (typeof rules === 'string') {
    try {
      rules = JSON.parse(rules)
    } catch {
      throw new AppError(400, 'BAD_REQUEST', 'targeting.error.invalidJson')
    }
  }
  if (rules && typeof rules === 'object' && !Array.isArray(rules)) {
    return Object.entries(rules as Record<string, unknown>)
      .sort(([, a], [, b]) => Number(a) - Number(b))
      .map(([id]) => readId(id))
  }
  const parsed = TargetingRuleOrderSchema.safeParse({ ids: fields.ids })
  if (!parsed.success) throw new AppError(400, 'BAD_REQUEST', 'targeting.error.order')
  return parsed.data.ids
}

/**
 * Pimcore's PersonalizationBundle targeting calls (ADMIN-CALLS.md), behind the `targeting` key.
 * Permissions are checked on request, before the parameters: 401 anonymous, 403 without the key.
 */
export function registerTargetingRoutes(
  app: FastifyInstance,
  options: { readonly onChange?: () => void } = {},
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const guard = requirePermission('targeting')
  const changed = () => options.onChange?.()
  const tags = ['admin-targeting']

  typed.get(
    `${BASE}/rule/list`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Targeting rules by priority',
        response: { 200: TargetingRuleListSchema, ...errors },
      },
    },
    async (request) => {
      const rules = await targetingService.listRules(request.ctx.db)
      return {
        success: true as const,
        rules,
        data: rules.map((r) => ({ id: r.id, text: r.name, active: r.active, qtip: r.description })),
      }
    },
  )

  typed.get(
    `${BASE}/rule/get`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'One targeting rule',
        querystring: Loose,
        response: { 200: TargetingRuleAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      rule: await targetingService.getRule(request.ctx.db, readId(fieldsOf(request).id)),
    }),
  )

  typed.post(
    `${BASE}/rule/add`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Adds a targeting rule (by name, or whole)',
        querystring: Loose,
        body: Loose.nullish(),
        response: { 200: TargetingRuleAnswerSchema.extend({ id: z.number() }), ...errors },
      },
    },
    async (request) => {
      const rule = await targetingService.addRule(
        request.ctx.db,
        staffOf(request),
        payloadOf(fieldsOf(request)),
      )
      changed()
      return { success: true as const, id: rule.id, rule }
    },
  )

  typed.put(
    `${BASE}/rule/save`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Saves a targeting rule',
        querystring: Loose,
        body: Loose.nullish(),
        response: { 200: TargetingRuleAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const fields = fieldsOf(request)
      const rule = await targetingService.saveRule(
        request.ctx.db,
        staffOf(request),
        readId(fields.id),
        payloadOf(fields),
      )
      changed()
      return { success: true as const, rule }
    },
  )

  typed.delete(
    `${BASE}/rule/delete`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Deletes a targeting rule',
        querystring: Loose,
        body: Loose.nullish(),
        response: { 200: TargetingSuccessSchema, ...errors },
      },
    },
    async (request) => {
      const id = readId(fieldsOf(request).id)
      await targetingService.deleteRule(request.ctx.db, staffOf(request), id)
      changed()
      return { success: true as const, id }
    },
  )

  typed.post(
    `${BASE}/rule/order`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Orders the targeting rules (priority)',
        querystring: Loose,
        body: Loose.nullish(),
        response: { 200: TargetingRuleListSchema, ...errors },
      },
    },
    async (request) => {
      await targetingService.orderRules(
        request.ctx.db,
        staffOf(request),
        orderOf(fieldsOf(request)),
      )
      changed()
      const rules = await targetingService.listRules(request.ctx.db)
      return {
        success: true as const,
        rules,
        data: rules.map((r) => ({ id: r.id, text: r.name, active: r.active, qtip: r.description })),
      }
    },
  )

  typed.get(
    `${BASE}/target-group/list`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Target groups',
        response: { 200: TargetGroupListSchema, ...errors },
      },
    },
    async (request) => {
      const targetGroups = await targetingService.listGroups(request.ctx.db)
      return {
        success: true as const,
        targetGroups,
        data: targetGroups.map((g) => ({
          id: g.id,
          text: g.name,
          active: g.active,
          qtip: g.description,
        })),
      }
    },
  )

  typed.get(
    `${BASE}/target-group/get`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'One target group',
        querystring: Loose,
        response: { 200: TargetGroupAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      targetGroup: await targetingService.getGroup(request.ctx.db, readId(fieldsOf(request).id)),
    }),
  )

  typed.post(
    `${BASE}/target-group/add`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Adds a target group',
        querystring: Loose,
        body: Loose.nullish(),
        response: { 200: TargetGroupAnswerSchema.extend({ id: z.number() }), ...errors },
      },
    },
    async (request) => {
      const targetGroup = await targetingService.addGroup(
        request.ctx.db,
        staffOf(request),
        payloadOf(fieldsOf(request)),
      )
      changed()
      return { success: true as const, id: targetGroup.id, targetGroup }
    },
  )

  typed.put(
    `${BASE}/target-group/save`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Saves a target group',
        querystring: Loose,
        body: Loose.nullish(),
        response: { 200: TargetGroupAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const fields = fieldsOf(request)
      const targetGroup = await targetingService.saveGroup(
        request.ctx.db,
        staffOf(request),
        readId(fields.id),
        payloadOf(fields),
      )
      changed()
      return { success: true as const, targetGroup }
    },
  )

  typed.delete(
    `${BASE}/target-group/delete`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Deletes a target group',
        querystring: Loose,
        body: Loose.nullish(),
        response: { 200: TargetingSuccessSchema, ...errors },
      },
    },
    async (request) => {
      const id = readId(fieldsOf(request).id)
      await targetingService.deleteGroup(request.ctx.db, staffOf(request), id)
      changed()
      return { success: true as const, id }
    },
  )
}
