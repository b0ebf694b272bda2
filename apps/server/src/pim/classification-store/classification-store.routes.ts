import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AddCollectionRelationsSchema,
  AddCollectionsSchema,
  AddGroupsSchema,
  AddRelationsSchema,
  CollectionPageSchema,
  CollectionRelationIdQuerySchema,
  CollectionRelationListQuerySchema,
  CollectionRelationPageSchema,
  CollectionSchema,
  CreateCollectionSchema,
  CreateGroupSchema,
  CreateKeySchema,
  CreateStoreSchema,
  EditStoreSchema,
  GetPageQuerySchema,
  GetPageResultSchema,
  GroupPageSchema,
  GroupSchema,
  GroupsWithKeysSchema,
  IdQuerySchema,
  KeyPageSchema,
  KeySchema,
  RelationIdQuerySchema,
  RelationListQuerySchema,
  RelationPageSchema,
  SearchRelationPageSchema,
  SearchRelationsQuerySchema,
  StoreListQuerySchema,
  StoreSchema,
  StoreTreeNodeSchema,
  SuccessSchema,
  UpdateCollectionRelationSchema,
  UpdateCollectionSchema,
  UpdateGroupSchema,
  UpdateKeySchema,
  UpdateRelationSchema,
} from '@optika/domain/pim/classification-store-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import {
  addCollectionRelations,
  addRelations,
  createCollection,
  createGroup,
  createKey,
  createStore,
  deleteCollection,
  deleteCollectionRelation,
  deleteGroup,
  deleteKey,
  deleteRelation,
  editStore,
  updateCollection,
  updateCollectionRelation,
  updateGroup,
  updateKey,
  updateRelation,
} from './change-classification-store.ts'
import {
  findItemPage,
  listCollectionRelations,
  listCollections,
  listGroups,
  listKeys,
  listRelations,
  listStores,
  loadCollectionsGroups,
  loadGroupsWithKeys,
  searchRelations,
} from './read-classification-store.ts'
import { requireAnyPermission } from './require-any-permission.ts'

const BASE = '/admin/classificationstore'
const success = { success: true as const }

/**
 * The classification store: /admin/classificationstore/*. Changes need `classificationStore`;
 * reads also `objects`, since the object editor shows a product's groups and keys. The checks run
 * before validation, so nobody learns an input shape without the right.
 */
export async function registerClassificationStoreRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
): Promise<void> {
  void deps
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['classification store']
  const read = { preValidation: [requireAnyPermission('classificationStore', 'objects')] }
  const write = { preValidation: [requirePermission('classificationStore')] }

  // ── Stores ──
  r.get(
    `${BASE}/list-stores`,
    { ...read, schema: { tags, response: { 200: z.object({ data: z.array(StoreSchema) }) } } },
    async (request) => ({ data: await listStores(request.ctx.db) }),
  )
  r.get(
    `${BASE}/storetree`,
    { ...read, schema: { tags, response: { 200: z.array(StoreTreeNodeSchema) } } },
    async (request) =>
      (await listStores(request.ctx.db)).map((store) => ({
        id: store.id,
        text: store.name,
        description: store.description,
        leaf: true as const,
      })),
  )
  r.post(
    `${BASE}/create-store`,
    { ...write, schema: { tags, body: CreateStoreSchema, response: { 200: StoreSchema } } },
    async (request) => createStore(request.ctx.db, request.body),
  )
  r.put(
    `${BASE}/edit-store`,
    { ...write, schema: { tags, body: EditStoreSchema, response: { 200: StoreSchema } } },
    async (request) => editStore(request.ctx.db, request.body),
  )

  // ── Collections ──
  r.get(
    `${BASE}/collections`,
    {
      ...read,
      schema: { tags, querystring: StoreListQuerySchema, response: { 200: CollectionPageSchema } },
    },
    async (request) => listCollections(request.ctx.db, request.query.storeId, request.query),
  )
  for (const path of ['create-collection', 'collections']) {
    r.post(
      `${BASE}/${path}`,
      {
        ...write,
        schema: { tags, body: CreateCollectionSchema, response: { 200: CollectionSchema } },
      },
      async (request) => createCollection(request.ctx.db, request.body),
    )
  }
  r.put(
    `${BASE}/collections`,
    {
      ...write,
      schema: { tags, body: UpdateCollectionSchema, response: { 200: CollectionSchema } },
    },
    async (request) => updateCollection(request.ctx.db, request.body),
  )
  r.delete(
    `${BASE}/delete-collection`,
    { ...write, schema: { tags, querystring: IdQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await deleteCollection(request.ctx.db, request.query.id)
      return success
    },
  )

  // ── Groups ──
  r.get(
    `${BASE}/groups`,
    {
      ...read,
      schema: { tags, querystring: StoreListQuerySchema, response: { 200: GroupPageSchema } },
    },
    async (request) => listGroups(request.ctx.db, request.query.storeId, request.query),
  )
  for (const path of ['create-group', 'groups']) {
    r.post(
      `${BASE}/${path}`,
      { ...write, schema: { tags, body: CreateGroupSchema, response: { 200: GroupSchema } } },
      async (request) => createGroup(request.ctx.db, request.body),
    )
  }
  r.put(
    `${BASE}/groups`,
    { ...write, schema: { tags, body: UpdateGroupSchema, response: { 200: GroupSchema } } },
    async (request) => updateGroup(request.ctx.db, request.body),
  )
  r.delete(
    `${BASE}/delete-group`,
    { ...write, schema: { tags, querystring: IdQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await deleteGroup(request.ctx.db, request.query.id)
      return success
    },
  )

  // ── Keys ("properties") ──
  r.get(
    `${BASE}/properties`,
    {
      ...read,
      schema: { tags, querystring: StoreListQuerySchema, response: { 200: KeyPageSchema } },
    },
    async (request) => listKeys(request.ctx.db, request.query.storeId, request.query),
  )
  for (const path of ['add-property', 'properties']) {
    r.post(
      `${BASE}/${path}`,
      { ...write, schema: { tags, body: CreateKeySchema, response: { 200: KeySchema } } },
      async (request) => createKey(request.ctx.db, request.body),
    )
  }
  r.put(
    `${BASE}/properties`,
    { ...write, schema: { tags, body: UpdateKeySchema, response: { 200: KeySchema } } },
    async (request) => updateKey(request.ctx.db, request.body),
  )
  r.delete(
    `${BASE}/delete-property`,
    { ...write, schema: { tags, querystring: IdQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await deleteKey(request.ctx.db, request.query.id)
      return success
    },
  )

  // ── Group ↔ key relations ──
  r.get(
    `${BASE}/relations`,
    {
      ...read,
      schema: { tags, querystring: RelationListQuerySchema, response: { 200: RelationPageSchema } },
    },
    async (request) => listRelations(request.ctx.db, request.query.groupId, request.query),
  )
  r.post(
    `${BASE}/relations`,
    { ...write, schema: { tags, body: AddRelationsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await addRelations(request.ctx.db, request.body)
      return success
    },
  )
  r.put(
    `${BASE}/relations`,
    { ...write, schema: { tags, body: UpdateRelationSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await updateRelation(request.ctx.db, request.body)
      return success
    },
  )
  r.delete(
    `${BASE}/delete-relation`,
    {
      ...write,
      schema: { tags, querystring: RelationIdQuerySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await deleteRelation(request.ctx.db, request.query.groupId, request.query.keyId)
      return success
    },
  )
  r.get(
    `${BASE}/search-relations`,
    {
      ...read,
      schema: {
        tags,
        querystring: SearchRelationsQuerySchema,
        response: { 200: SearchRelationPageSchema },
      },
    },
    async (request) => searchRelations(request.ctx.db, request.query.storeId, request.query),
  )

  // ── Collection ↔ group relations ──
  r.get(
    `${BASE}/collection-relations`,
    {
      ...read,
      schema: {
        tags,
        querystring: CollectionRelationListQuerySchema,
        response: { 200: CollectionRelationPageSchema },
      },
    },
    async (request) =>
      listCollectionRelations(request.ctx.db, request.query.collectionId, request.query),
  )
  r.post(
    `${BASE}/collection-relations`,
    {
      ...write,
      schema: { tags, body: AddCollectionRelationsSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await addCollectionRelations(request.ctx.db, request.body)
      return success
    },
  )
  r.put(
    `${BASE}/collection-relations`,
    {
      ...write,
      schema: { tags, body: UpdateCollectionRelationSchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await updateCollectionRelation(request.ctx.db, request.body)
      return success
    },
  )
  r.delete(
    `${BASE}/delete-collection-relation`,
    {
      ...write,
      schema: {
        tags,
        querystring: CollectionRelationIdQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await deleteCollectionRelation(
        request.ctx.db,
        request.query.collectionId,
        request.query.groupId,
      )
      return success
    },
  )

  // ── The object editor: groups to add to an object ──
  r.post(
    `${BASE}/add-collections`,
    {
      ...read,
      schema: { tags, body: AddCollectionsSchema, response: { 200: GroupsWithKeysSchema } },
    },
    async (request) => ({
      groups: await loadCollectionsGroups(request.ctx.db, request.body.collectionIds),
    }),
  )
  r.post(
    `${BASE}/add-groups`,
    { ...read, schema: { tags, body: AddGroupsSchema, response: { 200: GroupsWithKeysSchema } } },
    async (request) => ({
      groups: await loadGroupsWithKeys(request.ctx.db, request.body.groupIds),
    }),
  )
  r.get(
    `${BASE}/get-page`,
    {
      ...read,
      schema: { tags, querystring: GetPageQuerySchema, response: { 200: GetPageResultSchema } },
    },
    async (request) => findItemPage(request.ctx.db, request.query),
  )
}
