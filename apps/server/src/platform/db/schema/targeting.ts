import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type {
  RuleScope,
  TargetingActions,
  TargetingCondition,
} from '@optika/domain/operations/targeting'

const stamp = () => timestamp({ withTimezone: true })

/** Personalization's target groups (issue 20, decision 067; migration 0034). */
export const targetingTargetGroups = pgTable(
  'targeting_target_groups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(''),
    active: boolean().notNull().default(true),
    /** The summed weight of matching rules a visitor needs to belong to the group. */
    threshold: integer().notNull().default(1),
    createdAt: stamp().notNull().defaultNow(),
    updatedAt: stamp().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('targeting_target_groups_name_unique').on(sql`lower(${t.name})`)],
)

/** Targeting rules, evaluated by priority (lower first) on every storefront page. */
export const targetingRules = pgTable(
  'targeting_rules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(''),
    active: boolean().notNull().default(true),
    scope: text().$type<RuleScope>().notNull().default('hit'),
    priority: integer().notNull().default(0),
    conditions: jsonb().$type<TargetingCondition[]>().notNull().default([]),
    actions: jsonb()
      .$type<TargetingActions>()
      .notNull()
      .default({ assignTargetGroup: null, redirect: null }),
    createdAt: stamp().notNull().defaultNow(),
    updatedAt: stamp().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('targeting_rules_name_unique').on(sql`lower(${t.name})`),
    check('targeting_rules_scope', sql`${t.scope} IN ('hit', 'session')`),
  ],
)
