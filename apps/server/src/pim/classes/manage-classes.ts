import { asc, count, eq, sql } from 'drizzle-orm'
import type { ClassDefinition, ClassExport, LayoutNode } from '@optika/domain/pim/class-definition'
import { ClassDefinitionSchema, IDENTIFIER, listFields } from '@optika/domain/pim/class-definition'
import type { AddClass, ClassRecord, ClassTree, SaveClass } from '@optika/domain/pim/class-api'
import type { FieldError } from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../platform/db/client.ts'
import { objectClasses, objects } from '../../platform/db/schema/elements.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { checkClassDefinition, loadDefinitionRefs, withRefs } from './check-definition.ts'
import { loadClass, loadClasses } from './class-store.ts'

const EMPTY_DEFINITION: ClassDefinition = ClassDefinitionSchema.parse({ layout: [] })

/** 400 with the field errors when there are any. */
export function assertNoErrors(errors: readonly FieldError[]): void {
  if (errors.length > 0) {
    throw new AppError(400, 'INVALID_DEFINITION', 'pimClasses.class.invalidDefinition', {}, errors)
  }
}

export async function getClass(db: Db, id: string): Promise<ClassRecord> {
  const [row] = await db.select().from(objectClasses).where(eq(objectClasses.id, id))
  if (!row) throw notFound('pimClasses.class.notFound')
  const loaded = await loadClass(db, id)
  return {
    id: row.id,
    name: row.name,
    definition: loaded!.definition,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Classes grouped by `definition.group` (groups and classes by name; ungrouped first). */
export async function listClassTree(db: Db): Promise<ClassTree> {
  const groups = new Map<string, ClassTree[number]['classes']>()
  const classes = (await loadClasses(db)).toSorted((a, b) => a.name.localeCompare(b.name))
  for (const { id, name, definition } of classes) {
    const group = definition.group ?? ''
    const list = groups.get(group) ?? []
    list.push({
      id,
      name,
      ...(definition.icon ? { icon: definition.icon } : {}),
      allowVariants: definition.allowVariants,
    })
    groups.set(group, list)
  }
  return [...groups.entries()]
    .toSorted(([a], [b]) => a.localeCompare(b))
    .map(([group, list]) => ({ group, classes: list }))
}

/** Creates a class; 409 when the id is taken. */
export async function addClass(db: Db, input: AddClass): Promise<ClassRecord> {
  const definition = input.definition ?? EMPTY_DEFINITION
  const refs = withRefs(await loadDefinitionRefs(db), { classes: new Set([input.id]) })
  assertNoErrors(checkClassDefinition(definition, refs))
  const inserted = await db
    .insert(objectClasses)
    .values({ id: input.id, name: input.name, definition })
    .onConflictDoNothing()
    .returning({ id: objectClasses.id })
  if (inserted.length === 0) {
    throw new AppError(409, 'CLASS_EXISTS', 'pimClasses.class.idTaken', { value: input.id })
  }
  return getClass(db, input.id)
}

/** Replaces a class's definition (and name); 404 when it does not exist. */
export async function saveClass(db: Db, input: SaveClass): Promise<ClassRecord> {
  const refs = await loadDefinitionRefs(db)
  if (!refs.classes.has(input.id)) throw notFound('pimClasses.class.notFound')
  assertNoErrors(checkClassDefinition(input.definition, refs))
  await db
    .update(objectClasses)
    .set({
      definition: input.definition,
      ...(input.name === undefined ? {} : { name: input.name }),
      updatedAt: sql`now()`,
    })
    .where(eq(objectClasses.id, input.id))
  return getClass(db, input.id)
}

/**
 * Deletes a class with its custom layouts and grid configurations (cascade). Refused with 409
 * while any object (or variant) of the class exists: their data would lose its meaning.
 */
export async function deleteClass(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: objectClasses.id })
      .from(objectClasses)
      .where(eq(objectClasses.id, id))
      .for('update')
    if (!row) throw notFound('pimClasses.class.notFound')
    const [used] = await tx.select({ n: count() }).from(objects).where(eq(objects.classId, id))
    if ((used?.n ?? 0) > 0) {
      throw new AppError(409, 'CLASS_IN_USE', 'pimClasses.class.inUse', { count: used!.n })
    }
    await tx.delete(objectClasses).where(eq(objectClasses.id, id))
  })
}

export async function exportClass(db: Db, id: string): Promise<ClassExport> {
  const loaded = await loadClass(db, id)
  if (!loaded) throw notFound('pimClasses.class.notFound')
  return { id: loaded.id, name: loaded.name, definition: loaded.definition }
}

/** Creates the class or replaces its name and definition (checked like a save). */
export async function importClass(
  db: Db,
  input: ClassExport,
): Promise<{ id: string; created: boolean }> {
  const refs = await loadDefinitionRefs(db)
  const created = !refs.classes.has(input.id)
  assertNoErrors(
    checkClassDefinition(input.definition, withRefs(refs, { classes: new Set([input.id]) })),
  )
  await db
    .insert(objectClasses)
    .values({ id: input.id, name: input.name, definition: input.definition })
    .onConflictDoUpdate({
      target: objectClasses.id,
      set: { name: input.name, definition: input.definition, updatedAt: sql`now()` },
    })
  return { id: input.id, created }
}

/** The class's fields flattened for the grid's column chooser. */
export async function classColumnConfig(db: Db, id: string) {
  const loaded = await loadClass(db, id)
  if (!loaded) throw notFound('pimClasses.class.notFound')
  return {
    id: loaded.id,
    name: loaded.name,
    fields: listFields(loaded.definition.layout).map(({ field, localized }) => ({
      name: field.name,
      type: field.type,
      title: field.title,
      localized,
      visibleGridView: field.visibleGridView ?? false,
      visibleSearch: field.visibleSearch ?? false,
    })),
  }
}

/** An identifier from a free-text name: letters and digits in PascalCase, unique among `taken`. */
export function suggestIdentifier(
  name: string,
  taken: ReadonlySet<string>,
  fallback: string,
): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  let base = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
  base = base.replace(/^[0-9]+/, '')
  if (!IDENTIFIER.test(base)) base = fallback
  base = base.slice(0, 56)
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`
}

export async function suggestClassIdentifier(db: Db, name: string): Promise<string> {
  const rows = await db
    .select({ id: objectClasses.id })
    .from(objectClasses)
    .orderBy(asc(objectClasses.id))
  // Class ids compare case-insensitively here: two classes differing only in case confuse people.
  const taken = new Set(rows.flatMap((row) => [row.id, row.id.toLowerCase()]))
  const suggestion = suggestIdentifier(name, new Set(), 'NewClass')
  if (!taken.has(suggestion) && !taken.has(suggestion.toLowerCase())) return suggestion
  for (let n = 2; ; n++) {
    const candidate = `${suggestion}${n}`
    if (!taken.has(candidate) && !taken.has(candidate.toLowerCase())) return candidate
  }
}

/** The names of the layout's fields (containers flattened). */
export function fieldNamesOf(layout: readonly LayoutNode[]): Set<string> {
  return new Set(listFields(layout).map(({ field }) => field.name))
}
