import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  CollectionPageSchema,
  CollectionRelationPageSchema,
  GroupPageSchema,
  KeyPageSchema,
  RelationPageSchema,
  StoreSchema,
  type AddCollectionRelationsSchema,
  type AddRelationsSchema,
  type CreateCollectionSchema,
  type CreateGroupSchema,
  type CreateKeySchema,
  type CreateStoreSchema,
  type EditStoreSchema,
  type UpdateCollectionRelationSchema,
  type UpdateCollectionSchema,
  type UpdateGroupSchema,
  type UpdateKeySchema,
  type UpdateRelationSchema,
} from '@optika/domain/pim/classification-store-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

const BASE = '/admin/classificationstore'

/** The three lists of a store, as the screen's tabs name them. */
export type StoreList = 'collections' | 'groups' | 'properties'

export const storeKeys = {
  all: ['admin', 'classification-store'] as const,
  stores: ['admin', 'classification-store', 'stores'] as const,
  list: (list: StoreList, storeId: number, filter: string, page: number) =>
    ['admin', 'classification-store', list, storeId, filter, page] as const,
  relations: (groupId: number) => ['admin', 'classification-store', 'relations', groupId] as const,
  collectionRelations: (collectionId: number) =>
    ['admin', 'classification-store', 'collection-relations', collectionId] as const,
}

export const STORE_PAGE_SIZE = 25
/** Relation lists and pickers show everything at once (a group rarely has more keys). */
const ALL = 1000

function listQuery(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value))
  }
  return query.toString()
}

export function useStores() {
  return useQuery({
    queryKey: storeKeys.stores,
    queryFn: async () =>
      z.object({ data: z.array(StoreSchema) }).parse(await getJson(`${BASE}/list-stores`)).data,
  })
}

const PAGE_SCHEMAS = {
  collections: CollectionPageSchema,
  groups: GroupPageSchema,
  properties: KeyPageSchema,
} as const

/** One page of a store's collections, groups or keys, filtered by text. */
export async function getStoreList<L extends StoreList>(
  list: L,
  storeId: number,
  filter: string,
  page: number,
  limit = STORE_PAGE_SIZE,
): Promise<z.infer<(typeof PAGE_SCHEMAS)[L]>> {
  const query = listQuery({ storeId, filter, start: (page - 1) * limit, limit })
  const body = await getJson(`${BASE}/${list}?${query}`)
  return PAGE_SCHEMAS[list].parse(body) as z.infer<(typeof PAGE_SCHEMAS)[L]>
}

export function useStoreList<L extends StoreList>(
  list: L,
  storeId: number,
  filter: string,
  page: number,
) {
  return useQuery({
    queryKey: storeKeys.list(list, storeId, filter, page),
    queryFn: () => getStoreList(list, storeId, filter, page),
  })
}

/** Every key (or group) of a store, for the pickers of the relation editors. */
export function useAllOfStore<L extends 'groups' | 'properties'>(list: L, storeId: number) {
  return useQuery({
    queryKey: storeKeys.list(list, storeId, '', 0),
    queryFn: () => getStoreList(list, storeId, '', 1, ALL),
  })
}

export function useRelations(groupId: number) {
  return useQuery({
    queryKey: storeKeys.relations(groupId),
    queryFn: async () =>
      RelationPageSchema.parse(
        await getJson(`${BASE}/relations?${listQuery({ groupId, limit: ALL })}`),
      ),
  })
}

export function useCollectionRelations(collectionId: number) {
  return useQuery({
    queryKey: storeKeys.collectionRelations(collectionId),
    queryFn: async () =>
      CollectionRelationPageSchema.parse(
        await getJson(`${BASE}/collection-relations?${listQuery({ collectionId, limit: ALL })}`),
      ),
  })
}

export async function createStore(input: z.input<typeof CreateStoreSchema>) {
  return StoreSchema.parse(await sendJson('POST', `${BASE}/create-store`, input))
}
export async function editStore(input: z.input<typeof EditStoreSchema>) {
  return StoreSchema.parse(await sendJson('PUT', `${BASE}/edit-store`, input))
}

export async function createCollection(input: z.input<typeof CreateCollectionSchema>) {
  await sendJson('POST', `${BASE}/create-collection`, input)
}
export async function updateCollection(input: z.input<typeof UpdateCollectionSchema>) {
  await sendJson('PUT', `${BASE}/collections`, input)
}
export async function createGroup(input: z.input<typeof CreateGroupSchema>) {
  await sendJson('POST', `${BASE}/create-group`, input)
}
export async function updateGroup(input: z.input<typeof UpdateGroupSchema>) {
  await sendJson('PUT', `${BASE}/groups`, input)
}
export async function createKey(input: z.input<typeof CreateKeySchema>) {
  await sendJson('POST', `${BASE}/add-property`, input)
}
export async function updateKey(input: z.input<typeof UpdateKeySchema>) {
  await sendJson('PUT', `${BASE}/properties`, input)
}

const DELETE_PATHS: Record<StoreList, string> = {
  collections: 'delete-collection',
  groups: 'delete-group',
  properties: 'delete-property',
}
export async function deleteStoreItem(list: StoreList, id: number) {
  await sendJson('DELETE', `${BASE}/${DELETE_PATHS[list]}?id=${id}`)
}

export async function addRelations(input: z.input<typeof AddRelationsSchema>) {
  await sendJson('POST', `${BASE}/relations`, input)
}
export async function updateRelation(input: z.input<typeof UpdateRelationSchema>) {
  await sendJson('PUT', `${BASE}/relations`, input)
}
export async function deleteRelation(groupId: number, keyId: number) {
  await sendJson('DELETE', `${BASE}/delete-relation?${listQuery({ groupId, keyId })}`)
}
export async function addCollectionRelations(input: z.input<typeof AddCollectionRelationsSchema>) {
  await sendJson('POST', `${BASE}/collection-relations`, input)
}
export async function updateCollectionRelation(
  input: z.input<typeof UpdateCollectionRelationSchema>,
) {
  await sendJson('PUT', `${BASE}/collection-relations`, input)
}
export async function deleteCollectionRelation(collectionId: number, groupId: number) {
  await sendJson(
    'DELETE',
    `${BASE}/delete-collection-relation?${listQuery({ collectionId, groupId })}`,
  )
}
