import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { WorkspaceElementType } from '@optika/domain/admin/permissions'
import {
  AdminRoleSchema,
  AdminUserSchema,
  PermissionAnalysisSchema,
  SharingEntrySchema,
  TreeNodeSchema,
  UserSearchHitSchema,
  type AddTreeNodeSchema,
  type TreeNode,
  type UpdateRoleSchema,
  type UpdateUserSchema,
} from '@optika/domain/admin/users-api'
import { getJson, readJsonBody, sendJson, toApiError } from '../../../../lib/api-client.ts'

export type TreeKind = 'users' | 'roles'

export const usersKeys = {
  all: ['admin', 'users'] as const,
  children: (kind: TreeKind, parentId: number | null) =>
    ['admin', 'users', 'tree', kind, parentId ?? 0] as const,
  user: (id: number) => ['admin', 'users', 'user', id] as const,
  role: (id: number) => ['admin', 'users', 'role', id] as const,
  allRoles: ['admin', 'users', 'all-roles'] as const,
  allUsers: ['admin', 'users', 'all-users'] as const,
  folders: (kind: TreeKind) => ['admin', 'users', 'folders', kind] as const,
  search: (query: string) => ['admin', 'users', 'search', query] as const,
}

/** A list answer, whether the server sends the array itself or wraps it. */
function readList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body
  if (typeof body === 'object' && body !== null) {
    for (const key of ['nodes', 'children', 'data', 'items']) {
      const value = (body as Record<string, unknown>)[key]
      if (Array.isArray(value)) return value
    }
  }
  return []
}

export async function getTreeChildren(kind: TreeKind, parentId: number | null) {
  const path = kind === 'users' ? 'tree-get-children-by-id' : 'role-tree-get-children-by-id'
  const body = await getJson(`/admin/user/${path}?node=${parentId ?? 0}`)
  return z.array(TreeNodeSchema).parse(readList(body))
}

export function useTreeChildren(kind: TreeKind, parentId: number | null, enabled = true) {
  return useQuery({
    queryKey: usersKeys.children(kind, parentId),
    queryFn: () => getTreeChildren(kind, parentId),
    enabled,
  })
}

/** A folder of a tree with the ids of the folders above it (top level first). */
export interface FolderOption {
  id: number
  /** e.g. "Staff / Sales" */
  path: string
  ancestorIds: number[]
}

function isFolderNode(node: TreeNode): boolean {
  return node.type === 'userfolder' || node.type === 'rolefolder'
}

/** Every folder of a tree, depth first: each folder is followed by the folders inside it. */
export async function listFolders(kind: TreeKind): Promise<FolderOption[]> {
  async function walk(
    parentId: number | null,
    prefix: string,
    ancestorIds: number[],
  ): Promise<FolderOption[]> {
    const folders = (await getTreeChildren(kind, parentId)).filter(isFolderNode)
    const branches = await Promise.all(
      folders.map(async (folder) => {
        const path = prefix === '' ? folder.name : `${prefix} / ${folder.name}`
        const nested = folder.hasChildren
          ? await walk(folder.id, path, [...ancestorIds, folder.id])
          : []
        return [{ id: folder.id, path, ancestorIds }, ...nested]
      }),
    )
    return branches.flat()
  }
  return walk(null, '', [])
}

export function useFolders(kind: TreeKind) {
  return useQuery({ queryKey: usersKeys.folders(kind), queryFn: () => listFolders(kind) })
}

/** GET /admin/user/search — at most 50 users by username, name or e-mail. */
export async function searchUsers(query: string) {
  const body = await getJson(`/admin/user/search?query=${encodeURIComponent(query)}`)
  return z.array(UserSearchHitSchema).parse(readList(body))
}

export function useUserSearch(query: string) {
  const trimmed = query.trim()
  return useQuery({
    queryKey: usersKeys.search(trimmed),
    queryFn: () => searchUsers(trimmed),
    enabled: trimmed !== '',
  })
}

/** Every role or user by id and name (the sharing lists: any signed-in user may read them). */
async function listForSharing(kind: TreeKind) {
  const path = kind === 'users' ? 'get-users-for-sharing' : 'get-roles-for-sharing'
  return z.array(SharingEntrySchema).parse(readList(await getJson(`/admin/user/${path}`)))
}

export function useAllRoles() {
  return useQuery({ queryKey: usersKeys.allRoles, queryFn: () => listForSharing('roles') })
}

export function useAllUsers() {
  return useQuery({ queryKey: usersKeys.allUsers, queryFn: () => listForSharing('users') })
}

export function useAdminUser(id: number, enabled = true) {
  return useQuery({
    queryKey: usersKeys.user(id),
    enabled,
    queryFn: async () => AdminUserSchema.parse(await getJson(`/admin/user/get?id=${id}`)),
  })
}

export function useAdminRole(id: number, enabled = true) {
  return useQuery({
    queryKey: usersKeys.role(id),
    enabled,
    queryFn: async () => AdminRoleSchema.parse(await getJson(`/admin/user/role-get?id=${id}`)),
  })
}

/** POST /admin/user/add — answers the new node's id (null if the answer does not name it). */
export async function addTreeNode(
  input: z.input<typeof AddTreeNodeSchema>,
): Promise<number | null> {
  const body = await sendJson('POST', '/admin/user/add', input)
  const parsed = z.object({ id: z.number().int() }).safeParse(body)
  return parsed.success ? parsed.data.id : null
}

export async function updateUser(input: z.input<typeof UpdateUserSchema>): Promise<void> {
  await sendJson('PUT', '/admin/user/update', input)
}

export async function updateRole(input: z.input<typeof UpdateRoleSchema>): Promise<void> {
  await sendJson('PUT', '/admin/user/role-update', input)
}

export async function deleteTreeNode(kind: TreeKind, id: number): Promise<void> {
  const type = kind === 'roles' ? '&type=role' : ''
  await sendJson('DELETE', `/admin/user/delete?id=${id}${type}`)
}

const LinkSchema = z.object({ link: z.string() })

export async function createInvitationLink(id: number): Promise<string> {
  return LinkSchema.parse(await sendJson('POST', '/admin/user/invitationlink', { id })).link
}

export async function createTokenLoginLink(id: number): Promise<string> {
  return LinkSchema.parse(await sendJson('POST', '/admin/user/get-token-login-link', { id })).link
}

export async function resetTwoFactor(id: number): Promise<void> {
  await sendJson('POST', '/admin/user/reset-2fa-secret', { id })
}

export async function disableTwoFactor(id: number): Promise<void> {
  await sendJson('POST', '/admin/user/disable-2fa', { id })
}

export async function analyzePermissions(input: {
  userId: number
  elementType: WorkspaceElementType
  path: string
}) {
  const query = new URLSearchParams({
    userId: String(input.userId),
    elementType: input.elementType,
    path: input.path,
  })
  return PermissionAnalysisSchema.parse(
    await getJson(`/admin/user/analyze-permissions?${query.toString()}`),
  )
}

/** POST /admin/user/upload-image?id= — another user's picture, the raw file with its type. */
export async function uploadUserImage(id: number, file: File): Promise<void> {
  const response = await fetch(`/admin/user/upload-image?id=${id}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': file.type || 'application/octet-stream',
    },
    body: file,
    credentials: 'same-origin',
  })
  const body = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, body)
}

/** DELETE /admin/user/delete-image?id= — the user's avatar shows initials again. */
export async function deleteUserImage(id: number): Promise<void> {
  await sendJson('DELETE', `/admin/user/delete-image?id=${id}`)
}
