import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { adminUsers, restrictionColumns } from './users.ts'

/** Roles and role folders, one tree. A role carries permission keys and workspaces for its users. */
export const adminRoles = pgTable(
  'admin_roles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer().references((): AnyPgColumn => adminRoles.id),
    type: text({ enum: ['role', 'rolefolder'] })
      .notNull()
      .default('role'),
    name: text().notNull(),
    ...restrictionColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_roles_name_unique').on(sql`lower(${t.name})`)],
)

export const adminUserRoles = pgTable(
  'admin_user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => adminRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('admin_user_roles_role_idx').on(t.roleId),
  ],
)

/**
 * Workspaces: rights on a subtree of one element type (asset, object, document), held by a user
 * or a role. A user's own entry for a path overrides its roles' entries for the same path; without
 * `list` every other right of the entry is void.
 */
export const adminWorkspaces = pgTable(
  'admin_workspaces',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().references(() => adminUsers.id, { onDelete: 'cascade' }),
    roleId: integer().references(() => adminRoles.id, { onDelete: 'cascade' }),
    elementType: text({ enum: ['asset', 'object', 'document'] }).notNull(),
    /** The subtree's path, e.g. '/Products/'; '/' is everything. */
    path: text().notNull(),
    list: boolean().notNull().default(false),
    view: boolean().notNull().default(false),
    save: boolean().notNull().default(false),
    publish: boolean().notNull().default(false),
    unpublish: boolean().notNull().default(false),
    delete: boolean().notNull().default(false),
    rename: boolean().notNull().default(false),
    create: boolean().notNull().default(false),
    settings: boolean().notNull().default(false),
    versions: boolean().notNull().default(false),
    properties: boolean().notNull().default(false),
  },
  (t) => [
    check('admin_workspaces_one_holder', sql`(${t.userId} is null) <> (${t.roleId} is null)`),
    uniqueIndex('admin_workspaces_user_path_unique').on(t.userId, t.elementType, t.path),
    uniqueIndex('admin_workspaces_role_path_unique').on(t.roleId, t.elementType, t.path),
  ],
)

/**
 * Back-office sessions. The cookie holds a random token; only its SHA-256 is stored, so a copy of
 * this table lets nobody in. `stage` is 'password' until the second factor is passed.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    stage: text({ enum: ['password', 'twoFactorSetup', 'complete'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId)],
)

/** Single-use links: password reset, token login, invitation. Only the token's hash is stored. */
export const adminOneTimeTokens = pgTable(
  'admin_one_time_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['passwordReset', 'tokenLogin', 'invitation'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_one_time_tokens_hash_unique').on(t.tokenHash)],
)

/** Failed sign-ins, counted per account and per IP over the last hour for rate limiting. */
export const adminLoginFailures = pgTable(
  'admin_login_failures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    username: text().notNull(),
    ip: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_login_failures_username_idx').on(sql`lower(${t.username})`, t.at),
    index('admin_login_failures_ip_idx').on(t.ip, t.at),
  ],
)

/** Every change made in the back office and every sign-in event: who, when, what, before/after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer().references(() => adminUsers.id, { onDelete: 'set null' }),
    actorName: text(),
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    requestId: text(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
  ],
)

/**
 * Mail the shop sent (or, with MAIL_TRANSPORT=log, only recorded), for the back office's email log:
 * 'queued' until the mail job sends it ('sent') or records it ('logged'); 'failed' with the last
 * error once every retry failed (the dead letter). `error` holds the latest failure meanwhile.
 */
export const emailLog = pgTable(
  'email_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    to: text().notNull(),
    from: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    transport: text().notNull(),
    /** 'blocked': the address is on the blocklist (migration 0023), nothing was sent. */
    status: text({ enum: ['queued', 'logged', 'sent', 'failed', 'blocked'] }).notNull(),
    error: text(),
    /** The log entry this one re-sends (the back office's "resend"). */
    resentFromId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_log_created_idx').on(t.createdAt),
    index('email_log_to_idx').on(t.to),
    index('email_log_status_idx').on(t.status, t.createdAt),
  ],
)
