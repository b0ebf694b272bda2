import { bigint, integer, pgTable } from 'drizzle-orm/pg-core'

/**
 * One number that moves with every change to the dictionary (statement trigger, migration 0019):
 * a process whose dictionary was read at another number reloads it.
 */
export const translationGeneration = pgTable('translation_generation', {
  id: integer().primaryKey().default(1),
  value: bigint({ mode: 'number' }).notNull().default(0),
})
