import { and, asc, count, eq, ilike, inArray, or, sql, type Column, type SQL } from 'drizzle-orm'
import type { FieldDefinition } from '@optika/domain/pim/class-definition'
import type {
  ClassificationKey,
  ClassificationKeyType,
  Collection,
  CollectionRelation,
  GetPageQuery,
  Group,
  GroupKey,
  GroupWithKeys,
  Relation,
  SearchRelationHit,
  Store,
} from '@optika/domain/pim/classification-store-api'
import type { Db } from '../../platform/db/client.ts'
import {
  csCollectionRelations,
  csCollections,
  csGroups,
  csKeys,
  csRelations,
  csStores,
} from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { containsPattern } from './like-pattern.ts'

export interface Paging {
  readonly start: number
  readonly limit: number
  readonly filter?: string | undefined
}

export interface Page<T> {
  total: number
  data: T[]
}

type KeyRow = typeof csKeys.$inferSelect

export function toKey(row: KeyRow): ClassificationKey {
  return {
    id: row.id,
    storeId: row.storeId,
    name: row.name,
    title: row.title,
    description: row.description,
    type: row.type as ClassificationKeyType,
    definition: row.definition as FieldDefinition,
    enabled: row.enabled,
  }
}

function toGroup(row: typeof csGroups.$inferSelect): Group {
  return {
    id: row.id,
    storeId: row.storeId,
    parentId: row.parentId,
    name: row.name,
    description: row.description,
  }
}

function toCollection(row: typeof csCollections.$inferSelect): Collection {
  return { id: row.id, storeId: row.storeId, name: row.name, description: row.description }
}

/** Text search over some columns; undefined (no condition) for an empty filter. */
function matches(filter: string | undefined, columns: readonly Column[]): SQL | undefined {
  if (filter === undefined || filter === '') return undefined
  const pattern = containsPattern(filter)
  return or(...columns.map((column) => ilike(column, pattern)))
}

export async function listStores(db: Db): Promise<Store[]> {
  return db
    .select({ id: csStores.id, name: csStores.name, description: csStores.description })
    .from(csStores)
    .orderBy(asc(csStores.name), asc(csStores.id))
}

export async function getStore(db: Db, storeId: number): Promise<Store> {
  const [store] = await db.select().from(csStores).where(eq(csStores.id, storeId))
  if (!store) throw notFound('pimStores.storeNotFound')
  return store
}

function collectionFilter(storeId: number, filter: string | undefined): SQL | undefined {
  return and(
    eq(csCollections.storeId, storeId),
    matches(filter, [csCollections.name, csCollections.description]),
  )
}

function groupFilter(storeId: number, filter: string | undefined): SQL | undefined {
  return and(eq(csGroups.storeId, storeId), matches(filter, [csGroups.name, csGroups.description]))
}

function keyFilter(storeId: number, filter: string | undefined): SQL | undefined {
  return and(
    eq(csKeys.storeId, storeId),
    matches(filter, [csKeys.name, csKeys.title, csKeys.description]),
  )
}

/** A store's collections by name, one page. */
export async function listCollections(
  db: Db,
  storeId: number,
  paging: Paging,
): Promise<Page<Collection>> {
  await getStore(db, storeId)
  const where = collectionFilter(storeId, paging.filter)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(csCollections)
      .where(where)
      .orderBy(asc(csCollections.name), asc(csCollections.id))
      .offset(paging.start)
      .limit(paging.limit),
    db.select({ n: count() }).from(csCollections).where(where),
  ])
  return { total: total?.n ?? 0, data: rows.map(toCollection) }
}

/** A store's groups by name, one page. */
export async function listGroups(db: Db, storeId: number, paging: Paging): Promise<Page<Group>> {
  await getStore(db, storeId)
  const where = groupFilter(storeId, paging.filter)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(csGroups)
      .where(where)
      .orderBy(asc(csGroups.name), asc(csGroups.id))
      .offset(paging.start)
      .limit(paging.limit),
    db.select({ n: count() }).from(csGroups).where(where),
  ])
  return { total: total?.n ?? 0, data: rows.map(toGroup) }
}

/** A store's keys by name, one page. */
export async function listKeys(
  db: Db,
  storeId: number,
  paging: Paging,
): Promise<Page<ClassificationKey>> {
  await getStore(db, storeId)
  const where = keyFilter(storeId, paging.filter)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(csKeys)
      .where(where)
      .orderBy(asc(csKeys.name), asc(csKeys.id))
      .offset(paging.start)
      .limit(paging.limit),
    db.select({ n: count() }).from(csKeys).where(where),
  ])
  return { total: total?.n ?? 0, data: rows.map(toKey) }
}

export async function getGroup(db: Db, groupId: number): Promise<Group> {
  const [row] = await db.select().from(csGroups).where(eq(csGroups.id, groupId))
  if (!row) throw notFound('pimStores.groupNotFound')
  return toGroup(row)
}

export async function getCollection(db: Db, collectionId: number): Promise<Collection> {
  const [row] = await db.select().from(csCollections).where(eq(csCollections.id, collectionId))
  if (!row) throw notFound('pimStores.collectionNotFound')
  return toCollection(row)
}

export async function getKey(db: Db, keyId: number): Promise<ClassificationKey> {
  const [row] = await db.select().from(csKeys).where(eq(csKeys.id, keyId))
  if (!row) throw notFound('pimStores.keyNotFound')
  return toKey(row)
}

/** The keys of a group in their order (sorter, then name), one page. */
export async function listRelations(
  db: Db,
  groupId: number,
  paging: Paging,
): Promise<Page<Relation>> {
  await getGroup(db, groupId)
  const where = and(
    eq(csRelations.groupId, groupId),
    matches(paging.filter, [csKeys.name, csKeys.title, csKeys.description]),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ relation: csRelations, key: csKeys })
      .from(csRelations)
      .innerJoin(csKeys, eq(csKeys.id, csRelations.keyId))
      .where(where)
      .orderBy(asc(csRelations.sorter), asc(csKeys.name), asc(csKeys.id))
      .offset(paging.start)
      .limit(paging.limit),
    db
      .select({ n: count() })
      .from(csRelations)
      .innerJoin(csKeys, eq(csKeys.id, csRelations.keyId))
      .where(where),
  ])
  return {
    total: total?.n ?? 0,
    data: rows.map(({ relation, key }) => ({
      groupId: relation.groupId,
      keyId: relation.keyId,
      mandatory: relation.mandatory,
      sorter: relation.sorter,
      name: key.name,
      title: key.title,
      description: key.description,
      type: key.type as ClassificationKeyType,
      enabled: key.enabled,
    })),
  }
}

/** Every group ↔ key relation of a store whose key or group matches the text, by group then key order. */
export async function searchRelations(
  db: Db,
  storeId: number,
  paging: Paging,
): Promise<Page<SearchRelationHit>> {
  await getStore(db, storeId)
  const where = and(
    eq(csGroups.storeId, storeId),
    matches(paging.filter, [
      csKeys.name,
      csKeys.title,
      csKeys.description,
      csGroups.name,
      csGroups.description,
    ]),
  )
  const joined = () =>
    db
      .select({ relation: csRelations, key: csKeys, group: csGroups })
      .from(csRelations)
      .innerJoin(csKeys, eq(csKeys.id, csRelations.keyId))
      .innerJoin(csGroups, eq(csGroups.id, csRelations.groupId))
  const [rows, [total]] = await Promise.all([
    joined()
      .where(where)
      .orderBy(asc(csGroups.name), asc(csRelations.sorter), asc(csKeys.name), asc(csKeys.id))
      .offset(paging.start)
      .limit(paging.limit),
    db
      .select({ n: count() })
      .from(csRelations)
      .innerJoin(csKeys, eq(csKeys.id, csRelations.keyId))
      .innerJoin(csGroups, eq(csGroups.id, csRelations.groupId))
      .where(where),
  ])
  return {
    total: total?.n ?? 0,
    data: rows.map(({ relation, key, group }) => ({
      groupId: group.id,
      groupName: group.name,
      keyId: key.id,
      keyName: key.name,
      keyTitle: key.title,
      keyDescription: key.description,
      type: key.type as ClassificationKeyType,
      mandatory: relation.mandatory,
      sorter: relation.sorter,
    })),
  }
}

/** The groups of a collection in their order, one page. */
export async function listCollectionRelations(
  db: Db,
  collectionId: number,
  paging: Paging,
): Promise<Page<CollectionRelation>> {
  await getCollection(db, collectionId)
  const where = and(
    eq(csCollectionRelations.collectionId, collectionId),
    matches(paging.filter, [csGroups.name, csGroups.description]),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ relation: csCollectionRelations, group: csGroups })
      .from(csCollectionRelations)
      .innerJoin(csGroups, eq(csGroups.id, csCollectionRelations.groupId))
      .where(where)
      .orderBy(asc(csCollectionRelations.sorter), asc(csGroups.name), asc(csGroups.id))
      .offset(paging.start)
      .limit(paging.limit),
    db
      .select({ n: count() })
      .from(csCollectionRelations)
      .innerJoin(csGroups, eq(csGroups.id, csCollectionRelations.groupId))
      .where(where),
  ])
  return {
    total: total?.n ?? 0,
    data: rows.map(({ relation, group }) => ({
      collectionId: relation.collectionId,
      groupId: relation.groupId,
      sorter: relation.sorter,
      name: group.name,
      description: group.description,
    })),
  }
}

/** The groups with their enabled keys in order (sorter, then name), groups in the order of `groupIds`. */
export async function loadGroupsWithKeys(
  db: Db,
  groupIds: readonly number[],
): Promise<GroupWithKeys[]> {
  if (groupIds.length === 0) return []
  const unique = [...new Set(groupIds)]
  const groups = await db.select().from(csGroups).where(inArray(csGroups.id, unique))
  const missing = unique.filter((id) => !groups.some((group) => group.id === id))
  if (missing.length > 0) {
    throw new AppError(404, 'NOT_FOUND', 'pimStores.groupNotFound', {}, [
      { path: 'groupIds', key: 'pimStores.groupNotFound', params: { ids: missing.join(', ') } },
    ])
  }
  const rows = await db
    .select({ relation: csRelations, key: csKeys })
    .from(csRelations)
    .innerJoin(csKeys, eq(csKeys.id, csRelations.keyId))
    .where(and(inArray(csRelations.groupId, unique), eq(csKeys.enabled, true)))
    .orderBy(asc(csRelations.sorter), asc(csKeys.name), asc(csKeys.id))
  const byId = new Map(groups.map((group) => [group.id, group]))
  return unique.map((id) => {
    const group = byId.get(id)!
    const keys: GroupKey[] = rows
      .filter((row) => row.relation.groupId === id)
      .map(({ relation, key }) => ({
        id: key.id,
        name: key.name,
        title: key.title,
        description: key.description,
        type: key.type as ClassificationKeyType,
        definition: key.definition as FieldDefinition,
        mandatory: relation.mandatory,
        sorter: relation.sorter,
      }))
    return { ...toGroup(group), keys }
  })
}

/** The groups of the collections (collection order as given, then each collection's sorter), each group once. */
export async function loadCollectionsGroups(
  db: Db,
  collectionIds: readonly number[],
): Promise<GroupWithKeys[]> {
  const unique = [...new Set(collectionIds)]
  const collections = await db
    .select({ id: csCollections.id })
    .from(csCollections)
    .where(inArray(csCollections.id, unique))
  const missing = unique.filter((id) => !collections.some((row) => row.id === id))
  if (missing.length > 0) {
    throw new AppError(404, 'NOT_FOUND', 'pimStores.collectionNotFound', {}, [
      {
        path: 'collectionIds',
        key: 'pimStores.collectionNotFound',
        params: { ids: missing.join(', ') },
      },
    ])
  }
  const relations = await db
    .select({ relation: csCollectionRelations, name: csGroups.name })
    .from(csCollectionRelations)
    .innerJoin(csGroups, eq(csGroups.id, csCollectionRelations.groupId))
    .where(inArray(csCollectionRelations.collectionId, unique))
    .orderBy(asc(csCollectionRelations.sorter), asc(csGroups.name), asc(csGroups.id))
  const groupIds = unique.flatMap((collectionId) =>
    relations
      .filter((row) => row.relation.collectionId === collectionId)
      .map((row) => row.relation.groupId),
  )
  return loadGroupsWithKeys(db, groupIds)
}

/** On which page (1-based, for `limit` rows, the list's order and filter) an item lies. */
export async function findItemPage(
  db: Db,
  query: Required<Pick<GetPageQuery, 'table' | 'storeId' | 'id' | 'limit'>> & {
    filter?: string | undefined
  },
): Promise<{ page: number; position: number }> {
  const table = { collections: csCollections, groups: csGroups, properties: csKeys }[query.table]
  const filter = {
    collections: collectionFilter,
    groups: groupFilter,
    properties: keyFilter,
  }[query.table](query.storeId, query.filter)
  const [item] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(filter, eq(table.id, query.id)))
  if (!item) throw notFound('pimStores.itemNotFound')
  const [before] = await db
    .select({ n: count() })
    .from(table)
    .where(
      and(
        filter,
        or(
          sql`${table.name} < ${item.name}`,
          and(eq(table.name, item.name), sql`${table.id} < ${item.id}`),
        ),
      ),
    )
  const position = before?.n ?? 0
  return { page: Math.floor(position / query.limit) + 1, position }
}
