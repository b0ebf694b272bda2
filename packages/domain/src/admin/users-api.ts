import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'
import { IdSchema, MAX_INT4_ID } from '../ids.ts'
import { PERMISSION_KEYS, WORKSPACE_ELEMENT_TYPES } from './permissions.ts'

/**
 * The users & roles API (under /admin/user, Pimcore's paths). Users and roles live in two trees of
 * one kind: folders hold users (or roles). Ids are per tree.
 */

export const TreeNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.enum(['user', 'userfolder', 'role', 'rolefolder']),
  name: z.string(),
  hasChildren: z.boolean(),
  active: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
})
export type TreeNode = z.infer<typeof TreeNodeSchema>

export const WorkspaceEntrySchema = z.object({
  elementType: z.enum(WORKSPACE_ELEMENT_TYPES),
  path: z.string().min(1).startsWith('/'),
  list: z.boolean(),
  view: z.boolean(),
  save: z.boolean(),
  publish: z.boolean(),
  unpublish: z.boolean(),
  delete: z.boolean(),
  rename: z.boolean(),
  create: z.boolean(),
  settings: z.boolean(),
  versions: z.boolean(),
  properties: z.boolean(),
})
export type WorkspaceEntry = z.infer<typeof WorkspaceEntrySchema>

const Restrictions = {
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  workspaces: z.array(WorkspaceEntrySchema),
  /** Empty = all. */
  allowedClasses: z.array(z.string()),
  allowedDocumentTypes: z.array(z.string()),
  contentLanguages: z.array(z.enum(LOCALES)),
}

/** GET /admin/user/get?id= — never carries a password hash, TOTP secret or recovery code. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.enum(['user', 'userfolder']),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  language: z.enum(LOCALES),
  active: z.boolean(),
  isAdmin: z.boolean(),
  roleIds: z.array(z.number().int()),
  twoFactorEnabled: z.boolean(),
  twoFactorRequired: z.boolean(),
  hasImage: z.boolean(),
  lastLoginAt: z.string().nullable(),
  ...Restrictions,
})
export type AdminUser = z.infer<typeof AdminUserSchema>

/** GET /admin/user/role-get?id= */
export const AdminRoleSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.enum(['role', 'rolefolder']),
  name: z.string(),
  ...Restrictions,
})
export type AdminRole = z.infer<typeof AdminRoleSchema>

/** GET /admin/user/get-current-user — the signed-in user with its effective permissions. */
export const CurrentUserSchema = AdminUserSchema.extend({
  effectivePermissions: z.array(z.enum(PERMISSION_KEYS)),
  /**
   * The classes the user may create objects of: its own and its roles' allowed classes united;
   * empty = all (always empty for an administrator). The server checks it again on every create.
   */
  effectiveAllowedClasses: z.array(z.string()),
})
export type CurrentUser = z.infer<typeof CurrentUserSchema>

/** Sign-in names are at least this long; folder and role names need only one character. */
export const MIN_USERNAME_LENGTH = 3

/** POST /admin/user/add — a user, role or folder below a parent (null = top level). */
export const AddTreeNodeSchema = z.object({
  parentId: IdSchema.nullable(),
  type: z.enum(['user', 'userfolder', 'role', 'rolefolder']),
  name: z.string().trim().min(1).max(64),
})

/** PUT /admin/user/update — a user's changes (only the fields sent change). */
export const UpdateUserSchema = z.object({
  id: IdSchema,
  data: z
    .object({
      parentId: IdSchema.nullable(),
      /** A user's sign-in name (at least MIN_USERNAME_LENGTH), or a folder's name. */
      username: z.string().trim().min(1).max(64),
      name: z.string().trim().max(200),
      email: z.email(),
      language: z.enum(LOCALES),
      active: z.boolean(),
      isAdmin: z.boolean(),
      roleIds: z.array(IdSchema),
      twoFactorRequired: z.boolean(),
      ...Restrictions,
    })
    .partial(),
})

/** PUT /admin/user/role-update — a role's changes. */
export const UpdateRoleSchema = z.object({
  id: IdSchema,
  data: z
    .object({
      parentId: IdSchema.nullable(),
      name: z.string().trim().min(1).max(64),
      ...Restrictions,
    })
    .partial(),
})

/** PUT /admin/user/update-current-user — own profile; a password change needs the current one. */
export const UpdateCurrentUserSchema = z.object({
  name: z.string().trim().max(200).optional(),
  email: z.email().optional(),
  language: z.enum(LOCALES).optional(),
  oldPassword: z.string().optional(),
  password: z.string().optional(),
  passwordRepeat: z.string().optional(),
})

/**
 * GET /admin/user/analyze-permissions?userId=&elementType=&path= — whether the user may do each
 * workspace right on the element, and why (which entry of which user/role decided).
 */
export const PermissionAnalysisSchema = z.object({
  userId: z.number().int(),
  elementType: z.enum(WORKSPACE_ELEMENT_TYPES),
  path: z.string(),
  isAdmin: z.boolean(),
  rights: z.array(
    z.object({
      right: z.string(),
      allowed: z.boolean(),
      /** e.g. "user admin is an administrator", "role Editors: /Products/ grants save". */
      reason: z.string(),
      source: z
        .object({
          kind: z.enum(['user', 'role', 'admin', 'none']),
          id: z.number().int().nullable(),
          path: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
})

/** GET /admin/audit-log/list — newest first, filtered, paged. */
export const AuditLogQuerySchema = z.object({
  actorId: IdSchema.optional(),
  action: z.string().max(100).optional(),
  entityType: z.string().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
export const AuditLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
})
export const AuditLogListSchema = z.object({
  entries: z.array(AuditLogEntrySchema),
  total: z.number().int(),
})

/** ?node= of the tree calls: a folder's id; 0 or absent = the top level. */
export const TreeChildrenQuerySchema = z.object({
  node: z.coerce.number().int().min(0).max(MAX_INT4_ID).default(0),
})
export const IdQuerySchema = z.object({ id: IdSchema })
export const IdBodySchema = z.object({ id: IdSchema })

/** DELETE /admin/user/delete?id=&type= — type 'role' deletes from the roles tree (default: users). */
export const DeleteTreeNodeQuerySchema = z.object({
  id: IdSchema,
  type: z.enum(['user', 'role']).default('user'),
})

export const AnalyzePermissionsQuerySchema = z.object({
  userId: IdSchema,
  elementType: z.enum(WORKSPACE_ELEMENT_TYPES),
  path: z.string().min(1).max(2000).startsWith('/'),
})

/** GET /admin/user/search?query= — at most 50 users matching username, name or e-mail. */
export const UserSearchQuerySchema = z.object({ query: z.string().trim().min(1).max(100) })
export const UserSearchHitSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
})

/** GET /admin/user/get-users-for-sharing and get-roles-for-sharing. */
export const SharingEntrySchema = z.object({ id: z.number().int(), name: z.string() })

/** POST /admin/user/get-token-login-link and invitationlink. */
export const OneTimeLinkSchema = z.object({ link: z.string() })

/** GET /admin/misc/ping — keeps the session alive. */
export const PingSchema = z.object({ success: z.literal(true), timestamp: z.number().int() })
/** GET /admin/misc/get-valid-languages — the shop's languages named in the user's language. */
export const ValidLanguageSchema = z.object({ code: z.enum(LOCALES), name: z.string() })
/** GET /admin/misc/country-list — the shop's countries named in the user's language. */
export const CountrySchema = z.object({ code: z.string().length(2), name: z.string() })

/** GET /admin/user/get-minimal?id= — what any signed-in user may see of another (names, state). */
export const MinimalUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  admin: z.boolean(),
  active: z.boolean(),
  hasImage: z.boolean(),
})
export type MinimalUser = z.infer<typeof MinimalUserSchema>

/**
 * GET /admin/user/get-users (and get-roles): Pimcore's `{ success, total, data: [{ id, label }] }`.
 * `include_current_user` keeps the caller in the user list; `permission` keeps only the users
 * (roles) holding that key.
 */
export const UserPickerQuerySchema = z.object({
  include_current_user: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  permission: z.string().max(64).optional(),
})
export const UserPickerListSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  data: z.array(z.object({ id: z.number().int(), label: z.string() })),
})
export type UserPickerList = z.infer<typeof UserPickerListSchema>

/** The back office's keyboard shortcuts (GET /admin/user/get-default-key-bindings). */
export const KEY_BINDING_ACTIONS = [
  'save',
  'treeNext',
  'treePrevious',
  'treeExpand',
  'treeCollapse',
  'treeOpen',
  'closeDialog',
] as const
export const KeyBindingSchema = z.object({
  action: z.enum(KEY_BINDING_ACTIONS),
  /** Mantine's hotkey notation: `mod` is Ctrl, or ⌘ on a Mac. */
  keys: z.string(),
})
export const KeyBindingListSchema = z.object({
  success: z.literal(true),
  data: z.array(KeyBindingSchema),
})

/** The key bindings the screens use (the editors' save, the trees' arrows, dialogs' Esc). */
export const DEFAULT_KEY_BINDINGS: readonly z.infer<typeof KeyBindingSchema>[] = [
  { action: 'save', keys: 'mod+S' },
  { action: 'treeNext', keys: 'ArrowDown' },
  { action: 'treePrevious', keys: 'ArrowUp' },
  { action: 'treeExpand', keys: 'ArrowRight' },
  { action: 'treeCollapse', keys: 'ArrowLeft' },
  { action: 'treeOpen', keys: 'Enter' },
  { action: 'closeDialog', keys: 'Escape' },
]

/** ?id= that may be left out (then the signed-in user): Pimcore's image and 2FA calls. */
export const OptionalIdQuerySchema = z.object({ id: IdSchema.optional() })
/** PUT /admin/user/reset-2fa-secret: the id in the body or, as Pimcore's form sends it, the query. */
export const OptionalIdBodySchema = z.object({ id: IdSchema.optional() }).nullish()
