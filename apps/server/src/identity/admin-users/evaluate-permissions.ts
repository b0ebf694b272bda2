import {
  PERMISSION_KEYS,
  WORKSPACE_RIGHTS,
  type PermissionKey,
  type WorkspaceElementType,
  type WorkspaceRight,
} from '@optika/domain/admin/permissions'

/** A workspace entry as the evaluation sees it: whose it is, where it applies, what it grants. */
export interface HeldWorkspaceEntry {
  readonly holder: { readonly kind: 'user' | 'role'; readonly id: number; readonly name: string }
  readonly elementType: WorkspaceElementType
  readonly path: string
  readonly rights: Readonly<Record<WorkspaceRight, boolean>>
}

/** Who decided one right: the user's own entry, a role's entry, the admin flag, or nothing. */
export type RightSource =
  | { readonly kind: 'admin'; readonly id: number; readonly name: string; readonly path: null }
  | {
      readonly kind: 'user' | 'role'
      readonly id: number
      readonly name: string
      readonly path: string
    }
  | { readonly kind: 'none'; readonly id: null; readonly name: null; readonly path: null }

export interface RightDecision {
  readonly allowed: boolean
  readonly source: RightSource
  /** Whether the right was refused only because the deciding entry lacks `list`. */
  readonly voidedByList: boolean
}

export type WorkspaceRightsDecision = Readonly<Record<WorkspaceRight, RightDecision>>

const NONE: RightSource = { kind: 'none', id: null, name: null, path: null }

/** '/Products' and '/Products/' name the same folder; comparing with a trailing '/' keeps '/Prod' from matching '/Products/'. */
export function normalizeWorkspacePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`
  return withSlash.endsWith('/') ? withSlash : `${withSlash}/`
}

function appliesTo(entry: HeldWorkspaceEntry, elementType: WorkspaceElementType, path: string) {
  return entry.elementType === elementType && path.startsWith(normalizeWorkspacePath(entry.path))
}

function decideAll(decide: (right: WorkspaceRight) => RightDecision): WorkspaceRightsDecision {
  return Object.fromEntries(WORKSPACE_RIGHTS.map((right) => [right, decide(right)])) as Record<
    WorkspaceRight,
    RightDecision
  >
}

function sourceOf(entry: HeldWorkspaceEntry): RightSource {
  return { kind: entry.holder.kind, id: entry.holder.id, name: entry.holder.name, path: entry.path }
}

/**
 * The rights a user has on one element. The most specific entry (longest path that contains the
 * element) decides; at the same path the user's own entry overrides its roles' entries; among
 * roles a right granted by any role is granted; an entry without `list` grants nothing.
 */
export function effectiveWorkspaceRights(
  userEntries: readonly HeldWorkspaceEntry[],
  roleEntries: readonly HeldWorkspaceEntry[],
  elementType: WorkspaceElementType,
  elementPath: string,
): WorkspaceRightsDecision {
  const path = normalizeWorkspacePath(elementPath)
  const matching = [...userEntries, ...roleEntries].filter((e) => appliesTo(e, elementType, path))
  if (matching.length === 0) {
    return decideAll(() => ({ allowed: false, source: NONE, voidedByList: false }))
  }
  const deepest = Math.max(...matching.map((e) => normalizeWorkspacePath(e.path).length))
  const atDeepest = matching.filter((e) => normalizeWorkspacePath(e.path).length === deepest)
  const own = atDeepest.find((e) => e.holder.kind === 'user')
  const deciding = own ? [own] : atDeepest

  return decideAll((right) => {
    const granting = deciding.find((e) => e.rights.list && e.rights[right])
    if (granting) return { allowed: true, source: sourceOf(granting), voidedByList: false }
    const wouldGrant = deciding.find((e) => e.rights[right])
    return {
      allowed: false,
      source: sourceOf(wouldGrant ?? deciding[0]!),
      voidedByList: wouldGrant !== undefined,
    }
  })
}

/** Every right granted, for an administrator. */
export function adminWorkspaceRights(user: { id: number; name: string }): WorkspaceRightsDecision {
  const source: RightSource = { kind: 'admin', id: user.id, name: user.name, path: null }
  return decideAll(() => ({ allowed: true, source, voidedByList: false }))
}

/** Every right refused (an inactive user). */
export function noWorkspaceRights(): WorkspaceRightsDecision {
  return decideAll(() => ({ allowed: false, source: NONE, voidedByList: false }))
}

/** A user's permission keys: its own and its roles'; an administrator holds every key. */
export function effectivePermissionKeys(
  user: { readonly isAdmin: boolean; readonly permissions: readonly string[] },
  roles: readonly { readonly permissions: readonly string[] }[],
): PermissionKey[] {
  if (user.isAdmin) return [...PERMISSION_KEYS]
  const held = new Set([...user.permissions, ...roles.flatMap((r) => r.permissions)])
  return PERMISSION_KEYS.filter((key) => held.has(key))
}
