import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AddTreeNodeSchema,
  AdminRoleSchema,
  AdminUserSchema,
  AnalyzePermissionsQuerySchema,
  AuditLogListSchema,
  AuditLogQuerySchema,
  CurrentUserSchema,
  DeleteTreeNodeQuerySchema,
  IdBodySchema,
  IdQuerySchema,
  DEFAULT_KEY_BINDINGS,
  KeyBindingListSchema,
  MinimalUserSchema,
  OneTimeLinkSchema,
  OptionalIdBodySchema,
  OptionalIdQuerySchema,
  UserPickerListSchema,
  UserPickerQuerySchema,
  PermissionAnalysisSchema,
  SharingEntrySchema,
  TreeChildrenQuerySchema,
  TreeNodeSchema,
  UpdateCurrentUserSchema,
  UpdateRoleSchema,
  UpdateUserSchema,
  UserSearchHitSchema,
  UserSearchQuerySchema,
} from '@optika/domain/admin/users-api'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import {
  RecoveryCodesSchema,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
} from '@optika/domain/admin/auth-api'
import { AppError } from '../../platform/http/app-error.ts'
import { requireAdmin, requirePermission } from '../admin-auth/require-admin.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import { adminContextOf } from './admin-context.ts'
import { createTokenLoginLink, inviteAdminUser, resetUserTwoFactor } from './admin-user-links.ts'
import { analyzePermissions } from './analyze-permissions.ts'
import {
  addTreeNode,
  deleteTreeNode,
  updateAdminRole,
  updateAdminUser,
} from './change-users-and-roles.ts'
import { getCurrentUser, updateCurrentUser } from './current-user.ts'
import { listAuditLog } from './list-audit-log.ts'
import {
  confirmOwnTwoFactor,
  disableOwnTwoFactor,
  renewOwnTwoFactorSecret,
  resetOwnTwoFactor,
} from './own-two-factor.ts'
import {
  getAdminRole,
  getAdminUser,
  listRoleTreeChildren,
  listRolesForSharing,
  listUsersForSharing,
  listUserTreeChildren,
  searchAdminUsers,
} from './read-users-and-roles.ts'
import { getMinimalUser, listRolesForPicker, listUsersForPicker } from './user-pickers.ts'
import {
  deleteUserImage,
  readUserImage,
  saveCurrentUserImage,
  saveUserImage,
  USER_IMAGE_MAX_BYTES,
  USER_IMAGE_TYPES,
} from './user-image.ts'

export interface AdminUserRoutesDeps {
  readonly translator: Translator
  readonly mailer: Mailer
  readonly dataDir: string
  readonly publicUrl: string
}

const Success = z.object({ success: z.literal(true) })

/** 403 unless the signed-in user holds the key `pick` chooses from the (validated) request. */
function requirePermissionOf(pick: (request: FastifyRequest) => PermissionKey) {
  return async function requireChosenPermission(request: FastifyRequest): Promise<void> {
    if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    if (!request.admin.permissions.has(pick(request))) {
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    }
  }
}

/** 403 unless the request concerns the signed-in user itself or the user holds `users`. */
function requireUsersUnlessSelf(idOf: (request: FastifyRequest) => number) {
  return async function requireSelfOrUsers(request: FastifyRequest): Promise<void> {
    if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
    if (idOf(request) !== request.admin.userId && !request.admin.permissions.has('users')) {
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    }
  }
}

/** Session and permission checks run before the input is validated, so nobody probes without rights. */
function guard(key?: PermissionKey) {
  return { preValidation: key ? [requirePermission(key)] : [requireAdmin] }
}

/**
 * The users & roles API under /admin/user (Pimcore's paths) and the audit log under
 * /admin/audit-log. Users need `users`, roles `roles`; one's own profile and the sharing lists
 * need only a session.
 */
export async function registerAdminUserRoutes(
  app: FastifyInstance,
  deps: AdminUserRoutesDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const tags = ['admin users']

  r.get(
    '/admin/user/tree-get-children-by-id',
    {
      ...guard('users'),
      schema: {
        tags,
        querystring: TreeChildrenQuerySchema,
        response: { 200: z.array(TreeNodeSchema) },
      },
    },
    async (request) => listUserTreeChildren(request.ctx.db, request.query.node),
  )
  r.get(
    '/admin/user/role-tree-get-children-by-id',
    {
      ...guard('roles'),
      schema: {
        tags,
        querystring: TreeChildrenQuerySchema,
        response: { 200: z.array(TreeNodeSchema) },
      },
    },
    async (request) => listRoleTreeChildren(request.ctx.db, request.query.node),
  )
  r.post(
    '/admin/user/add',
    {
      preValidation: [requireAdmin],
      preHandler: [
        requirePermissionOf((request) =>
          (request.body as { type: string }).type.startsWith('role') ? 'roles' : 'users',
        ),
      ],
      schema: {
        tags,
        body: AddTreeNodeSchema,
        response: { 200: z.object({ id: z.number().int(), type: AddTreeNodeSchema.shape.type }) },
      },
    },
    async (request) => addTreeNode(ctxOf(request), request.body),
  )
  r.put(
    '/admin/user/update',
    {
      ...guard('users'),
      schema: { tags, body: UpdateUserSchema, response: { 200: AdminUserSchema } },
    },
    async (request) => updateAdminUser(ctxOf(request), request.body),
  )
  r.put(
    '/admin/user/role-update',
    {
      ...guard('roles'),
      schema: { tags, body: UpdateRoleSchema, response: { 200: AdminRoleSchema } },
    },
    async (request) => updateAdminRole(ctxOf(request), request.body),
  )
  r.delete(
    '/admin/user/delete',
    {
      preValidation: [requireAdmin],
      preHandler: [
        requirePermissionOf((request) =>
          (request.query as { type: string }).type === 'role' ? 'roles' : 'users',
        ),
      ],
      schema: { tags, querystring: DeleteTreeNodeQuerySchema, response: { 200: Success } },
    },
    async (request) => {
      await deleteTreeNode(ctxOf(request), request.query)
      return { success: true as const }
    },
  )
  r.get(
    '/admin/user/get',
    {
      ...guard('users'),
      schema: { tags, querystring: IdQuerySchema, response: { 200: AdminUserSchema } },
    },
    async (request) => getAdminUser(request.ctx.db, request.query.id),
  )
  r.get(
    '/admin/user/role-get',
    {
      ...guard('roles'),
      schema: { tags, querystring: IdQuerySchema, response: { 200: AdminRoleSchema } },
    },
    async (request) => getAdminRole(request.ctx.db, request.query.id),
  )
  r.get(
    '/admin/user/get-current-user',
    { ...guard(), schema: { tags, response: { 200: CurrentUserSchema } } },
    async (request) => getCurrentUser(ctxOf(request)),
  )
  r.put(
    '/admin/user/update-current-user',
    {
      ...guard(),
      schema: { tags, body: UpdateCurrentUserSchema, response: { 200: CurrentUserSchema } },
    },
    async (request) => updateCurrentUser(ctxOf(request), request.body),
  )
  r.get(
    '/admin/user/search',
    {
      ...guard('users'),
      schema: {
        tags,
        querystring: UserSearchQuerySchema,
        response: { 200: z.array(UserSearchHitSchema) },
      },
    },
    async (request) => searchAdminUsers(request.ctx.db, request.query.query),
  )
  r.get(
    '/admin/user/get-users-for-sharing',
    { ...guard(), schema: { tags, response: { 200: z.array(SharingEntrySchema) } } },
    async (request) => listUsersForSharing(request.ctx.db),
  )
  r.get(
    '/admin/user/get-roles-for-sharing',
    { ...guard(), schema: { tags, response: { 200: z.array(SharingEntrySchema) } } },
    async (request) => listRolesForSharing(request.ctx.db),
  )
  // Pimcore answers GET ?id=; the screens' POST { id } is kept.
  r.get(
    '/admin/user/get-token-login-link',
    {
      ...guard('users'),
      schema: { tags, querystring: IdQuerySchema, response: { 200: OneTimeLinkSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return createTokenLoginLink(ctxOf(request), deps.publicUrl, request.query.id)
    },
  )
  r.post(
    '/admin/user/get-token-login-link',
    {
      ...guard('users'),
      schema: { tags, body: IdBodySchema, response: { 200: OneTimeLinkSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return createTokenLoginLink(ctxOf(request), deps.publicUrl, request.body.id)
    },
  )
  r.get(
    '/admin/user/get-minimal',
    {
      ...guard(),
      schema: { tags, querystring: IdQuerySchema, response: { 200: MinimalUserSchema } },
    },
    async (request) => getMinimalUser(request.ctx.db, request.query.id),
  )
  r.get(
    '/admin/user/get-users',
    {
      ...guard('users'),
      schema: { tags, querystring: UserPickerQuerySchema, response: { 200: UserPickerListSchema } },
    },
    async (request) =>
      listUsersForPicker(request.ctx.db, request.admin!.userId, {
        includeCurrentUser: request.query.include_current_user,
        permission: request.query.permission,
      }),
  )
  r.get(
    '/admin/user/get-roles',
    {
      ...guard('users'),
      schema: { tags, querystring: UserPickerQuerySchema, response: { 200: UserPickerListSchema } },
    },
    async (request) => listRolesForPicker(request.ctx.db, { permission: request.query.permission }),
  )
  r.get(
    '/admin/user/get-default-key-bindings',
    { ...guard('users'), schema: { tags, response: { 200: KeyBindingListSchema } } },
    async () => ({ success: true as const, data: [...DEFAULT_KEY_BINDINGS] }),
  )
  r.post(
    '/admin/user/invitationlink',
    {
      ...guard('users'),
      schema: { tags, body: IdBodySchema, response: { 200: OneTimeLinkSchema } },
    },
    async (request) => inviteAdminUser(ctxOf(request), deps, request.body.id),
  )
  r.post(
    '/admin/user/reset-2fa-secret',
    { ...guard('users'), schema: { tags, body: IdBodySchema, response: { 200: Success } } },
    async (request) => resetUserTwoFactor(ctxOf(request), request.body.id, 'reset'),
  )
  // Pimcore's method; its form sends the id in the query, a JSON client in the body.
  r.put(
    '/admin/user/reset-2fa-secret',
    {
      ...guard('users'),
      schema: {
        tags,
        querystring: OptionalIdQuerySchema,
        body: OptionalIdBodySchema,
        response: { 200: Success },
      },
    },
    async (request) => {
      const id = request.body?.id ?? request.query.id
      if (id === undefined) throw new AppError(404, 'NOT_FOUND', 'adminUsers.userNotFound')
      return resetUserTwoFactor(ctxOf(request), id, 'reset')
    },
  )
  r.put(
    '/admin/user/reset-my-2fa-secret',
    { ...guard(), schema: { tags, response: { 200: Success } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return resetOwnTwoFactor(ctxOf(request))
    },
  )
  // One's own 2FA may be switched off from the profile; another user's needs `users`.
  r.post(
    '/admin/user/disable-2fa',
    {
      preValidation: [requireAdmin],
      preHandler: [requireUsersUnlessSelf((request) => (request.body as { id: number }).id)],
      schema: { tags, body: IdBodySchema, response: { 200: Success } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return request.body.id === request.admin?.userId
        ? disableOwnTwoFactor(ctxOf(request))
        : resetUserTwoFactor(ctxOf(request), request.body.id, 'disable')
    },
  )
  // Pimcore's DELETE switches one's own 2FA off; ?id= of another user needs `users`.
  r.delete(
    '/admin/user/disable-2fa',
    {
      preValidation: [requireAdmin],
      preHandler: [
        requireUsersUnlessSelf(
          (request) => (request.query as { id?: number }).id ?? request.admin!.userId,
        ),
      ],
      schema: { tags, querystring: OptionalIdQuerySchema, response: { 200: Success } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const id = request.query.id ?? request.admin!.userId
      return id === request.admin?.userId
        ? disableOwnTwoFactor(ctxOf(request))
        : resetUserTwoFactor(ctxOf(request), id, 'disable')
    },
  )
  r.delete(
    '/admin/user/delete-image',
    {
      preValidation: [requireAdmin],
      preHandler: [
        requireUsersUnlessSelf(
          (request) => (request.query as { id?: number }).id ?? request.admin!.userId,
        ),
      ],
      schema: { tags, querystring: OptionalIdQuerySchema, response: { 200: Success } },
    },
    async (request) =>
      deleteUserImage(ctxOf(request), deps.dataDir, request.query.id ?? request.admin!.userId),
  )
  r.get(
    '/admin/user/renew-2fa-qr-secret',
    { ...guard(), schema: { tags, response: { 200: TwoFactorSetupSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return renewOwnTwoFactorSecret(request)
    },
  )
  r.post(
    '/admin/user/confirm-2fa',
    {
      ...guard(),
      schema: { tags, body: TwoFactorCodeSchema, response: { 200: RecoveryCodesSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return confirmOwnTwoFactor(request, reply, request.body.code)
    },
  )
  r.get(
    '/admin/user/analyze-permissions',
    {
      ...guard('users'),
      schema: {
        tags,
        querystring: AnalyzePermissionsQuerySchema,
        response: { 200: PermissionAnalysisSchema },
      },
    },
    async (request) => {
      const { userId, elementType, path } = request.query
      return analyzePermissions(request.ctx.db, userId, elementType, path)
    },
  )
  // Anyone signed in sees their own picture; another user's needs `users`.
  r.get(
    '/admin/user/get-image',
    {
      preValidation: [requireAdmin],
      preHandler: [requireUsersUnlessSelf((request) => (request.query as { id: number }).id)],
      schema: { tags, querystring: IdQuerySchema },
    },
    async (request, reply) => {
      const image = await readUserImage(request.ctx.db, deps.dataDir, request.query.id)
      if (!image) throw new AppError(404, 'IMAGE_NOT_FOUND', 'server.imageNotFound')
      return reply.type('image/webp').header('cache-control', 'private, no-cache').send(image)
    },
  )
  // The raw picture body is parsed only on this route, and only up to 2 MB.
  await app.register(async (upload) => {
    upload.addContentTypeParser(
      [...USER_IMAGE_TYPES],
      { parseAs: 'buffer', bodyLimit: USER_IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    )
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/user/upload-current-user-image',
      {
        ...guard(),
        bodyLimit: USER_IMAGE_MAX_BYTES,
        schema: { tags, response: { 200: z.object({ hasImage: z.literal(true) }) } },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'server.unsupportedMediaType')
        }
        return saveCurrentUserImage(ctxOf(request), deps.dataDir, request.body)
      },
    )
    // Pimcore's form posts the file as multipart `Filedata`; a raw image body works too.
    await upload.register(multipart, {
      limits: { fileSize: USER_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000, parts: 6 },
    })
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/user/upload-image',
      {
        preValidation: [requireAdmin],
        preHandler: [
          requireUsersUnlessSelf(
            (request) => (request.query as { id?: number }).id ?? request.admin!.userId,
          ),
        ],
        bodyLimit: USER_IMAGE_MAX_BYTES + 100_000,
        schema: {
          tags,
          querystring: OptionalIdQuerySchema,
          response: { 200: z.object({ hasImage: z.literal(true) }) },
        },
      },
      async (request) => {
        const id = request.query.id ?? request.admin!.userId
        let body: Buffer | null = Buffer.isBuffer(request.body) ? request.body : null
        if (!body && request.isMultipart()) {
          for await (const part of request.parts()) {
            if (part.type === 'file') body = await part.toBuffer()
          }
        }
        if (!body) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'server.unsupportedMediaType')
        return saveUserImage(ctxOf(request), deps.dataDir, id, body)
      },
    )
  })

  r.get(
    '/admin/audit-log/list',
    {
      ...guard('auditLog'),
      schema: {
        tags: ['admin audit log'],
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogListSchema },
      },
    },
    async (request) => listAuditLog(request.ctx.db, request.query),
  )
}
