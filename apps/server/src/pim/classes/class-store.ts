import { asc, eq } from 'drizzle-orm'
import {
  ClassDefinitionSchema,
  LayoutNodeSchema,
  listFields,
  type ClassDefinition,
  type FieldDefinition,
  type LayoutNode,
} from '@optika/domain/pim/class-definition'
import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import { objectClasses } from '../../platform/db/schema/elements.ts'
import { adminUserRoles } from '../../platform/db/schema/identity.ts'
import { customLayouts } from '../../platform/db/schema/pim.ts'
import { notFound } from '../../platform/http/app-error.ts'
import type { AdminPrincipal } from '../../identity/admin-auth/admin-principal.ts'

export interface StoredClass {
  readonly id: string
  readonly name: string
  readonly definition: ClassDefinition
}

/** A class with its definition parsed, or null when no class has the id. */
export async function loadClass(db: Db, classId: string): Promise<StoredClass | null> {
  const [row] = await db
    .select({
      id: objectClasses.id,
      name: objectClasses.name,
      definition: objectClasses.definition,
    })
    .from(objectClasses)
    .where(eq(objectClasses.id, classId))
  return row
    ? { id: row.id, name: row.name, definition: parseDefinition(row.id, row.definition) }
    : null
}

/** Every class, by id. */
export async function loadClasses(db: Db): Promise<StoredClass[]> {
  const rows = await db.select().from(objectClasses).orderBy(asc(objectClasses.id))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    definition: parseDefinition(row.id, row.definition),
  }))
}

/**
 * A stored definition read back. Every write goes through ClassDefinitionSchema, so a row that
 * does not parse is a server fault (a bad migration or hand edit), not the caller's.
 */
function parseDefinition(classId: string, definition: unknown): ClassDefinition {
  const parsed = ClassDefinitionSchema.safeParse(definition)
  if (!parsed.success) throw new Error(`object class ${classId} has an invalid stored definition`)
  return parsed.data
}

/**
 * The layout the user edits objects of the class with: the default custom layout assigned to the
 * user itself, else to one of its roles, else one offered to everyone (no users and no roles),
 * else the class's own layout. A custom layout only arranges the class's fields: each field keeps
 * the class's definition (type, options, rules) and takes from the custom layout only how it is
 * shown (title, tooltip, noteditable, invisible); fields the class no longer has are left out.
 */
export async function resolveLayoutForUser(
  db: Db,
  admin: AdminPrincipal,
  classId: string,
): Promise<LayoutNode[]> {
  const loaded = await loadClass(db, classId)
  if (!loaded) throw notFound('pimClasses.class.notFound')
  const defaults = await db
    .select()
    .from(customLayouts)
    .where(eq(customLayouts.classId, classId))
    .orderBy(asc(customLayouts.id))
  const candidates = defaults.filter((layout) => layout.isDefault)
  if (candidates.length === 0) return [...loaded.definition.layout]
  const roleIds = new Set(
    (
      await db
        .select({ roleId: adminUserRoles.roleId })
        .from(adminUserRoles)
        .where(eq(adminUserRoles.userId, admin.userId))
    ).map((row) => row.roleId),
  )
  const chosen =
    candidates.find((layout) => layout.userIds.includes(admin.userId)) ??
    candidates.find((layout) => layout.roleIds.some((roleId) => roleIds.has(roleId))) ??
    candidates.find((layout) => layout.userIds.length === 0 && layout.roleIds.length === 0)
  if (!chosen) return [...loaded.definition.layout]
  const parsed = z.array(LayoutNodeSchema).safeParse(chosen.layout)
  if (!parsed.success) return [...loaded.definition.layout]
  return overlayCustomLayout(loaded.definition, parsed.data)
}

/** The custom layout's tree with each field replaced by the class's field plus the layout's display flags. */
export function overlayCustomLayout(
  definition: ClassDefinition,
  layout: readonly LayoutNode[],
): LayoutNode[] {
  const classFields = new Map(listFields(definition.layout).map(({ field }) => [field.name, field]))
  const overlay = (nodes: readonly LayoutNode[]): LayoutNode[] =>
    nodes.flatMap((node): LayoutNode[] => {
      if (node.kind === 'layout') return [{ ...node, children: overlay(node.children) }]
      const field = classFields.get(node.name)
      if (!field) return []
      const shown: FieldDefinition = {
        ...field,
        title: node.title || field.title,
        ...(node.tooltip === undefined ? {} : { tooltip: node.tooltip }),
        ...(node.noteditable === undefined ? {} : { noteditable: node.noteditable }),
        ...(node.invisible === undefined ? {} : { invisible: node.invisible }),
      }
      return [shown]
    })
  return overlay(layout)
}
