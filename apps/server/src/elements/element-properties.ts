import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  Property,
  PropertyList,
  PropertyType,
  SavePropertiesSchema,
} from '@optika/domain/pim/element-api'
import { elementProperties } from '../platform/db/schema/pim.ts'
import { AppError } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import {
  loadElementWithRight,
  readElementInfos,
  summarizeElements,
  treeTableOf,
  type ElementInfo,
} from './element-lookup.ts'
import type { ElementRef, ElementType } from './element-services.ts'
import type { Db } from '../platform/db/client.ts'

const RELATION_TYPES = new Set<PropertyType>(['object', 'asset', 'document'])

/** Full paths of the element's ancestors, nearest first (`/a/b/c` → `/a/b`, `/a`, `/`). */
function ancestorPaths(fullPath: string): string[] {
  const parts = fullPath.split('/').filter(Boolean)
  const paths: string[] = []
  for (let length = parts.length - 1; length >= 1; length -= 1) {
    paths.push(`/${parts.slice(0, length).join('/')}`)
  }
  paths.push('/')
  return paths
}

async function readAncestors(db: Db, info: ElementInfo): Promise<{ id: number; path: string }[]> {
  const table = treeTableOf(info.type)
  if (!table || info.parentId === null) return []
  const paths = ancestorPaths(info.fullPath)
  const { rows } = await db.execute<{ id: number; full: string }>(
    sql`select id, path || key as full from ${sql.raw(table)}
         where path || key in (${sql.join(
           paths.map((path) => sql`${path}`),
           sql`, `,
         )})`,
  )
  const byPath = new Map(rows.map((row) => [row.full, Number(row.id)]))
  return paths
    .map((path) => ({ id: byPath.get(path), path }))
    .filter((entry): entry is { id: number; path: string } => entry.id !== undefined)
}

function dataOf(value: unknown): string | number | boolean | null {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : null
}

/** The element's own properties and the inheritable ones of its ancestors it does not override. */
export async function readProperties(db: Db, info: ElementInfo): Promise<PropertyList> {
  const ancestors = await readAncestors(db, info)
  const ids = [info.id, ...ancestors.map((ancestor) => ancestor.id)]
  const rows = await db
    .select()
    .from(elementProperties)
    .where(
      and(eq(elementProperties.elementType, info.type), inArray(elementProperties.elementId, ids)),
    )
  const items: Property[] = []
  const seen = new Set<string>()
  const sources = [{ id: info.id, path: info.fullPath }, ...ancestors]
  for (const [index, source] of sources.entries()) {
    const own = index === 0
    const defined = rows
      .filter((row) => row.elementId === source.id && (own || row.inheritable))
      .sort((a, b) => a.name.localeCompare(b.name))
    for (const row of defined) {
      if (seen.has(row.name)) continue
      seen.add(row.name)
      items.push({
        name: row.name,
        type: row.type,
        data: dataOf(row.data),
        inheritable: row.inheritable,
        inherited: !own,
        sourcePath: source.path,
        sourceId: source.id,
        targetPath: null,
      })
    }
  }
  const targets = items.filter(
    (item) => RELATION_TYPES.has(item.type) && typeof item.data === 'number',
  )
  const summaries = await summarizeElements(
    db,
    targets.map((item) => ({ type: item.type as ElementType, id: item.data as number })),
  )
  targets.forEach((item, index) => {
    item.targetPath = summaries[index]?.path ?? null
  })
  return { items }
}

/** An element's properties for the editor. */
export async function getProperties(ctx: AdminContext, ref: ElementRef): Promise<PropertyList> {
  const info = await loadElementWithRight(ctx, ref, 'view')
  return readProperties(ctx.db, info)
}

/** Replaces an element's own properties (validated: unique names, existing targets) in one transaction. */
export async function saveProperties(
  ctx: AdminContext,
  input: z.output<typeof SavePropertiesSchema>,
): Promise<PropertyList> {
  const ref: ElementRef = { type: input.elementType, id: input.elementId }
  const info = await loadElementWithRight(ctx, ref, 'properties')
  const details: { path: string; key: string }[] = []
  const names = new Set<string>()
  input.properties.forEach((property, index) => {
    if (names.has(property.name)) {
      details.push({ path: `properties.${index}.name`, key: 'pimElements.propertyDuplicate' })
    }
    names.add(property.name)
  })
  for (const type of ['object', 'asset', 'document'] as const) {
    const wanted = input.properties
      .map((property, index) => ({ property, index }))
      .filter(({ property }) => property.type === type && typeof property.data === 'number')
    if (wanted.length === 0) continue
    const found = await readElementInfos(
      ctx.db,
      type,
      wanted.map(({ property }) => Number(property.data)),
    )
    for (const { property, index } of wanted) {
      if (!found.has(Number(property.data))) {
        details.push({ path: `properties.${index}.data`, key: 'pimElements.elementMissing' })
      }
    }
  }
  if (details.length > 0) throw new AppError(400, 'VALIDATION', 'validation.formError', {}, details)
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(elementProperties)
      .where(
        and(eq(elementProperties.elementType, ref.type), eq(elementProperties.elementId, ref.id)),
      )
    if (input.properties.length > 0) {
      await tx.insert(elementProperties).values(
        input.properties.map((property) => ({
          elementType: ref.type,
          elementId: ref.id,
          name: property.name,
          type: property.type,
          data: property.data,
          inheritable: property.inheritable,
        })),
      )
    }
  })
  return readProperties(ctx.db, info)
}
