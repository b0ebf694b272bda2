import { eq } from 'drizzle-orm'
import {
  StaticRouteInputSchema,
  type StaticRoute,
  type StaticRouteInput,
  type StaticRouteMethod,
  type StaticRouteTestQuery,
  type StaticRouteTestResult,
} from '@optika/domain/operations/static-routes'
import type { Db } from '../../platform/db/client.ts'
import { staticRoutes } from '../../platform/db/schema/site-tools.ts'
import { sites } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { resolveSite } from '../../cms/sites/resolve-site.ts'
import {
  checkStaticRouteTemplates,
  compileStaticRoute,
  fillTemplate,
  matchStaticRoute,
  pageAddress,
  type CompiledStaticRoute,
} from './compile-static-route.ts'
import { idOf, parseRecord, recordOf, type GridRequest } from './grid-request.ts'
import { auditSiteToolsChange, type StaffRequest } from './site-tools-audit.ts'

/** What a storefront address resolved by a static route draws. */
export type StaticRouteResolution =
  | {
      readonly kind: 'productListing'
      readonly route: string
      /** The list's query (`cid=12&brand=rayban`), for the product list service. */
      readonly query: string
      readonly values: Readonly<Record<string, string>>
    }
  | { readonly kind: 'document'; readonly route: string; readonly path: string }
  | { readonly kind: 'redirect'; readonly route: string; readonly location: string }

interface LoadedRoute {
  readonly route: StaticRoute
  readonly compiled: CompiledStaticRoute
}

const MAX_PATH_LENGTH = 2048

/** Sort columns the grid offers. */
const SORTS = {
  name: (r: StaticRoute) => r.name,
  pattern: (r: StaticRoute) => r.pattern,
  priority: (r: StaticRoute) => r.priority,
  targetType: (r: StaticRoute) => r.targetType,
  updatedAt: (r: StaticRoute) => r.updatedAt,
} as const

type Row = typeof staticRoutes.$inferSelect

function toRoute(row: Row, variables: readonly string[]): StaticRoute {
  return {
    id: row.id,
    name: row.name,
    syntax: row.syntax === 'regex' ? 'regex' : 'simple',
    pattern: row.pattern,
    reverse: row.reverse,
    targetType: row.targetType as StaticRoute['targetType'],
    target: row.target,
    defaults: row.defaults,
    priority: row.priority,
    siteId: row.siteId,
    methods: row.methods as StaticRouteMethod[],
    variables: [...variables],
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Higher priority first, then the older route. */
function byPriority(a: LoadedRoute, b: LoadedRoute): number {
  return b.route.priority - a.route.priority || a.route.id - b.route.id
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } }
  return e.code === '23505' || e.cause?.code === '23505'
}

export interface StaticRoutesService {
  /** Pimcore's grid call: list, create, update or destroy. */
  grid(
    db: Db,
    staff: StaffRequest,
    request: GridRequest,
  ): Promise<{ data: StaticRoute[]; total: number }>
  /** Which route answers an address (the screen's "test a path"). */
  test(db: Db, query: StaticRouteTestQuery): Promise<StaticRouteTestResult>
  /** The storefront's question: what does this address draw, if a static route answers it. */
  resolve(
    db: Db,
    input: { readonly path: string; readonly method: string; readonly host: string },
  ): Promise<StaticRouteResolution | null>
  /** A link built from a route's reverse (Pimcore's `$staticRoute->assemble()`); null if unknown. */
  reverse(db: Db, name: string, values: Readonly<Record<string, string>>): Promise<string | null>
  /** Drops the kept routes: another process changed them (the `static-routes` change signal). */
  invalidate(): void
}

/**
 * Static routes kept in memory, compiled, in priority order; read again after every write of
 * this process and when another process's write moves the `static-routes` change signal
 * (decision 060; a trigger on the table moves it).
 */
export function createStaticRoutesService(): StaticRoutesService {
  let loaded: { routes: readonly LoadedRoute[] } | null = null

  async function routesOf(db: Db): Promise<readonly LoadedRoute[]> {
    if (loaded) return loaded.routes
    const rows = await db.select().from(staticRoutes)
    const routes = rows.flatMap((row): LoadedRoute[] => {
      try {
        const compiled = compileStaticRoute({
          syntax: row.syntax === 'regex' ? 'regex' : 'simple',
          pattern: row.pattern,
        })
        return [{ route: toRoute(row, compiled.variables), compiled }]
      } catch {
        // Stored before a stricter check: it answers nothing rather than failing every page.
        return []
      }
    })
    loaded = { routes: routes.sort(byPriority) }
    return loaded.routes
  }

  /** Validates a route; answers its compiled pattern. */
  async function validate(db: Db, input: StaticRouteInput): Promise<CompiledStaticRoute> {
    const compiled = compileStaticRoute(input)
    checkStaticRouteTemplates(input, compiled.variables)
    if (input.siteId !== null) {
      const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, input.siteId))
      if (!site) throw new AppError(400, 'UNKNOWN_SITE', 'siteTools.error.unknownSite')
    }
    return compiled
  }

  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(409, 'STATIC_ROUTE_NAME_TAKEN', 'siteTools.error.routeNameTaken')
      }
      throw error
    } finally {
      loaded = null
    }
  }

  async function findRow(db: Db, id: number): Promise<Row> {
    const [row] = await db.select().from(staticRoutes).where(eq(staticRoutes.id, id))
    if (!row) throw new AppError(404, 'STATIC_ROUTE_NOT_FOUND', 'siteTools.error.routeNotFound')
    return row
  }

  function valuesOf(row: Row): StaticRouteInput {
    return {
      name: row.name,
      syntax: row.syntax === 'regex' ? 'regex' : 'simple',
      pattern: row.pattern,
      reverse: row.reverse,
      targetType: row.targetType as StaticRouteInput['targetType'],
      target: row.target,
      defaults: row.defaults,
      priority: row.priority,
      siteId: row.siteId,
      methods: row.methods as StaticRouteMethod[],
    }
  }

  async function read(db: Db, request: GridRequest) {
    const needle = request.filter.toLowerCase()
    let list = (await routesOf(db))
      .map((r) => r.route)
      .filter(
        (r) =>
          needle === '' ||
          [r.name, r.pattern, r.reverse, r.target].some((v) => v.toLowerCase().includes(needle)),
      )
    const sort = request.sort
    if (sort && Object.hasOwn(SORTS, sort.property)) {
      const key = SORTS[sort.property as keyof typeof SORTS]
      const sign = sort.direction === 'DESC' ? -1 : 1
      list = [...list].sort((a, b) => {
        const x = key(a)
        const y = key(b)
        return (x < y ? -1 : x > y ? 1 : 0) * sign || a.id - b.id
      })
    }
    return { data: list.slice(request.start, request.start + request.limit), total: list.length }
  }

  async function create(db: Db, staff: StaffRequest, data: unknown) {
    const input = parseRecord(StaticRouteInputSchema, data, 'INVALID_STATIC_ROUTE')
    const compiled = await validate(db, input)
    return write(() =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(staticRoutes).values(input).returning()
        const route = toRoute(row!, compiled.variables)
        await auditSiteToolsChange(tx, staff, {
          action: 'staticRoute.create',
          entityType: 'staticRoute',
          entityId: route.id,
          after: input,
        })
        return route
      }),
    )
  }

  async function update(db: Db, staff: StaffRequest, id: number, changes: Record<string, unknown>) {
    const before = valuesOf(await findRow(db, id))
    const { id: _id, variables: _variables, updatedAt: _updatedAt, ...fields } = changes
    const input = parseRecord(
      StaticRouteInputSchema,
      { ...before, ...fields },
      'INVALID_STATIC_ROUTE',
    )
    const compiled = await validate(db, input)
    return write(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(staticRoutes)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(staticRoutes.id, id))
          .returning()
        if (!row) throw new AppError(404, 'STATIC_ROUTE_NOT_FOUND', 'siteTools.error.routeNotFound')
        await auditSiteToolsChange(tx, staff, {
          action: 'staticRoute.update',
          entityType: 'staticRoute',
          entityId: id,
          before,
          after: input,
        })
        return toRoute(row, compiled.variables)
      }),
    )
  }

  async function destroy(db: Db, staff: StaffRequest, id: number) {
    const before = valuesOf(await findRow(db, id))
    await write(() =>
      db.transaction(async (tx) => {
        await tx.delete(staticRoutes).where(eq(staticRoutes.id, id))
        await auditSiteToolsChange(tx, staff, {
          action: 'staticRoute.delete',
          entityType: 'staticRoute',
          entityId: id,
          before,
        })
      }),
    )
  }

  async function match(
    db: Db,
    input: { readonly path: string; readonly method: string; readonly siteId: number | null },
  ) {
    // Longer than any address a route could mean: not worth a regex's time.
    if (input.path.length > MAX_PATH_LENGTH) return null
    for (const loadedRoute of await routesOf(db)) {
      const { route, compiled } = loadedRoute
      if (route.siteId !== null && route.siteId !== input.siteId) continue
      if (route.methods.length > 0 && !(route.methods as string[]).includes(input.method)) continue
      const values = matchStaticRoute(compiled, input.path, route.defaults)
      if (values) return { route, values }
    }
    return null
  }

  function targetOf(route: StaticRoute, values: Readonly<Record<string, string>>) {
    switch (route.targetType) {
      case 'productListing': {
        const query = fillTemplate(route.target, values)
        return query === null
          ? null
          : ({ kind: 'productListing', route: route.name, query, values } as const)
      }
      case 'document': {
        const path = fillTemplate(route.target, values)
        return path === null ? null : ({ kind: 'document', route: route.name, path } as const)
      }
      case 'page': {
        const location = pageAddress(route.target, values)
        return location === null
          ? null
          : ({ kind: 'redirect', route: route.name, location } as const)
      }
    }
  }

  async function siteIdOf(db: Db, host: string): Promise<number | null> {
    if (host === '') return null
    return (await resolveSite(db, host))?.id ?? null
  }

  return {
    invalidate() {
      loaded = null
    },
    async grid(db, staff, request) {
      switch (request.action) {
        case 'read':
          return read(db, request)
        case 'create':
          return { data: [await create(db, staff, recordOf(request.data))], total: 1 }
        case 'update': {
          const record = recordOf(request.data)
          return { data: [await update(db, staff, idOf(record), record)], total: 1 }
        }
        case 'destroy':
          await destroy(db, staff, idOf(request.data))
          return { data: [], total: 0 }
      }
    },
    async test(db, query) {
      const path = query.path.split('?', 1)[0] ?? ''
      const found = await match(db, {
        path,
        method: query.method,
        siteId: await siteIdOf(db, query.host.toLowerCase()),
      })
      if (!found) {
        return {
          matched: false,
          route: null,
          params: {},
          targetType: null,
          target: null,
          reversed: null,
        }
      }
      const target = targetOf(found.route, found.values)
      const reverseTemplate =
        found.route.reverse || (found.route.syntax === 'simple' ? found.route.pattern : '')
      return {
        matched: true,
        route: found.route,
        params: found.values,
        targetType: found.route.targetType,
        target:
          target === null
            ? null
            : target.kind === 'productListing'
              ? target.query
              : target.kind === 'document'
                ? target.path
                : target.location,
        reversed: reverseTemplate ? fillTemplate(reverseTemplate, found.values) : null,
      }
    },
    async resolve(db, input) {
      const found = await match(db, {
        path: input.path,
        method: input.method,
        siteId: await siteIdOf(db, input.host),
      })
      return found ? targetOf(found.route, found.values) : null
    },
    async reverse(db, name, values) {
      const found = (await routesOf(db)).find((r) => r.route.name === name)
      if (!found) return null
      const { route } = found
      const template = route.reverse || (route.syntax === 'simple' ? route.pattern : '')
      return template ? fillTemplate(template, { ...route.defaults, ...values }) : null
    },
  }
}
