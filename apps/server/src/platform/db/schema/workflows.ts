import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { adminUsers } from './users.ts'

/**
 * Workflow definitions (issue 20, decision 061), made in the back office: `definition` holds the
 * whole validated input (places, transitions, global actions, supported types); name, label,
 * type, enabled and priority are copied out for listing.
 */
export const workflowDefinitions = pgTable(
  'workflow_definitions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    label: text().notNull(),
    type: text({ enum: ['state_machine', 'workflow'] }).notNull(),
    enabled: boolean().notNull().default(true),
    priority: integer().notNull().default(0),
    definition: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workflow_definitions_name_unique').on(t.name)],
)

/** An element's current places in one workflow (Pimcore's marking store). */
export const workflowElementStates = pgTable(
  'workflow_element_states',
  {
    workflowId: integer()
      .notNull()
      .references(() => workflowDefinitions.id, { onDelete: 'cascade' }),
    elementType: text({ enum: ['object', 'asset', 'document'] }).notNull(),
    elementId: bigint({ mode: 'number' }).notNull(),
    places: jsonb().$type<string[]>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'workflow_element_states_pk',
      columns: [t.workflowId, t.elementType, t.elementId],
    }),
    index('workflow_element_states_element_idx').on(t.elementType, t.elementId),
  ],
)

/** Every transition and global action an element went through. */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    workflowId: integer()
      .notNull()
      .references(() => workflowDefinitions.id, { onDelete: 'cascade' }),
    elementType: text({ enum: ['object', 'asset', 'document'] }).notNull(),
    elementId: bigint({ mode: 'number' }).notNull(),
    transition: text().notNull(),
    transitionLabel: text().notNull(),
    isGlobalAction: boolean().notNull().default(false),
    fromPlaces: jsonb().$type<string[]>().notNull(),
    toPlaces: jsonb().$type<string[]>().notNull(),
    userId: integer().references(() => adminUsers.id, { onDelete: 'set null' }),
    note: text(),
    additional: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_history_element_idx').on(t.elementType, t.elementId, t.createdAt)],
)
