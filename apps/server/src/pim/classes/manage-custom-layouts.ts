import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  LayoutNodeSchema,
  type CustomLayout,
  type LayoutNode,
} from '@optika/domain/pim/class-definition'
import type { CustomLayoutExport, SaveCustomLayout } from '@optika/domain/pim/class-api'
import type { FieldError } from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../platform/db/client.ts'
import { objectClasses } from '../../platform/db/schema/elements.ts'
import { customLayouts } from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { loadClass } from './class-store.ts'
import { assertNoErrors, fieldNamesOf, suggestIdentifier } from './manage-classes.ts'

type LayoutRow = typeof customLayouts.$inferSelect

function toCustomLayout(row: LayoutRow): CustomLayout {
  const layout = z.array(LayoutNodeSchema).safeParse(row.layout)
  return {
    id: row.id,
    classId: row.classId,
    name: row.name,
    description: row.description,
    layout: layout.success ? layout.data : [],
    userIds: row.userIds,
    roleIds: row.roleIds,
    default: row.isDefault,
  }
}

async function requireClassLayout(db: Db, classId: string) {
  const loaded = await loadClass(db, classId)
  if (!loaded) throw notFound('pimClasses.class.notFound')
  return loaded
}

/** A custom layout only arranges fields the class has; layout names stay unique within it. */
function checkCustomLayout(layout: readonly LayoutNode[], classFields: ReadonlySet<string>) {
  const errors: FieldError[] = []
  const seen = new Set<string>()
  const visit = (nodes: readonly LayoutNode[], path: string) => {
    nodes.forEach((node, index) => {
      const nodePath = `${path}.${index}`
      if (node.kind === 'layout') return visit(node.children, `${nodePath}.children`)
      if (!classFields.has(node.name)) {
        errors.push({
          path: `${nodePath}.name`,
          key: 'pimClasses.class.unknownField',
          params: { value: node.name },
        })
      } else if (seen.has(node.name)) {
        errors.push({
          path: `${nodePath}.name`,
          key: 'pimClasses.class.duplicateField',
          params: { value: node.name },
        })
      }
      seen.add(node.name)
    })
  }
  visit(layout, 'layout')
  return errors
}

function nameTaken(): AppError {
  return new AppError(409, 'LAYOUT_EXISTS', 'pimClasses.layout.nameTaken')
}

/** Creates a custom layout starting as a copy of the class's own layout; 409 when the name is taken. */
export async function addCustomLayout(
  db: Db,
  input: { classId: string; name: string; description?: string | undefined },
): Promise<CustomLayout> {
  const loaded = await requireClassLayout(db, input.classId)
  const [row] = await db
    .insert(customLayouts)
    .values({
      classId: input.classId,
      name: input.name,
      description: input.description ?? '',
      layout: loaded.definition.layout,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw nameTaken()
  return toCustomLayout(row)
}

export async function getCustomLayout(db: Db, id: number): Promise<CustomLayout> {
  const [row] = await db.select().from(customLayouts).where(eq(customLayouts.id, id))
  if (!row) throw notFound('pimClasses.layout.notFound')
  return toCustomLayout(row)
}

/** Saves a custom layout's name, layout, users, roles and default flag. */
export async function saveCustomLayout(db: Db, input: SaveCustomLayout): Promise<CustomLayout> {
  const current = await getCustomLayout(db, input.id)
  const classId = input.classId ?? current.classId
  const loaded = await requireClassLayout(db, classId)
  assertNoErrors(checkCustomLayout(input.layout, fieldNamesOf(loaded.definition.layout)))
  const [clash] = await db
    .select({ id: customLayouts.id })
    .from(customLayouts)
    .where(
      and(
        eq(customLayouts.classId, classId),
        eq(customLayouts.name, input.name),
        ne(customLayouts.id, input.id),
      ),
    )
  if (clash) throw nameTaken()
  const [row] = await db
    .update(customLayouts)
    .set({
      classId,
      name: input.name,
      description: input.description ?? '',
      layout: input.layout,
      userIds: input.userIds,
      roleIds: input.roleIds,
      isDefault: input.default,
      updatedAt: sql`now()`,
    })
    .where(eq(customLayouts.id, input.id))
    .returning()
  return toCustomLayout(row!)
}

export async function deleteCustomLayout(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(customLayouts)
    .where(eq(customLayouts.id, id))
    .returning({ id: customLayouts.id })
  if (deleted.length === 0) throw notFound('pimClasses.layout.notFound')
}

export async function listCustomLayouts(db: Db, classId: string) {
  await requireClassLayout(db, classId)
  const rows = await db
    .select({ id: customLayouts.id, name: customLayouts.name, default: customLayouts.isDefault })
    .from(customLayouts)
    .where(eq(customLayouts.classId, classId))
    .orderBy(asc(customLayouts.name))
  return rows
}

/** Every class with its custom layouts (classes without any included, for the layout chooser). */
export async function listAllLayouts(db: Db) {
  const [classes, layouts] = await Promise.all([
    db
      .select({ id: objectClasses.id, name: objectClasses.name })
      .from(objectClasses)
      .orderBy(asc(objectClasses.name)),
    db
      .select({
        id: customLayouts.id,
        classId: customLayouts.classId,
        name: customLayouts.name,
        default: customLayouts.isDefault,
      })
      .from(customLayouts)
      .orderBy(asc(customLayouts.name)),
  ])
  return classes.map((cls) => ({
    classId: cls.id,
    className: cls.name,
    layouts: layouts
      .filter((layout) => layout.classId === cls.id)
      .map(({ id, name, default: isDefault }) => ({ id, name, default: isDefault })),
  }))
}

export async function exportCustomLayout(db: Db, id: number): Promise<CustomLayoutExport> {
  const { id: _id, ...layout } = await getCustomLayout(db, id)
  void _id
  return layout
}

/** Creates the custom layout or replaces the one of the same class and name. */
export async function importCustomLayout(
  db: Db,
  input: CustomLayoutExport,
): Promise<{ id: string; created: boolean }> {
  const loaded = await requireClassLayout(db, input.classId)
  assertNoErrors(checkCustomLayout(input.layout, fieldNamesOf(loaded.definition.layout)))
  const [existing] = await db
    .select({ id: customLayouts.id })
    .from(customLayouts)
    .where(and(eq(customLayouts.classId, input.classId), eq(customLayouts.name, input.name)))
  const values = {
    classId: input.classId,
    name: input.name,
    description: input.description ?? '',
    layout: input.layout,
    userIds: input.userIds,
    roleIds: input.roleIds,
    isDefault: input.default,
  }
  if (existing) {
    await db
      .update(customLayouts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(customLayouts.id, existing.id))
    return { id: String(existing.id), created: false }
  }
  const [row] = await db.insert(customLayouts).values(values).returning({ id: customLayouts.id })
  return { id: String(row!.id), created: true }
}

/** A layout name not yet used in the class, derived from `name`. */
export async function suggestCustomLayoutIdentifier(
  db: Db,
  classId: string | undefined,
  name: string | undefined,
): Promise<string> {
  const rows = classId
    ? await db
        .select({ name: customLayouts.name })
        .from(customLayouts)
        .where(eq(customLayouts.classId, classId))
    : []
  return suggestIdentifier(name ?? '', new Set(rows.map((row) => row.name)), 'Layout')
}
