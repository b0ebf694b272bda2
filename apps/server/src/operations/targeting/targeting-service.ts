import { asc, eq, sql } from 'drizzle-orm'
import {
  TargetGroupInputSchema,
  TargetingRuleInputSchema,
  type TargetGroup,
  type TargetGroupInput,
  type TargetingRule,
  type TargetingRuleInput,
} from '@optika/domain/operations/targeting'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Db } from '../../platform/db/client.ts'
import { targetingRules, targetingTargetGroups } from '../../platform/db/schema/targeting.ts'

/** The back-office user acting, for the audit log. */
export interface TargetingStaff {
  readonly adminUserId: number
  readonly name: string
  readonly ip: string
  readonly requestId: string
}

type RuleRow = typeof targetingRules.$inferSelect
type GroupRow = typeof targetingTargetGroups.$inferSelect

export function ruleOf(row: RuleRow): TargetingRule {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    scope: row.scope,
    priority: row.priority,
    conditions: row.conditions,
    actions: {
      assignTargetGroup: row.actions.assignTargetGroup ?? null,
      redirect: row.actions.redirect ?? null,
    },
  }
}

export function groupOf(row: GroupRow): TargetGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    threshold: row.threshold,
  }
}

const notFound = () => new AppError(404, 'NOT_FOUND', 'targeting.error.notFound')

/** A unique-name violation (`targeting_*_name_unique`) as a translated 409. */
function isDuplicateName(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true
  }
  return false
}

async function audit(
  db: Db,
  staff: TargetingStaff,
  change: {
    action: string
    entityType: 'targetingRule' | 'targetGroup'
    entityId: number
    before?: unknown
    after?: unknown
  },
) {
  await recordAudit(db, {
    actor: { id: staff.adminUserId, name: staff.name },
    ...change,
    ip: staff.ip,
    requestId: staff.requestId,
  })
}

/** Parses an id from Pimcore's form fields (`id=3`), a number, or nothing (→ 400). */
export function readId(value: unknown): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw new AppError(400, 'BAD_REQUEST', 'targeting.error.id')
  }
  return id
}

/** Rules and target groups: read, create, change, order, delete — each change audited. */
export const targetingService = {
  async listRules(db: Db): Promise<TargetingRule[]> {
    const rows = await db
      .select()
      .from(targetingRules)
      .orderBy(asc(targetingRules.priority), asc(targetingRules.id))
    return rows.map(ruleOf)
  },

  async getRule(db: Db, id: number): Promise<TargetingRule> {
    const [row] = await db.select().from(targetingRules).where(eq(targetingRules.id, id))
    if (!row) throw notFound()
    return ruleOf(row)
  },

  async addRule(db: Db, staff: TargetingStaff, raw: unknown): Promise<TargetingRule> {
    const input = TargetingRuleInputSchema.parse(raw)
    return db.transaction(async (tx) => {
      await checkGroup(tx, input)
      const [next] = await tx
        .select({ value: sql<number>`coalesce(max(${targetingRules.priority}), 0) + 1` })
        .from(targetingRules)
      const row = await insertOrConflict(() =>
        tx
          .insert(targetingRules)
          .values({ ...input, priority: Number(next?.value ?? 1) })
          .returning(),
      )
      const rule = ruleOf(row)
      await audit(tx, staff, {
        action: 'targeting.rule.add',
        entityType: 'targetingRule',
        entityId: rule.id,
        after: rule,
      })
      return rule
    })
  },

  async saveRule(db: Db, staff: TargetingStaff, id: number, raw: unknown): Promise<TargetingRule> {
    const input = TargetingRuleInputSchema.parse(raw)
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(targetingRules).where(eq(targetingRules.id, id))
      if (!before) throw notFound()
      await checkGroup(tx, input)
      const row = await insertOrConflict(() =>
        tx
          .update(targetingRules)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(targetingRules.id, id))
          .returning(),
      )
      const rule = ruleOf(row)
      await audit(tx, staff, {
        action: 'targeting.rule.save',
        entityType: 'targetingRule',
        entityId: id,
        before: ruleOf(before),
        after: rule,
      })
      return rule
    })
  },

  async deleteRule(db: Db, staff: TargetingStaff, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(targetingRules).where(eq(targetingRules.id, id)).returning()
      if (!before) throw notFound()
      await audit(tx, staff, {
        action: 'targeting.rule.delete',
        entityType: 'targetingRule',
        entityId: id,
        before: ruleOf(before),
      })
    })
  },

  /** Gives the rules the order of `ids` (first = priority 1); every rule must be named once. */
  async orderRules(db: Db, staff: TargetingStaff, ids: readonly number[]): Promise<void> {
    if (new Set(ids).size !== ids.length) {
      throw new AppError(400, 'BAD_REQUEST', 'targeting.error.order')
    }
    await db.transaction(async (tx) => {
      const rows = await tx.select({ id: targetingRules.id }).from(targetingRules)
      const known = new Set(rows.map((r) => r.id))
      if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
        throw new AppError(400, 'BAD_REQUEST', 'targeting.error.order')
      }
      for (const [index, id] of ids.entries()) {
        await tx
          .update(targetingRules)
          .set({ priority: index + 1 })
          .where(eq(targetingRules.id, id))
      }
      await audit(tx, staff, {
        action: 'targeting.rule.order',
        entityType: 'targetingRule',
        entityId: ids[0]!,
        after: { ids },
      })
    })
  },

  async listGroups(db: Db): Promise<TargetGroup[]> {
    const rows = await db
      .select()
      .from(targetingTargetGroups)
      .orderBy(asc(sql`lower(${targetingTargetGroups.name})`), asc(targetingTargetGroups.id))
    return rows.map(groupOf)
  },

  async getGroup(db: Db, id: number): Promise<TargetGroup> {
    const [row] = await db
      .select()
      .from(targetingTargetGroups)
      .where(eq(targetingTargetGroups.id, id))
    if (!row) throw notFound()
    return groupOf(row)
  },

  async addGroup(db: Db, staff: TargetingStaff, raw: unknown): Promise<TargetGroup> {
    const input: TargetGroupInput = TargetGroupInputSchema.parse(raw)
    return db.transaction(async (tx) => {
      const row = await insertOrConflict(() =>
        tx.insert(targetingTargetGroups).values(input).returning(),
      )
      const group = groupOf(row)
      await audit(tx, staff, {
        action: 'targeting.group.add',
        entityType: 'targetGroup',
        entityId: group.id,
        after: group,
      })
      return group
    })
  },

  async saveGroup(db: Db, staff: TargetingStaff, id: number, raw: unknown): Promise<TargetGroup> {
    const input = TargetGroupInputSchema.parse(raw)
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(targetingTargetGroups)
        .where(eq(targetingTargetGroups.id, id))
      if (!before) throw notFound()
      const row = await insertOrConflict(() =>
        tx
          .update(targetingTargetGroups)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(targetingTargetGroups.id, id))
          .returning(),
      )
      const group = groupOf(row)
      await audit(tx, staff, {
        action: 'targeting.group.save',
        entityType: 'targetGroup',
        entityId: id,
        before: groupOf(before),
        after: group,
      })
      return group
    })
  },

  /** Refused (409) while a rule assigns visitors to the group: change or delete those first. */
  async deleteGroup(db: Db, staff: TargetingStaff, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const users = await tx
        .select({ name: targetingRules.name })
        .from(targetingRules)
        .where(
          sql`(${targetingRules.actions} -> 'assignTargetGroup' ->> 'targetGroupId')::int = ${id}`,
        )
      if (users.length > 0) {
        throw new AppError(409, 'TARGET_GROUP_IN_USE', 'targeting.error.groupInUse', {
          rules: users.map((u) => u.name).join(', '),
        })
      }
      const [before] = await tx
        .delete(targetingTargetGroups)
        .where(eq(targetingTargetGroups.id, id))
        .returning()
      if (!before) throw notFound()
      await audit(tx, staff, {
        action: 'targeting.group.delete',
        entityType: 'targetGroup',
        entityId: id,
        before: groupOf(before),
      })
    })
  },
}

async function insertOrConflict<T>(write: () => Promise<T[]>): Promise<T> {
  try {
    const [row] = await write()
    if (!row) throw notFound()
    return row
  } catch (error) {
    if (isDuplicateName(error)) {
      throw new AppError(409, 'DUPLICATE_NAME', 'targeting.error.duplicateName')
    }
    throw error
  }
}

/** A rule may only assign an existing target group. */
async function checkGroup(tx: Db, input: TargetingRuleInput) {
  const groupId = input.actions.assignTargetGroup?.targetGroupId
  if (groupId === undefined) return
  const [row] = await tx
    .select({ id: targetingTargetGroups.id })
    .from(targetingTargetGroups)
    .where(eq(targetingTargetGroups.id, groupId))
  if (!row) throw new AppError(400, 'UNKNOWN_TARGET_GROUP', 'targeting.error.unknownGroup')
}
