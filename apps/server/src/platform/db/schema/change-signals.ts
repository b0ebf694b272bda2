import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** A version per topic of what processes keep in memory (decision 060; `platform/db/change-signals.ts`). */
export const changeSignals = pgTable('change_signals', {
  topic: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
