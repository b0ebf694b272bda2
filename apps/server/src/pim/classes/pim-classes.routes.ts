import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import {
  AddClassSchema,
  AddCustomLayoutSchema,
  AllLayoutsSchema,
  BulkChangesSchema,
  BulkExportPrepareSchema,
  BulkExportQuerySchema,
  BulkExportSchema,
  ClassIdQuerySchema,
  ClassSchema,
  ClassTreeSchema,
  ColumnConfigSchema,
  ContainerListQuerySchema,
  ContainerListSchema,
  ContainerTreeSchema,
  CustomLayoutExportSchema,
  CustomLayoutListSchema,
  CustomLayoutsOfClassQuerySchema,
  HtmlSchema,
  IdentifierSuggestionQuerySchema,
  IdentifierSuggestionSchema,
  ImportResultSchema,
  KeyQuerySchema,
  keyOf,
  LayoutIdQuerySchema,
  NameListSchema,
  SaveClassSchema,
  SaveCustomLayoutSchema,
  SelectOptionsTreeSchema,
  SuccessSchema,
  TextPreviewSchema,
  UsageListSchema,
} from '@optika/domain/pim/class-api'
import {
  ClassExportSchema,
  CustomLayoutSchema,
  FieldContainerDefinitionSchema,
  SelectOptionsSetSchema,
} from '@optika/domain/pim/class-definition'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { requireAdmin } from '../../identity/admin-auth/require-admin.ts'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import { bulkExport, commitBulkImport, planBulkImport, prepareBulkExport } from './bulk-transfer.ts'
import {
  ASSET_TYPES,
  CLASS_ICONS,
  DOCUMENT_TYPES,
  VIDEO_SUPPORTED_TYPES,
} from './class-fixed-lists.ts'
import {
  addClass,
  classColumnConfig,
  deleteClass,
  exportClass,
  getClass,
  importClass,
  listClassTree,
  saveClass,
  suggestClassIdentifier,
} from './manage-classes.ts'
import {
  containerTree,
  containerUsages,
  deleteContainer,
  deleteOptionSet,
  getContainer,
  getOptionSet,
  listContainers,
  optionSetTree,
  optionSetUsages,
  saveContainer,
  saveOptionSet,
  type ContainerKind,
} from './manage-class-parts.ts'
import {
  addCustomLayout,
  deleteCustomLayout,
  exportCustomLayout,
  getCustomLayout,
  importCustomLayout,
  listAllLayouts,
  listCustomLayouts,
  saveCustomLayout,
  suggestCustomLayoutIdentifier,
} from './manage-custom-layouts.ts'
import { sanitizeWysiwyg } from './validate-object.ts'

/** preValidation: 401 without a session, 403 unless the user holds at least one of `keys`. */
export function requireAnyPermission(...keys: PermissionKey[]) {
  return async function requireOneOfKeys(request: FastifyRequest): Promise<void> {
    if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    const { permissions } = request.admin
    if (!keys.some((key) => permissions.has(key))) {
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    }
  }
}

/** Session and permission run before input validation, so nobody probes the API without rights. */
function guard(...keys: PermissionKey[]) {
  return { preValidation: keys.length > 0 ? [requireAnyPermission(...keys)] : [requireAdmin] }
}

/** Marks a JSON answer as a file to save. */
function download(reply: FastifyReply, fileName: string): void {
  reply
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
}

const splitKeys = (keys: string | undefined) =>
  keys === undefined
    ? undefined
    : keys
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)

/** Classes, custom layouts, field collections, object bricks, select options: /admin/class/*. */
export async function registerPimClassRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  void deps
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['pim classes']
  const base = '/admin/class'

  /** DELETE `url`: `remove` what the query names, then answer `{ success: true }`. */
  function deleteRoute<Query extends z.ZodType>(
    url: string,
    permission: PermissionKey,
    querystring: Query,
    remove: (db: Db, query: z.infer<Query>) => Promise<unknown>,
  ): void {
    r.delete(
      url,
      { ...guard(permission), schema: { tags, querystring, response: { 200: SuccessSchema } } },
      async (request) => {
        await remove(request.ctx.db, request.query as z.infer<Query>)
        return { success: true as const }
      },
    )
  }

  // ── Classes ───────────────────────────────────────────────────────────────────────────────
  r.get(
    `${base}/get`,
    {
      ...guard('classes', 'objects'),
      schema: { tags, querystring: ClassIdQuerySchema, response: { 200: ClassSchema } },
    },
    async (request) => getClass(request.ctx.db, request.query.id),
  )
  r.route({
    method: ['GET', 'POST'],
    url: `${base}/get-tree`,
    // Also for `users`/`roles` holders: the user and role editors pick allowed classes from it.
    ...guard('classes', 'objects', 'users', 'roles'),
    schema: { tags, response: { 200: ClassTreeSchema } },
    handler: async (request) => listClassTree(request.ctx.db),
  })
  r.post(
    `${base}/add`,
    { ...guard('classes'), schema: { tags, body: AddClassSchema, response: { 200: ClassSchema } } },
    async (request) => addClass(request.ctx.db, request.body),
  )
  r.put(
    `${base}/save`,
    {
      ...guard('classes'),
      schema: { tags, body: SaveClassSchema, response: { 200: ClassSchema } },
    },
    async (request) => saveClass(request.ctx.db, request.body),
  )
  deleteRoute(`${base}/delete`, 'classes', ClassIdQuerySchema, (db, query) =>
    deleteClass(db, query.id),
  )
  r.get(
    `${base}/export-class`,
    {
      ...guard('classes'),
      schema: { tags, querystring: ClassIdQuerySchema, response: { 200: ClassExportSchema } },
    },
    async (request, reply) => {
      const exported = await exportClass(request.ctx.db, request.query.id)
      download(reply, `class_${exported.id}_export.json`)
      return exported
    },
  )
  r.route({
    method: ['POST', 'PUT'],
    url: `${base}/import-class`,
    ...guard('classes'),
    schema: { tags, body: ClassExportSchema, response: { 200: ImportResultSchema } },
    handler: async (request) => importClass(request.ctx.db, request.body),
  })
  r.get(
    `${base}/get-class-definition-for-column-config`,
    {
      ...guard('classes', 'objects'),
      schema: { tags, querystring: ClassIdQuerySchema, response: { 200: ColumnConfigSchema } },
    },
    async (request) => classColumnConfig(request.ctx.db, request.query.id),
  )

  // ── Custom layouts ────────────────────────────────────────────────────────────────────────
  r.post(
    `${base}/add-custom-layout`,
    {
      ...guard('classes'),
      schema: { tags, body: AddCustomLayoutSchema, response: { 200: CustomLayoutSchema } },
    },
    async (request) => addCustomLayout(request.ctx.db, request.body),
  )
  r.put(
    `${base}/save-custom-layout`,
    {
      ...guard('classes'),
      schema: { tags, body: SaveCustomLayoutSchema, response: { 200: CustomLayoutSchema } },
    },
    async (request) => saveCustomLayout(request.ctx.db, request.body),
  )
  deleteRoute(`${base}/delete-custom-layout`, 'classes', LayoutIdQuerySchema, (db, query) =>
    deleteCustomLayout(db, query.id),
  )
  r.get(
    `${base}/get-custom-layout`,
    {
      ...guard('classes', 'objects'),
      schema: { tags, querystring: LayoutIdQuerySchema, response: { 200: CustomLayoutSchema } },
    },
    async (request) => getCustomLayout(request.ctx.db, request.query.id),
  )
  r.get(
    `${base}/get-custom-layout-definitions`,
    {
      ...guard('classes'),
      schema: {
        tags,
        querystring: CustomLayoutsOfClassQuerySchema,
        response: { 200: CustomLayoutListSchema },
      },
    },
    async (request) => listCustomLayouts(request.ctx.db, request.query.classId),
  )
  r.get(
    `${base}/get-all-layouts`,
    { ...guard('classes'), schema: { tags, response: { 200: AllLayoutsSchema } } },
    async (request) => listAllLayouts(request.ctx.db),
  )
  r.get(
    `${base}/export-custom-layout-definition`,
    {
      ...guard('classes'),
      schema: {
        tags,
        querystring: LayoutIdQuerySchema,
        response: { 200: CustomLayoutExportSchema },
      },
    },
    async (request, reply) => {
      const exported = await exportCustomLayout(request.ctx.db, request.query.id)
      download(reply, `custom_definition_${exported.classId}_${exported.name}_export.json`)
      return exported
    },
  )
  r.route({
    method: ['POST', 'PUT'],
    url: `${base}/import-custom-layout-definition`,
    ...guard('classes'),
    schema: { tags, body: CustomLayoutExportSchema, response: { 200: ImportResultSchema } },
    handler: async (request) => importCustomLayout(request.ctx.db, request.body),
  })
  r.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${base}/suggest-custom-layout-identifier`,
    ...guard('classes'),
    schema: {
      tags,
      querystring: IdentifierSuggestionQuerySchema,
      response: { 200: IdentifierSuggestionSchema },
    },
    handler: async (request) => ({
      identifier: await suggestCustomLayoutIdentifier(
        request.ctx.db,
        request.query.classId,
        request.query.name,
      ),
    }),
  })

  // ── Field collections and object bricks ───────────────────────────────────────────────────
  const containerRoutes = (
    kind: ContainerKind,
    name: 'fieldcollection' | 'objectbrick',
    permission: PermissionKey,
    usagesPath: string,
  ) => {
    r.route({
      method: ['GET', 'POST'],
      url: `${base}/${name}-tree`,
      ...guard(permission),
      schema: { tags, response: { 200: ContainerTreeSchema } },
      handler: async (request) => containerTree(request.ctx.db, kind),
    })
    r.get(
      `${base}/${name}-list`,
      {
        // The object editor renders collections and bricks from these definitions.
        ...guard(permission, 'classes', 'objects'),
        schema: {
          tags,
          querystring: ContainerListQuerySchema,
          response: { 200: ContainerListSchema },
        },
      },
      async (request) => listContainers(request.ctx.db, kind, splitKeys(request.query.keys)),
    )
    r.get(
      `${base}/${name}-get`,
      {
        ...guard(permission, 'classes', 'objects'),
        schema: {
          tags,
          querystring: KeyQuerySchema,
          response: { 200: FieldContainerDefinitionSchema },
        },
      },
      async (request) => getContainer(request.ctx.db, kind, keyOf(request.query)),
    )
    r.route({
      method: ['PUT', 'POST'],
      url: `${base}/${name}-update`,
      ...guard(permission),
      schema: {
        tags,
        body: FieldContainerDefinitionSchema,
        response: { 200: FieldContainerDefinitionSchema },
      },
      handler: async (request) => {
        await saveContainer(request.ctx.db, kind, request.body)
        return getContainer(request.ctx.db, kind, request.body.key)
      },
    })
    deleteRoute(`${base}/${name}-delete`, permission, KeyQuerySchema, (db, query) =>
      deleteContainer(db, kind, keyOf(query)),
    )
    r.get(
      `${base}/export-${name}`,
      {
        ...guard(permission),
        schema: {
          tags,
          querystring: KeyQuerySchema,
          response: { 200: FieldContainerDefinitionSchema },
        },
      },
      async (request, reply) => {
        const exported = await getContainer(request.ctx.db, kind, keyOf(request.query))
        download(reply, `${name}_${exported.key}_export.json`)
        return exported
      },
    )
    r.post(
      `${base}/import-${name}`,
      {
        ...guard(permission),
        schema: {
          tags,
          body: FieldContainerDefinitionSchema,
          response: { 200: ImportResultSchema },
        },
      },
      async (request) => saveContainer(request.ctx.db, kind, request.body),
    )
    r.get(
      `${base}/${usagesPath}`,
      {
        ...guard(permission),
        schema: { tags, querystring: KeyQuerySchema, response: { 200: UsageListSchema } },
      },
      async (request) => containerUsages(request.ctx.db, kind, keyOf(request.query)),
    )
  }
  containerRoutes(
    'fieldcollection',
    'fieldcollection',
    'fieldCollections',
    'get-fieldcollection-usages',
  )
  containerRoutes('objectbrick', 'objectbrick', 'objectBricks', 'get-bricks-usages')

  // ── Select options ────────────────────────────────────────────────────────────────────────
  r.route({
    method: ['GET', 'POST'],
    url: `${base}/select-options-tree`,
    ...guard('selectOptions', 'classes'),
    schema: { tags, response: { 200: SelectOptionsTreeSchema } },
    handler: async (request) => optionSetTree(request.ctx.db),
  })
  r.get(
    `${base}/select-options-get`,
    {
      ...guard('selectOptions', 'classes', 'objects'),
      schema: { tags, querystring: ClassIdQuerySchema, response: { 200: SelectOptionsSetSchema } },
    },
    async (request) => getOptionSet(request.ctx.db, request.query.id),
  )
  r.route({
    method: ['PUT', 'POST'],
    url: `${base}/select-options-update`,
    ...guard('selectOptions'),
    schema: { tags, body: SelectOptionsSetSchema, response: { 200: SelectOptionsSetSchema } },
    handler: async (request) => saveOptionSet(request.ctx.db, request.body),
  })
  deleteRoute(`${base}/select-options-delete`, 'selectOptions', ClassIdQuerySchema, (db, query) =>
    deleteOptionSet(db, query.id),
  )
  r.get(
    `${base}/get-select-options-usages`,
    {
      ...guard('selectOptions'),
      schema: { tags, querystring: ClassIdQuerySchema, response: { 200: UsageListSchema } },
    },
    async (request) => optionSetUsages(request.ctx.db, request.query.id),
  )

  // ── Bulk export / import ──────────────────────────────────────────────────────────────────
  r.post(
    `${base}/bulk-export-prepare`,
    { ...guard('classes'), schema: { tags, response: { 200: BulkExportPrepareSchema } } },
    async (request) => prepareBulkExport(request.ctx.db),
  )
  r.get(
    `${base}/bulk-export`,
    {
      ...guard('classes'),
      schema: { tags, querystring: BulkExportQuerySchema, response: { 200: BulkExportSchema } },
    },
    async (request) => bulkExport(request.ctx.db, request.query),
  )
  r.get(
    `${base}/do-bulk-export`,
    {
      ...guard('classes'),
      schema: { tags, querystring: BulkExportQuerySchema, response: { 200: BulkExportSchema } },
    },
    async (request, reply) => {
      const bundle = await bulkExport(request.ctx.db, request.query)
      download(reply, 'bulk_export.json')
      return bundle
    },
  )
  r.post(
    `${base}/bulk-import`,
    {
      ...guard('classes'),
      schema: { tags, body: BulkExportSchema, response: { 200: BulkChangesSchema } },
    },
    async (request) => planBulkImport(request.ctx.db, request.body),
  )
  r.post(
    `${base}/bulk-commit`,
    {
      ...guard('classes'),
      schema: { tags, body: BulkExportSchema, response: { 200: BulkChangesSchema } },
    },
    async (request) => commitBulkImport(request.ctx.db, request.body),
  )

  // ── Helpers and fixed lists ───────────────────────────────────────────────────────────────
  r.get(
    `${base}/get-icons`,
    { ...guard(), schema: { tags, response: { 200: NameListSchema } } },
    async () => [...CLASS_ICONS],
  )
  r.get(
    `${base}/get-document-types`,
    { ...guard(), schema: { tags, response: { 200: NameListSchema } } },
    async () => [...DOCUMENT_TYPES],
  )
  r.get(
    `${base}/get-asset-types`,
    { ...guard(), schema: { tags, response: { 200: NameListSchema } } },
    async () => [...ASSET_TYPES],
  )
  r.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${base}/video-supported-types`,
    ...guard(),
    schema: { tags, response: { 200: NameListSchema } },
    handler: async () => [...VIDEO_SUPPORTED_TYPES],
  })
  r.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${base}/suggest-class-identifier`,
    ...guard('classes'),
    schema: {
      tags,
      querystring: IdentifierSuggestionQuerySchema,
      response: { 200: IdentifierSuggestionSchema },
    },
    handler: async (request) => ({
      identifier: await suggestClassIdentifier(request.ctx.db, request.query.name ?? ''),
    }),
  })
  // The text comes in the query (GET, DELETE) or the body (POST, PUT).
  r.route({
    method: ['GET', 'DELETE'],
    url: `${base}/text-layout-preview`,
    ...guard('classes'),
    schema: { tags, querystring: TextPreviewSchema, response: { 200: HtmlSchema } },
    handler: async (request) => ({ html: sanitizeWysiwyg(request.query.text) }),
  })
  r.route({
    method: ['POST', 'PUT'],
    url: `${base}/text-layout-preview`,
    ...guard('classes'),
    schema: { tags, body: TextPreviewSchema, response: { 200: HtmlSchema } },
    handler: async (request) => ({ html: sanitizeWysiwyg(request.body.text) }),
  })
}
