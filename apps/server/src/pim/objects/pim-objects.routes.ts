import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AddedElementSchema,
  AddFolderSchema,
  AddObjectSchema,
  ChangeChildrenSortBySchema,
  CopiedElementSchema,
  CopyElementSchema,
  CopyInfoQuerySchema,
  CopyInfoSchema,
  CopyRewriteIdsResultSchema,
  CopyRewriteIdsSchema,
  DeleteInfoSchema,
  DeleteResultSchema,
  DiffVersionsParamsSchema,
  FolderDetailSchema,
  GetVariantsQuerySchema,
  IdPathPagingInfoQuerySchema,
  IdPathPagingInfoSchema,
  IdQuerySchema,
  ObjectDetailSchema,
  ObjectTreeNodeSchema,
  PreviewQuerySchema,
  SaveFolderSchema,
  SaveObjectResultSchema,
  SaveObjectSchema,
  SelectOptionsRequestSchema,
  SelectOptionsResultSchema,
  SuccessSchema,
  TreeChildrenQuerySchema,
  TreeChildrenSchema,
  TreeRootQuerySchema,
  UpdatedElementSchema,
  UpdateElementSchema,
  UpdateVariantKeySchema,
  VariantListSchema,
  VersionDiffSchema,
  VersionIdSchema,
  VersionPreviewSchema,
} from '@optika/domain/pim/object-api'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import { copyElement, copyRewriteIds, getCopyInfo } from './copy-objects.ts'
import {
  addFolder,
  addObject,
  deleteElement,
  getDeleteInfo,
  getFolder,
  getObject,
  updateElement,
} from './object-elements.ts'
import { getSelectOptions, previewUrl } from './object-preview.ts'
import {
  changeChildrenSortBy,
  getIdPathPagingInfo,
  getTreeRoot,
  listTreeChildren,
} from './object-tree.ts'
import { getVariants, updateVariantKey } from './object-variants.ts'
import { diffVersions, previewVersion, publishVersion } from './object-versions.ts'
import { saveObject } from './save-object.ts'

/** Session and the `objects` key are checked before the input, so nobody probes without rights. */
const guard = { preValidation: [requirePermission('objects')] }

/** The data-object tree and editor: /admin/object/* (except grid-proxy) and /admin/variants/*. */
export async function registerPimObjectRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const tags = ['data objects']

  // ── Tree ──
  r.get(
    '/admin/object/tree-get-root',
    {
      ...guard,
      schema: { tags, querystring: TreeRootQuerySchema, response: { 200: ObjectTreeNodeSchema } },
    },
    async (request) => getTreeRoot(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/object/tree-get-children-by-id',
    {
      ...guard,
      schema: { tags, querystring: TreeChildrenQuerySchema, response: { 200: TreeChildrenSchema } },
    },
    async (request) => listTreeChildren(ctxOf(request), request.query),
  )
  r.get(
    '/admin/object/get-id-path-paging-info',
    {
      ...guard,
      schema: {
        tags,
        querystring: IdPathPagingInfoQuerySchema,
        response: { 200: IdPathPagingInfoSchema },
      },
    },
    async (request) => getIdPathPagingInfo(ctxOf(request), request.query),
  )
  r.put(
    '/admin/object/change-children-sort-by',
    {
      ...guard,
      schema: { tags, body: ChangeChildrenSortBySchema, response: { 200: SuccessSchema } },
    },
    async (request) => changeChildrenSortBy(ctxOf(request), request.body),
  )

  // ── Elements ──
  r.post(
    '/admin/object/add',
    { ...guard, schema: { tags, body: AddObjectSchema, response: { 200: AddedElementSchema } } },
    async (request) => addObject(ctxOf(request), request.body),
  )
  r.post(
    '/admin/object/add-folder',
    { ...guard, schema: { tags, body: AddFolderSchema, response: { 200: AddedElementSchema } } },
    async (request) => addFolder(ctxOf(request), request.body),
  )
  r.get(
    '/admin/object/get',
    {
      ...guard,
      schema: { tags, querystring: IdQuerySchema, response: { 200: ObjectDetailSchema } },
    },
    async (request) => getObject(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/object/get-folder',
    {
      ...guard,
      schema: { tags, querystring: IdQuerySchema, response: { 200: FolderDetailSchema } },
    },
    async (request) => getFolder(ctxOf(request), request.query.id),
  )
  for (const method of ['POST', 'PUT'] as const) {
    r.route({
      method,
      url: '/admin/object/save',
      ...guard,
      schema: { tags, body: SaveObjectSchema, response: { 200: SaveObjectResultSchema } },
      handler: async (request) => saveObject(ctxOf(request), request.body),
    })
  }
  r.put(
    '/admin/object/update',
    {
      ...guard,
      schema: { tags, body: UpdateElementSchema, response: { 200: UpdatedElementSchema } },
    },
    async (request) => updateElement(ctxOf(request), request.body),
  )
  r.put(
    '/admin/object/save-folder',
    { ...guard, schema: { tags, body: SaveFolderSchema, response: { 200: UpdatedElementSchema } } },
    async (request) => updateElement(ctxOf(request), request.body, 'folder'),
  )
  r.delete(
    '/admin/object/delete',
    {
      ...guard,
      schema: { tags, querystring: IdQuerySchema, response: { 200: DeleteResultSchema } },
    },
    async (request) => deleteElement(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/object/delete-info',
    { ...guard, schema: { tags, querystring: IdQuerySchema, response: { 200: DeleteInfoSchema } } },
    async (request) => getDeleteInfo(ctxOf(request), request.query.id),
  )

  // ── Copy ──
  r.get(
    '/admin/object/copy-info',
    {
      ...guard,
      schema: { tags, querystring: CopyInfoQuerySchema, response: { 200: CopyInfoSchema } },
    },
    async (request) => getCopyInfo(ctxOf(request), request.query),
  )
  r.post(
    '/admin/object/copy',
    { ...guard, schema: { tags, body: CopyElementSchema, response: { 200: CopiedElementSchema } } },
    async (request) => copyElement(ctxOf(request), request.body),
  )
  r.put(
    '/admin/object/copy-rewrite-ids',
    {
      ...guard,
      schema: { tags, body: CopyRewriteIdsSchema, response: { 200: CopyRewriteIdsResultSchema } },
    },
    async (request) => copyRewriteIds(ctxOf(request), request.body),
  )

  // ── Versions and preview ──
  r.post(
    '/admin/object/publish-version',
    {
      ...guard,
      schema: { tags, body: VersionIdSchema, response: { 200: SaveObjectResultSchema } },
    },
    async (request) => publishVersion(ctxOf(request), request.body.id),
  )
  r.get(
    '/admin/object/preview-version',
    {
      ...guard,
      schema: { tags, querystring: IdQuerySchema, response: { 200: VersionPreviewSchema } },
    },
    async (request) => previewVersion(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/object/diff-versions/:from/:to',
    {
      ...guard,
      schema: { tags, params: DiffVersionsParamsSchema, response: { 200: VersionDiffSchema } },
    },
    async (request) => diffVersions(ctxOf(request), request.params),
  )
  r.get(
    '/admin/object/preview',
    { ...guard, schema: { tags, querystring: PreviewQuerySchema } },
    async (request, reply) => reply.redirect(await previewUrl(ctxOf(request), request.query), 302),
  )
  r.post(
    '/admin/object/get-select-options',
    {
      ...guard,
      schema: {
        tags,
        body: SelectOptionsRequestSchema,
        response: { 200: SelectOptionsResultSchema },
      },
    },
    async (request) => getSelectOptions(ctxOf(request), request.body),
  )

  // ── Variants ──
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/admin/variants/get-variants',
      ...guard,
      schema: {
        tags,
        ...(method === 'GET'
          ? { querystring: GetVariantsQuerySchema }
          : { body: GetVariantsQuerySchema }),
        response: { 200: VariantListSchema },
      },
      handler: async (request) =>
        getVariants(
          ctxOf(request),
          (method === 'GET' ? request.query : request.body) as ReturnType<
            typeof GetVariantsQuerySchema.parse
          >,
        ),
    })
  }
  r.put(
    '/admin/variants/update-key',
    {
      ...guard,
      schema: { tags, body: UpdateVariantKeySchema, response: { 200: UpdatedElementSchema } },
    },
    async (request) => updateVariantKey(ctxOf(request), request.body),
  )
}
