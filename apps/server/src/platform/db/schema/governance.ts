import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { adminUsers } from './users.ts'

/**
 * Back-office notifications (issue 20), one row per recipient user: a message to a role is
 * written once for each of its users, so reading, marking and deleting stay per user. `element`
 * links an object, asset or document the notification is about.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    recipientId: integer()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    senderId: integer().references(() => adminUsers.id, { onDelete: 'set null' }),
    /** Pimcore's types: 'info', 'success', 'error'; plus what sent it ('workflow', 'job'). */
    type: text().notNull().default('info'),
    /** Stored as given (plain text, shown escaped); a catalogue key when `translate` holds. */
    title: text().notNull(),
    message: text().notNull(),
    /** Parameters of a catalogue-keyed title/message (e.g. a job's type and file name). */
    params: jsonb().$type<Record<string, string | number>>(),
    elementType: text({ enum: ['object', 'asset', 'document'] }),
    elementId: integer(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt),
    index('notifications_unread_idx').on(t.recipientId, t.read),
  ],
)

/**
 * The application log (issue 20): what the shop's own components report — jobs, imports, mail
 * failures, payment and stock anomalies, workflow — with PSR-3's priorities (0 emergency … 7
 * debug, as Pimcore's application logger). Not the HTTP access log.
 */
export const applicationLog = pgTable(
  'application_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    priority: smallint().notNull(),
    component: text().notNull(),
    message: text().notNull(),
    /** Structured details (never secrets: they go through stripSecrets). */
    context: jsonb(),
    elementType: text({ enum: ['object', 'asset', 'document'] }),
    elementId: integer(),
    /** A longer text kept beside the entry (a stack, an import's rejected lines), shown on demand. */
    fileObject: text(),
    requestId: text(),
    source: text(),
  },
  (t) => [
    index('application_log_at_idx').on(t.at),
    index('application_log_priority_idx').on(t.priority, t.at),
    index('application_log_component_idx').on(t.component, t.at),
    index('application_log_element_idx').on(t.elementType, t.elementId),
  ],
)
