import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  SelectOptionSchema,
  type FieldContainerDefinition,
  type FieldDefinition,
  type LayoutNode,
  type SelectOptionsSet,
} from '@optika/domain/pim/class-definition'
import type { Usage } from '@optika/domain/pim/class-api'
import type { FieldError } from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../platform/db/client.ts'
import { fieldContainers, selectOptions } from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import {
  checkLayout,
  loadDefinitionRefs,
  withRefs,
  type DefinitionRefs,
} from './check-definition.ts'
import { loadClasses } from './class-store.ts'
import { assertNoErrors } from './manage-classes.ts'
import { parseContainer } from './validation-lookup.ts'

export type ContainerKind = 'fieldcollection' | 'objectbrick'

// ── Field collections and object bricks ─────────────────────────────────────────────────────

export async function listContainers(
  db: Db,
  kind: ContainerKind,
  keys?: readonly string[],
): Promise<FieldContainerDefinition[]> {
  const rows = await db
    .select()
    .from(fieldContainers)
    .where(eq(fieldContainers.kind, kind))
    .orderBy(asc(fieldContainers.key))
  return rows
    .filter((row) => !keys || keys.includes(row.key))
    .flatMap((row) => parseContainer(row.key, row.definition) ?? [])
}

export async function containerTree(db: Db, kind: ContainerKind) {
  return (await listContainers(db, kind)).map(({ key, title }) => ({ key, title }))
}

export async function getContainer(
  db: Db,
  kind: ContainerKind,
  key: string,
): Promise<FieldContainerDefinition> {
  const [row] = await db
    .select()
    .from(fieldContainers)
    .where(and(eq(fieldContainers.kind, kind), eq(fieldContainers.key, key)))
  const container = row && parseContainer(row.key, row.definition)
  if (!container) throw notFound('pimClasses.container.notFound')
  return container
}

/** The semantic problems of a field collection or brick (its layout, and a brick's class fields). */
export function checkContainer(
  kind: ContainerKind,
  container: FieldContainerDefinition,
  refs: DefinitionRefs,
  prefix = '',
): FieldError[] {
  const errors = checkLayout(container.layout, refs, `${prefix}layout`, { container: true })
  if (kind === 'objectbrick') {
    container.classDefinitions?.forEach((entry, index) => {
      if (!refs.classes.has(entry.classId)) {
        errors.push({
          path: `${prefix}classDefinitions.${index}.classId`,
          key: 'pimClasses.class.unknownClass',
          params: { value: entry.classId },
        })
      }
    })
  }
  return errors
}

/** Creates or replaces a field collection / brick; returns whether it was new. */
export async function saveContainer(
  db: Db,
  kind: ContainerKind,
  container: FieldContainerDefinition,
): Promise<{ id: string; created: boolean }> {
  const refs = await loadDefinitionRefs(db)
  const own = kind === 'fieldcollection' ? refs.fieldcollections : refs.objectbricks
  const created = !own.has(container.key)
  assertNoErrors(
    checkContainer(
      kind,
      container,
      withRefs(refs, {
        [kind === 'fieldcollection' ? 'fieldcollections' : 'objectbricks']: new Set([
          container.key,
        ]),
      }),
    ),
  )
  await upsertContainer(db, kind, container)
  return { id: container.key, created }
}

export async function upsertContainer(
  db: Db,
  kind: ContainerKind,
  container: FieldContainerDefinition,
): Promise<void> {
  const { key, ...definition } = container
  await db
    .insert(fieldContainers)
    .values({ kind, key, definition })
    .onConflictDoUpdate({
      target: [fieldContainers.kind, fieldContainers.key],
      set: { definition, updatedAt: sql`now()` },
    })
}

/** Fields of classes, collections and bricks whose layout satisfies `uses`. */
async function findUsages(db: Db, uses: (field: FieldDefinition) => boolean): Promise<Usage[]> {
  const usages: Usage[] = []
  const scan = (kind: Usage['kind'], id: string, name: string, layout: readonly LayoutNode[]) => {
    const visit = (nodes: readonly LayoutNode[]) => {
      for (const node of nodes) {
        if (node.kind === 'layout') visit(node.children)
        else {
          if (uses(node)) usages.push({ kind, id, name, fieldName: node.name })
          if (node.children) visit(node.children)
        }
      }
    }
    visit(layout)
  }
  for (const cls of await loadClasses(db)) scan('class', cls.id, cls.name, cls.definition.layout)
  for (const kind of ['fieldcollection', 'objectbrick'] as const) {
    for (const container of await listContainers(db, kind)) {
      scan(kind, container.key, container.title, container.layout)
    }
  }
  return usages
}

/** Where a field collection / brick may be used: fields whose allowedTypes name it. */
export async function containerUsages(db: Db, kind: ContainerKind, key: string): Promise<Usage[]> {
  const type = kind === 'fieldcollection' ? 'fieldcollections' : 'objectbricks'
  return findUsages(db, (field) => field.type === type && (field.allowedTypes ?? []).includes(key))
}

/** Deletes a field collection / brick; 409 while a field allows it (objects may hold its data). */
export async function deleteContainer(db: Db, kind: ContainerKind, key: string): Promise<void> {
  await getContainer(db, kind, key)
  const usages = await containerUsages(db, kind, key)
  if (usages.length > 0) {
    throw new AppError(409, 'CONTAINER_IN_USE', 'pimClasses.container.inUse', {
      value: describeUsages(usages),
    })
  }
  await db
    .delete(fieldContainers)
    .where(and(eq(fieldContainers.kind, kind), eq(fieldContainers.key, key)))
}

function describeUsages(usages: readonly Usage[]): string {
  return [...new Set(usages.map((usage) => `${usage.name} (${usage.fieldName})`))].join(', ')
}

// ── Select options ──────────────────────────────────────────────────────────────────────────

function toOptionsSet(row: typeof selectOptions.$inferSelect): SelectOptionsSet {
  const options = z.array(SelectOptionSchema).safeParse(row.options)
  return {
    id: row.id,
    ...(row.group ? { group: row.group } : {}),
    options: options.success ? options.data : [],
  }
}

export async function listOptionSets(db: Db, ids?: readonly string[]): Promise<SelectOptionsSet[]> {
  const rows = await db.select().from(selectOptions).orderBy(asc(selectOptions.id))
  return rows.filter((row) => !ids || ids.includes(row.id)).map(toOptionsSet)
}

export async function optionSetTree(db: Db) {
  return (await listOptionSets(db)).map((set) => ({
    id: set.id,
    group: set.group ?? '',
    count: set.options.length,
  }))
}

export async function getOptionSet(db: Db, id: string): Promise<SelectOptionsSet> {
  const [row] = await db.select().from(selectOptions).where(eq(selectOptions.id, id))
  if (!row) throw notFound('pimClasses.selectOptions.notFound')
  return toOptionsSet(row)
}

export function checkOptionSet(set: SelectOptionsSet, prefix = ''): FieldError[] {
  const errors: FieldError[] = []
  const keys = new Set<string>()
  set.options.forEach((option, index) => {
    if (keys.has(option.key)) {
      errors.push({
        path: `${prefix}options.${index}.key`,
        key: 'pimClasses.class.duplicateOption',
        params: { value: option.key },
      })
    }
    keys.add(option.key)
  })
  return errors
}

/** Creates or replaces a select-options set. */
export async function saveOptionSet(db: Db, set: SelectOptionsSet): Promise<SelectOptionsSet> {
  assertNoErrors(checkOptionSet(set))
  await upsertOptionSet(db, set)
  return getOptionSet(db, set.id)
}

export async function upsertOptionSet(db: Db, set: SelectOptionsSet): Promise<void> {
  const values = { group: set.group ?? '', options: set.options }
  await db
    .insert(selectOptions)
    .values({ id: set.id, ...values })
    .onConflictDoUpdate({ target: selectOptions.id, set: { ...values, updatedAt: sql`now()` } })
}

export async function optionSetUsages(db: Db, id: string): Promise<Usage[]> {
  return findUsages(db, (field) => field.optionsProviderId === id)
}

/** Deletes a select-options set; 409 while a field takes its options from it. */
export async function deleteOptionSet(db: Db, id: string): Promise<void> {
  await getOptionSet(db, id)
  const usages = await optionSetUsages(db, id)
  if (usages.length > 0) {
    throw new AppError(409, 'SELECT_OPTIONS_IN_USE', 'pimClasses.selectOptions.inUse', {
      value: describeUsages(usages),
    })
  }
  await db.delete(selectOptions).where(eq(selectOptions.id, id))
}
