import { and, asc, count, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type {
  GdprHit,
  GdprProvider,
  GdprSearchPage,
  GdprSearchQuery,
} from '@optika/domain/operations/gdpr'
import { GdprSearchQuerySchema } from '@optika/domain/operations/gdpr'
import type { Db } from '../../platform/db/client.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { adminUsers, customers } from '../../platform/db/schema/users.ts'
import type { RequestContext } from '../../platform/http/request-context.ts'
import { likeContains } from '../../pim/objects/object-rows.ts'

type Query = ReturnType<typeof GdprSearchQuerySchema.parse>

/** `query`'s id: the whole text when it is a whole number (ids are searched exactly). */
function idOf(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null
  return Number(text)
}

/** Every condition must hold; `query` alone may match any of `anyOf`. */
function whereOf(
  query: Query,
  idColumn: SQL | AnyColumn,
  anyOf: (pattern: string) => SQL[],
  fields: { firstname?: SQL[]; lastname?: SQL[]; email?: SQL[] },
  base: SQL[] = [],
): SQL | undefined {
  const conditions = [...base]
  // Compared as bigint: an id beyond an integer column's range matches nothing (never a 500).
  if (query.id !== undefined) conditions.push(sql`${idColumn}::bigint = ${query.id}`)
  if (query.query) {
    const id = idOf(query.query)
    const alternatives = anyOf(likeContains(query.query))
    if (id !== null) alternatives.push(sql`${idColumn}::bigint = ${id}`)
    conditions.push(or(...alternatives)!)
  }
  for (const key of ['firstname', 'lastname', 'email'] as const) {
    const text = query[key]
    const columns = fields[key]
    if (!text || !columns) continue
    const pattern = likeContains(text)
    conditions.push(or(...columns.map((column) => sql`${column} ilike ${pattern}`))!)
  }
  return conditions.length ? and(...conditions) : undefined
}

interface ProviderSearch {
  readonly table: PgTable
  readonly where: (query: Query) => SQL | undefined
  readonly page: (where: SQL | undefined, query: Query) => Promise<GdprHit[]>
}

const iso = (value: Date | null) => (value ? value.toISOString() : null)

const customerName = sql<string>`trim(${customers.firstName} || ' ' || ${customers.lastName})`

const PROVIDERS: Record<GdprProvider, (db: Db) => ProviderSearch> = {
  customers: (db) => ({
    table: customers,
    where: (query) =>
      whereOf(
        query,
        customers.id,
        (pattern) => [
          ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
          ilike(sql`${customers.lastName} || ' ' || ${customers.firstName}`, pattern),
          ilike(customers.email, pattern),
          ilike(customers.company, pattern),
          ilike(customers.username, pattern),
          // Client numbers are shown as '74 1234 567': typed with or without spaces, both match.
          ilike(
            sql`replace(${customers.clientNumber}, ' ', '')`,
            likeContains((query.query ?? '').replace(/\s+/g, '')),
          ),
        ],
        {
          firstname: [sql`${customers.firstName}`],
          lastname: [sql`${customers.lastName}`],
          email: [sql`${customers.email}`],
        },
      ),
    page: async (where, query) => {
      const rows = await db
        .select({
          id: customers.id,
          name: customerName,
          company: customers.company,
          email: customers.email,
          clientNumber: customers.clientNumber,
          kind: customers.kind,
          deletedAt: customers.deletedAt,
          createdAt: customers.createdAt,
        })
        .from(customers)
        .where(where)
        .orderBy(asc(sql`lower(${customers.lastName})`), asc(customers.id))
        .limit(query.limit)
        .offset(query.start)
      return rows.map((row) => ({
        provider: 'customers',
        id: row.id,
        title: row.name || row.company || row.email,
        email: row.email,
        detail: row.clientNumber,
        kind: row.kind,
        anonymized: row.deletedAt !== null,
        createdAt: iso(row.createdAt),
      }))
    },
  }),
  dataObjects: (db) => ({
    table: objects,
    where: (query) =>
      whereOf(
        query,
        objects.id,
        (pattern) => [
          ilike(sql`${objects.path} || ${objects.key}`, pattern),
          ilike(sql`${objects.data}::text`, pattern),
        ],
        {
          firstname: [sql`${objects.data}::text`],
          lastname: [sql`${objects.data}::text`],
          email: [sql`${objects.data}::text`],
        },
        [sql`${objects.type} <> 'folder'`],
      ),
    page: async (where, query) => {
      const rows = await db
        .select({
          id: objects.id,
          fullPath: sql<string>`${objects.path} || ${objects.key}`,
          classId: objects.classId,
          type: objects.type,
          createdAt: objects.createdAt,
        })
        .from(objects)
        .where(where)
        .orderBy(asc(objects.id))
        .limit(query.limit)
        .offset(query.start)
      return rows.map((row) => ({
        provider: 'dataObjects',
        id: row.id,
        title: row.fullPath,
        email: null,
        detail: row.classId,
        kind: row.type,
        anonymized: false,
        createdAt: iso(row.createdAt),
      }))
    },
  }),
  assets: (db) => ({
    table: assets,
    where: (query) =>
      whereOf(
        query,
        assets.id,
        (pattern) => [
          ilike(sql`${assets.path} || ${assets.key}`, pattern),
          ilike(sql`${assets.metadata}::text`, pattern),
          ilike(sql`${assets.embeddedMetadata}::text`, pattern),
        ],
        {
          firstname: [sql`${assets.key}`, sql`${assets.metadata}::text`],
          lastname: [sql`${assets.key}`, sql`${assets.metadata}::text`],
          email: [sql`${assets.metadata}::text`, sql`${assets.embeddedMetadata}::text`],
        },
        [sql`${assets.type} <> 'folder'`],
      ),
    page: async (where, query) => {
      const rows = await db
        .select({
          id: assets.id,
          fullPath: sql<string>`${assets.path} || ${assets.key}`,
          type: assets.type,
          mimeType: assets.mimeType,
          createdAt: assets.createdAt,
        })
        .from(assets)
        .where(where)
        .orderBy(asc(assets.id))
        .limit(query.limit)
        .offset(query.start)
      return rows.map((row) => ({
        provider: 'assets',
        id: row.id,
        title: row.fullPath,
        email: null,
        detail: row.mimeType,
        kind: row.type,
        anonymized: false,
        createdAt: iso(row.createdAt),
      }))
    },
  }),
  adminUsers: (db) => ({
    table: adminUsers,
    where: (query) =>
      whereOf(
        query,
        adminUsers.id,
        (pattern) => [
          ilike(adminUsers.username, pattern),
          ilike(adminUsers.name, pattern),
          ilike(adminUsers.email, pattern),
        ],
        {
          firstname: [sql`${adminUsers.name}`],
          lastname: [sql`${adminUsers.name}`],
          email: [sql`${adminUsers.email}`],
        },
        [eq(adminUsers.type, 'user')],
      ),
    page: async (where, query) => {
      const rows = await db
        .select({
          id: adminUsers.id,
          username: adminUsers.username,
          name: adminUsers.name,
          email: adminUsers.email,
          active: adminUsers.active,
          createdAt: adminUsers.createdAt,
        })
        .from(adminUsers)
        .where(where)
        .orderBy(asc(sql`lower(${adminUsers.username})`))
        .limit(query.limit)
        .offset(query.start)
      return rows.map((row) => ({
        provider: 'adminUsers',
        id: row.id,
        title: row.name || row.username,
        email: row.email || null,
        detail: row.username,
        kind: row.active ? 'active' : 'inactive',
        anonymized: false,
        createdAt: iso(row.createdAt),
      }))
    },
  }),
  sentMails: (db) => ({
    table: emailLog,
    where: (query) =>
      whereOf(
        query,
        emailLog.id,
        (pattern) => [ilike(emailLog.to, pattern), ilike(emailLog.subject, pattern)],
        {
          firstname: [sql`${emailLog.to}`, sql`${emailLog.text}`],
          lastname: [sql`${emailLog.to}`, sql`${emailLog.text}`],
          email: [sql`${emailLog.to}`],
        },
      ),
    page: async (where, query) => {
      const rows = await db
        .select({
          id: emailLog.id,
          to: emailLog.to,
          subject: emailLog.subject,
          status: emailLog.status,
          createdAt: emailLog.createdAt,
        })
        .from(emailLog)
        .where(where)
        .orderBy(sql`${emailLog.createdAt} desc`, sql`${emailLog.id} desc`)
        .limit(query.limit)
        .offset(query.start)
      return rows.map((row) => ({
        provider: 'sentMails',
        id: row.id,
        title: row.subject,
        email: row.to,
        detail: row.to,
        kind: row.status,
        anonymized: false,
        createdAt: iso(row.createdAt),
      }))
    },
  }),
}

/**
 * Searches one provider for a person by name, e-mail, client number or id (`query`, or
 * Pimcore's id/firstname/lastname/email). The text is matched literally: `%`, `_` and `\` are
 * escaped, and it only ever reaches SQL as a bound parameter.
 */
export async function searchPeople(
  ctx: RequestContext,
  provider: GdprProvider,
  input: GdprSearchQuery,
): Promise<GdprSearchPage> {
  const query = GdprSearchQuerySchema.parse(input)
  const search = PROVIDERS[provider](ctx.db)
  const where = search.where(query)
  const asked =
    query.query !== undefined ||
    query.id !== undefined ||
    query.firstname !== undefined ||
    query.lastname !== undefined ||
    query.email !== undefined
  if (!asked && provider !== 'customers' && provider !== 'adminUsers') {
    // Nothing asked: Pimcore lists everything; for elements and mails that is no person.
    return { success: true, data: [], total: 0 }
  }
  const [total] = await ctx.db.select({ n: count() }).from(search.table).where(where)
  return { success: true, data: await search.page(where, query), total: total?.n ?? 0 }
}
