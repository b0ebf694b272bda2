import { and, eq, sql } from 'drizzle-orm'
import type { BulkChanges, BulkExport, BulkExportQuery } from '@optika/domain/pim/class-api'
import type { FieldError } from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../platform/db/client.ts'
import { objectClasses } from '../../platform/db/schema/elements.ts'
import { customLayouts } from '../../platform/db/schema/pim.ts'
import { checkClassDefinition, loadDefinitionRefs, withRefs } from './check-definition.ts'
import { loadClasses } from './class-store.ts'
import { assertNoErrors, fieldNamesOf } from './manage-classes.ts'
import {
  checkContainer,
  checkOptionSet,
  listContainers,
  listOptionSets,
  upsertContainer,
  upsertOptionSet,
} from './manage-class-parts.ts'
import { getCustomLayout } from './manage-custom-layouts.ts'

/** What a bulk export can hold, for the chooser. */
export async function prepareBulkExport(db: Db) {
  const [classes, fieldcollections, objectbricks, sets] = await Promise.all([
    loadClasses(db),
    listContainers(db, 'fieldcollection'),
    listContainers(db, 'objectbrick'),
    listOptionSets(db),
  ])
  return {
    classes: classes.map(({ id, name }) => ({ id, name })),
    fieldcollections: fieldcollections.map(({ key, title }) => ({ key, title })),
    objectbricks: objectbricks.map(({ key, title }) => ({ key, title })),
    selectOptions: sets.map(({ id, group }) => ({ id, group: group ?? '' })),
  }
}

const split = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** The chosen classes (with their custom layouts), collections, bricks and option sets as one JSON. */
export async function bulkExport(db: Db, query: BulkExportQuery): Promise<BulkExport> {
  const classIds = split(query.classes)
  const classes = (await loadClasses(db)).filter((cls) => classIds.includes(cls.id))
  const layoutRows = await db
    .select({ id: customLayouts.id, classId: customLayouts.classId })
    .from(customLayouts)
  const layouts = await Promise.all(
    layoutRows
      .filter((row) => classIds.includes(row.classId))
      .map(async (row) => {
        const { id: _id, ...layout } = await getCustomLayout(db, row.id)
        void _id
        return layout
      }),
  )
  return {
    classes: classes.map(({ id, name, definition }) => ({ id, name, definition })),
    fieldcollections: await listContainers(db, 'fieldcollection', split(query.fieldcollections)),
    objectbricks: await listContainers(db, 'objectbrick', split(query.objectbricks)),
    selectOptions: await listOptionSets(db, split(query.selectOptions)),
    customLayouts: layouts.toSorted((a, b) =>
      `${a.classId}/${a.name}`.localeCompare(`${b.classId}/${b.name}`),
    ),
  }
}

/** JSON with object keys sorted, so equal content compares equal whatever the key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).toSorted(([a], [b]) =>
            a.localeCompare(b),
          ),
        )
      : inner,
  )
}

/** The problems of a bundle, referring to what exists plus what the bundle itself brings. */
async function checkBundle(db: Db, bundle: BulkExport): Promise<FieldError[]> {
  const refs = withRefs(await loadDefinitionRefs(db), {
    classes: new Set(bundle.classes.map((cls) => cls.id)),
    fieldcollections: new Set(bundle.fieldcollections.map((c) => c.key)),
    objectbricks: new Set(bundle.objectbricks.map((c) => c.key)),
    optionSets: new Set(bundle.selectOptions.map((set) => set.id)),
  })
  const errors: FieldError[] = []
  bundle.selectOptions.forEach((set, i) =>
    errors.push(...checkOptionSet(set, `selectOptions.${i}.`)),
  )
  bundle.fieldcollections.forEach((c, i) =>
    errors.push(...checkContainer('fieldcollection', c, refs, `fieldcollections.${i}.`)),
  )
  bundle.objectbricks.forEach((c, i) =>
    errors.push(...checkContainer('objectbrick', c, refs, `objectbricks.${i}.`)),
  )
  bundle.classes.forEach((cls, i) =>
    errors.push(...checkClassDefinition(cls.definition, refs, `classes.${i}.definition`)),
  )
  const existing = await loadClasses(db)
  bundle.customLayouts.forEach((layout, i) => {
    const cls =
      bundle.classes.find((c) => c.id === layout.classId) ??
      existing.find((c) => c.id === layout.classId)
    if (!cls) {
      errors.push({
        path: `customLayouts.${i}.classId`,
        key: 'pimClasses.class.unknownClass',
        params: { value: layout.classId },
      })
      return
    }
    const names = fieldNamesOf(cls.definition.layout)
    for (const name of fieldNamesOf(layout.layout)) {
      if (!names.has(name)) {
        errors.push({
          path: `customLayouts.${i}.layout`,
          key: 'pimClasses.class.unknownField',
          params: { value: name },
        })
      }
    }
  })
  return errors
}

/** What importing the bundle would change (nothing is written); 400 when it is not valid. */
export async function planBulkImport(db: Db, bundle: BulkExport): Promise<BulkChanges> {
  assertNoErrors(await checkBundle(db, bundle))
  const [classes, fieldcollections, objectbricks, sets, layoutRows] = await Promise.all([
    loadClasses(db),
    listContainers(db, 'fieldcollection'),
    listContainers(db, 'objectbrick'),
    listOptionSets(db),
    db.select().from(customLayouts),
  ])
  const changes: BulkChanges['changes'] = []
  const compare = (
    kind: BulkChanges['changes'][number]['kind'],
    id: string,
    incoming: unknown,
    current: unknown,
  ) =>
    changes.push({
      kind,
      id,
      action:
        current === undefined
          ? 'create'
          : stableJson(current) === stableJson(incoming)
            ? 'unchanged'
            : 'update',
    })
  for (const set of bundle.selectOptions) {
    compare(
      'selectOptions',
      set.id,
      set,
      sets.find((s) => s.id === set.id),
    )
  }
  for (const c of bundle.fieldcollections) {
    compare(
      'fieldcollection',
      c.key,
      c,
      fieldcollections.find((f) => f.key === c.key),
    )
  }
  for (const c of bundle.objectbricks) {
    compare(
      'objectbrick',
      c.key,
      c,
      objectbricks.find((b) => b.key === c.key),
    )
  }
  for (const cls of bundle.classes) {
    const current = classes.find((c) => c.id === cls.id)
    compare(
      'class',
      cls.id,
      cls,
      current && { id: current.id, name: current.name, definition: current.definition },
    )
  }
  for (const layout of bundle.customLayouts) {
    const row = layoutRows.find((r) => r.classId === layout.classId && r.name === layout.name)
    compare(
      'customLayout',
      `${layout.classId}/${layout.name}`,
      { ...layout, description: layout.description ?? '' },
      row && {
        classId: row.classId,
        name: row.name,
        description: row.description,
        layout: row.layout,
        userIds: row.userIds,
        roleIds: row.roleIds,
        default: row.isDefault,
      },
    )
  }
  return { changes }
}

/**
 * Applies a bundle: option sets, collections, bricks, classes and custom layouts are created or
 * replaced in one transaction — all of it lands or, on any error, none.
 */
export async function commitBulkImport(db: Db, bundle: BulkExport): Promise<BulkChanges> {
  const plan = await planBulkImport(db, bundle)
  await db.transaction(async (tx) => {
    for (const set of bundle.selectOptions) await upsertOptionSet(tx, set)
    for (const c of bundle.fieldcollections) await upsertContainer(tx, 'fieldcollection', c)
    for (const c of bundle.objectbricks) await upsertContainer(tx, 'objectbrick', c)
    for (const cls of bundle.classes) {
      await tx
        .insert(objectClasses)
        .values({ id: cls.id, name: cls.name, definition: cls.definition })
        .onConflictDoUpdate({
          target: objectClasses.id,
          set: { name: cls.name, definition: cls.definition, updatedAt: sql`now()` },
        })
    }
    for (const layout of bundle.customLayouts) {
      const values = {
        classId: layout.classId,
        name: layout.name,
        description: layout.description ?? '',
        layout: layout.layout,
        userIds: layout.userIds,
        roleIds: layout.roleIds,
        isDefault: layout.default,
      }
      const [existing] = await tx
        .select({ id: customLayouts.id })
        .from(customLayouts)
        .where(and(eq(customLayouts.classId, layout.classId), eq(customLayouts.name, layout.name)))
      if (existing) {
        await tx
          .update(customLayouts)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(customLayouts.id, existing.id))
      } else await tx.insert(customLayouts).values(values)
    }
  })
  return plan
}
