import { sql } from 'drizzle-orm'
import { bigint, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { objects } from './elements.ts'

/** Pieces on hand per sellable object (a variant, or a product without variants). Never negative. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    objectId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => objects.id, { onDelete: 'cascade' }),
    quantity: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stock_levels_quantity_non_negative', sql`${t.quantity} >= 0`)],
)
