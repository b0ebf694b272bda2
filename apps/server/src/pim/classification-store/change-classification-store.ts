import { and, eq, inArray, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  composeKeyDefinition,
  type AddCollectionRelations,
  type AddRelations,
  type ClassificationKey,
  type ClassificationKeyType,
  type Collection,
  type CreateCollection,
  type CreateGroup,
  type CreateKey,
  type CreateStore,
  type EditStore,
  type Group,
  type KeyDefinitionIssue,
  type Store,
  type UpdateCollection,
  type UpdateCollectionRelation,
  type UpdateGroup,
  type UpdateKey,
  type UpdateRelation,
} from '@optika/domain/pim/classification-store-api'
import type { FieldDefinition } from '@optika/domain/pim/class-definition'
import type { Db } from '../../platform/db/client.ts'
import {
  csCollectionRelations,
  csCollections,
  csGroups,
  csKeys,
  csRelations,
  csStores,
  quantityValueUnits,
  selectOptions,
} from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { isUniqueViolation } from '../../identity/admin-users/create-admin-user.ts'
import { getCollection, getGroup, getKey, getStore, toKey } from './read-classification-store.ts'

function nameTaken(key: string, name: string): AppError {
  return new AppError(409, 'NAME_TAKEN', key, { name }, [{ path: 'name', key, params: { name } }])
}

/** 409 when another row of the store already has the name (names are unique per store). */
async function assertNameFree(
  db: Db,
  table: PgTable,
  storeId: number,
  name: string,
  exceptId: number | null,
  messageKey: string,
): Promise<void> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from ${table} where store_id = ${storeId} and name = ${name} and id <> ${exceptId ?? 0} limit 1`,
  )
  if (rows.length > 0) throw nameTaken(messageKey, name)
}

/** Runs a write; a unique-index race (two saves of one name at once) still answers 409. */
async function guardUnique<T>(messageKey: string, name: string, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(messageKey, name)
    throw error
  }
}

// ── Stores ─────────────────────────────────────────────────────────────────────────────────

export async function createStore(db: Db, input: CreateStore): Promise<Store> {
  return guardUnique('pimStores.storeNameTaken', input.name, async () => {
    const [taken] = await db
      .select({ id: csStores.id })
      .from(csStores)
      .where(eq(csStores.name, input.name))
    if (taken) throw nameTaken('pimStores.storeNameTaken', input.name)
    const [row] = await db
      .insert(csStores)
      .values({ name: input.name, description: input.description ?? '' })
      .returning()
    return row!
  })
}

export async function editStore(db: Db, input: EditStore): Promise<Store> {
  const store = await getStore(db, input.id)
  const name = input.name ?? store.name
  return guardUnique('pimStores.storeNameTaken', name, async () => {
    const [taken] = await db
      .select({ id: csStores.id })
      .from(csStores)
      .where(and(eq(csStores.name, name), sql`${csStores.id} <> ${store.id}`))
    if (taken) throw nameTaken('pimStores.storeNameTaken', name)
    const [row] = await db
      .update(csStores)
      .set({ name, description: input.description ?? store.description })
      .where(eq(csStores.id, store.id))
      .returning()
    return row!
  })
}

// ── Collections ────────────────────────────────────────────────────────────────────────────

export async function createCollection(db: Db, input: CreateCollection): Promise<Collection> {
  await getStore(db, input.storeId)
  await assertNameFree(
    db,
    csCollections,
    input.storeId,
    input.name,
    null,
    'pimStores.collectionNameTaken',
  )
  return guardUnique('pimStores.collectionNameTaken', input.name, async () => {
    const [row] = await db
      .insert(csCollections)
      .values({ storeId: input.storeId, name: input.name, description: input.description ?? '' })
      .returning()
    return { id: row!.id, storeId: row!.storeId, name: row!.name, description: row!.description }
  })
}

export async function updateCollection(db: Db, input: UpdateCollection): Promise<Collection> {
  const current = await getCollection(db, input.id)
  const name = input.name ?? current.name
  await assertNameFree(
    db,
    csCollections,
    current.storeId,
    name,
    current.id,
    'pimStores.collectionNameTaken',
  )
  return guardUnique('pimStores.collectionNameTaken', name, async () => {
    const [row] = await db
      .update(csCollections)
      .set({ name, description: input.description ?? current.description, updatedAt: new Date() })
      .where(eq(csCollections.id, current.id))
      .returning()
    return { id: row!.id, storeId: row!.storeId, name: row!.name, description: row!.description }
  })
}

/** Deletes a collection; its group relations go with it (the groups stay). */
export async function deleteCollection(db: Db, id: number): Promise<void> {
  const removed = await db
    .delete(csCollections)
    .where(eq(csCollections.id, id))
    .returning({ id: csCollections.id })
  if (removed.length === 0) throw notFound('pimStores.collectionNotFound')
}

// ── Groups ─────────────────────────────────────────────────────────────────────────────────

async function assertParentGroup(
  db: Db,
  storeId: number,
  parentId: number | null,
  selfId: number | null,
) {
  if (parentId === null) return
  const [parent] = await db.select().from(csGroups).where(eq(csGroups.id, parentId))
  if (!parent || parent.storeId !== storeId || parent.id === selfId) {
    throw new AppError(400, 'INVALID_PARENT', 'pimStores.parentGroupInvalid', {}, [
      { path: 'parentId', key: 'pimStores.parentGroupInvalid' },
    ])
  }
}

export async function createGroup(db: Db, input: CreateGroup): Promise<Group> {
  await getStore(db, input.storeId)
  await assertNameFree(db, csGroups, input.storeId, input.name, null, 'pimStores.groupNameTaken')
  await assertParentGroup(db, input.storeId, input.parentId ?? null, null)
  return guardUnique('pimStores.groupNameTaken', input.name, async () => {
    const [row] = await db
      .insert(csGroups)
      .values({
        storeId: input.storeId,
        name: input.name,
        description: input.description ?? '',
        parentId: input.parentId ?? null,
      })
      .returning()
    return getGroup(db, row!.id)
  })
}

export async function updateGroup(db: Db, input: UpdateGroup): Promise<Group> {
  const current = await getGroup(db, input.id)
  const name = input.name ?? current.name
  const parentId = input.parentId === undefined ? current.parentId : input.parentId
  await assertNameFree(db, csGroups, current.storeId, name, current.id, 'pimStores.groupNameTaken')
  await assertParentGroup(db, current.storeId, parentId, current.id)
  return guardUnique('pimStores.groupNameTaken', name, async () => {
    await db
      .update(csGroups)
      .set({
        name,
        description: input.description ?? current.description,
        parentId,
        updatedAt: new Date(),
      })
      .where(eq(csGroups.id, current.id))
    return getGroup(db, current.id)
  })
}

/** Deletes a group; its key and collection relations go with it (the keys stay). */
export async function deleteGroup(db: Db, id: number): Promise<void> {
  const removed = await db
    .delete(csGroups)
    .where(eq(csGroups.id, id))
    .returning({ id: csGroups.id })
  if (removed.length === 0) throw notFound('pimStores.groupNotFound')
}

// ── Keys ───────────────────────────────────────────────────────────────────────────────────

/** The key's definition, or 400 listing what is wrong (shape, options, unknown units or option sets). */
async function checkedDefinition(
  db: Db,
  key: {
    name: string
    title: string
    type: ClassificationKeyType
    definition: Readonly<Record<string, unknown>>
  },
): Promise<FieldDefinition> {
  const composed = composeKeyDefinition(key)
  const issues: KeyDefinitionIssue[] = [...composed.issues]
  const definition = composed.definition
  if (definition) {
    const units = [
      ...(definition.validUnits ?? []),
      ...(definition.defaultUnit ? [definition.defaultUnit] : []),
    ]
    if (units.length > 0) {
      const known = await db
        .select({ id: quantityValueUnits.id })
        .from(quantityValueUnits)
        .where(inArray(quantityValueUnits.id, units))
      const knownIds = new Set(known.map((row) => row.id))
      ;(definition.validUnits ?? []).forEach((unit, index) => {
        if (!knownIds.has(unit))
          issues.push({ path: `definition.validUnits.${index}`, key: 'pimStores.unitNotFound' })
      })
      if (definition.defaultUnit && !knownIds.has(definition.defaultUnit)) {
        issues.push({ path: 'definition.defaultUnit', key: 'pimStores.unitNotFound' })
      }
    }
    if (definition.optionsProviderId !== undefined) {
      const [set] = await db
        .select({ id: selectOptions.id })
        .from(selectOptions)
        .where(eq(selectOptions.id, definition.optionsProviderId))
      if (!set)
        issues.push({ path: 'definition.optionsProviderId', key: 'pimStores.optionsSetNotFound' })
    }
  }
  if (issues.length > 0 || !definition) {
    throw new AppError(400, 'VALIDATION_ERROR', 'pimStores.definitionInvalid', {}, issues)
  }
  return definition
}

export async function createKey(db: Db, input: CreateKey): Promise<ClassificationKey> {
  await getStore(db, input.storeId)
  await assertNameFree(db, csKeys, input.storeId, input.name, null, 'pimStores.keyNameTaken')
  const title = input.title ?? ''
  const definition = await checkedDefinition(db, {
    name: input.name,
    title,
    type: input.type,
    definition: input.definition ?? {},
  })
  return guardUnique('pimStores.keyNameTaken', input.name, async () => {
    const [row] = await db
      .insert(csKeys)
      .values({
        storeId: input.storeId,
        name: input.name,
        title,
        description: input.description ?? '',
        type: input.type,
        definition,
        enabled: input.enabled ?? true,
      })
      .returning()
    return toKey(row!)
  })
}

/** Changes a key; its definition is rebuilt from the new settings (or the stored ones) and checked again. */
export async function updateKey(db: Db, input: UpdateKey): Promise<ClassificationKey> {
  const current = await getKey(db, input.id)
  const name = input.name ?? current.name
  const title = input.title ?? current.title
  const type = input.type ?? current.type
  await assertNameFree(db, csKeys, current.storeId, name, current.id, 'pimStores.keyNameTaken')
  const definition = await checkedDefinition(db, {
    name,
    title,
    type,
    definition: input.definition ?? (current.definition as unknown as Record<string, unknown>),
  })
  return guardUnique('pimStores.keyNameTaken', name, async () => {
    const [row] = await db
      .update(csKeys)
      .set({
        name,
        title,
        type,
        definition,
        description: input.description ?? current.description,
        enabled: input.enabled ?? current.enabled,
        updatedAt: new Date(),
      })
      .where(eq(csKeys.id, current.id))
      .returning()
    return toKey(row!)
  })
}

/**
 * Deletes a key that no group uses. A key in a group is refused with 409 naming the groups:
 * objects hold values under group and key, so removing the key must be a deliberate step
 * (remove it from the groups first) rather than a side effect.
 */
export async function deleteKey(db: Db, id: number): Promise<void> {
  await getKey(db, id)
  const groups = await db
    .select({ id: csGroups.id, name: csGroups.name })
    .from(csRelations)
    .innerJoin(csGroups, eq(csGroups.id, csRelations.groupId))
    .where(eq(csRelations.keyId, id))
    .orderBy(csGroups.name)
  if (groups.length > 0) {
    const names = groups.map((group) => group.name).join(', ')
    throw new AppError(
      409,
      'KEY_IN_USE',
      'pimStores.keyInUse',
      { groups: names },
      groups.map((group) => ({ path: `groups.${group.id}`, message: group.name })),
    )
  }
  await db.delete(csKeys).where(eq(csKeys.id, id))
}

// ── Relations ──────────────────────────────────────────────────────────────────────────────

function differentStore(path: string): AppError {
  return new AppError(400, 'DIFFERENT_STORE', 'pimStores.differentStore', {}, [
    { path, key: 'pimStores.differentStore' },
  ])
}

/** Adds keys to a group (or updates the relation of a key already in it); all or nothing. */
export async function addRelations(db: Db, input: AddRelations): Promise<void> {
  const group = await getGroup(db, input.groupId)
  const keyIds = input.items.map((item) => item.keyId)
  const keys = await db
    .select({ id: csKeys.id, storeId: csKeys.storeId })
    .from(csKeys)
    .where(inArray(csKeys.id, keyIds))
  input.items.forEach((item, index) => {
    const key = keys.find((row) => row.id === item.keyId)
    if (!key) throw notFound('pimStores.keyNotFound')
    if (key.storeId !== group.storeId) throw differentStore(`items.${index}.keyId`)
  })
  await db.transaction(async (tx) => {
    for (const item of input.items) {
      const values = { mandatory: item.mandatory ?? false, sorter: item.sorter ?? 0 }
      await tx
        .insert(csRelations)
        .values({ groupId: group.id, keyId: item.keyId, ...values })
        .onConflictDoUpdate({ target: [csRelations.groupId, csRelations.keyId], set: values })
    }
  })
}

export async function updateRelation(db: Db, input: UpdateRelation): Promise<void> {
  const changes = {
    ...(input.mandatory === undefined ? {} : { mandatory: input.mandatory }),
    ...(input.sorter === undefined ? {} : { sorter: input.sorter }),
  }
  const where = and(eq(csRelations.groupId, input.groupId), eq(csRelations.keyId, input.keyId))
  const [existing] = await db.select().from(csRelations).where(where)
  if (!existing) throw notFound('pimStores.relationNotFound')
  if (Object.keys(changes).length > 0) await db.update(csRelations).set(changes).where(where)
}

export async function deleteRelation(db: Db, groupId: number, keyId: number): Promise<void> {
  const removed = await db
    .delete(csRelations)
    .where(and(eq(csRelations.groupId, groupId), eq(csRelations.keyId, keyId)))
    .returning({ keyId: csRelations.keyId })
  if (removed.length === 0) throw notFound('pimStores.relationNotFound')
}

/** Adds groups to a collection (or updates the position of one already in it); all or nothing. */
export async function addCollectionRelations(db: Db, input: AddCollectionRelations): Promise<void> {
  const collection = await getCollection(db, input.collectionId)
  const groups = await db
    .select({ id: csGroups.id, storeId: csGroups.storeId })
    .from(csGroups)
    .where(
      inArray(
        csGroups.id,
        input.items.map((item) => item.groupId),
      ),
    )
  input.items.forEach((item, index) => {
    const group = groups.find((row) => row.id === item.groupId)
    if (!group) throw notFound('pimStores.groupNotFound')
    if (group.storeId !== collection.storeId) throw differentStore(`items.${index}.groupId`)
  })
  await db.transaction(async (tx) => {
    for (const item of input.items) {
      const sorter = item.sorter ?? 0
      await tx
        .insert(csCollectionRelations)
        .values({ collectionId: collection.id, groupId: item.groupId, sorter })
        .onConflictDoUpdate({
          target: [csCollectionRelations.collectionId, csCollectionRelations.groupId],
          set: { sorter },
        })
    }
  })
}

export async function updateCollectionRelation(
  db: Db,
  input: UpdateCollectionRelation,
): Promise<void> {
  const updated = await db
    .update(csCollectionRelations)
    .set({ sorter: input.sorter })
    .where(
      and(
        eq(csCollectionRelations.collectionId, input.collectionId),
        eq(csCollectionRelations.groupId, input.groupId),
      ),
    )
    .returning({ groupId: csCollectionRelations.groupId })
  if (updated.length === 0) throw notFound('pimStores.relationNotFound')
}

export async function deleteCollectionRelation(
  db: Db,
  collectionId: number,
  groupId: number,
): Promise<void> {
  const removed = await db
    .delete(csCollectionRelations)
    .where(
      and(
        eq(csCollectionRelations.collectionId, collectionId),
        eq(csCollectionRelations.groupId, groupId),
      ),
    )
    .returning({ groupId: csCollectionRelations.groupId })
  if (removed.length === 0) throw notFound('pimStores.relationNotFound')
}
