import type { WorkspaceElementType, WorkspaceRight } from '@optika/domain/admin/permissions'
import type { Db } from '../platform/db/client.ts'
import { AppError } from '../platform/http/app-error.ts'
import type { AdminPrincipal } from '../identity/admin-auth/admin-principal.ts'
import { loadPermissionSubject } from '../identity/admin-users/analyze-permissions.ts'
import { normalizeWorkspacePath } from '../identity/admin-users/evaluate-permissions.ts'
import { loadElementRights } from './element-rights.ts'

/** Which children of one parent the user may list, as SQL-friendly key sets. */
export interface ChildListFilter {
  /** true: every child except `exclude`; false: only `include`. */
  readonly all: boolean
  readonly include: readonly string[]
  readonly exclude: readonly string[]
}

/** The signed-in user's workspace rights on one element tree, plus the ancestors needed to reach them. */
export interface TreeRights {
  readonly isAdmin: boolean
  may(fullPath: string, right: WorkspaceRight): boolean
  /** 403 unless granted. */
  assert(fullPath: string, right: WorkspaceRight): void
  /** list: granted, or the element leads to a path where list is granted (tree navigation). */
  mayList(fullPath: string): boolean
  childListFilter(parentFullPath: string): ChildListFilter
}

function childPathOf(parentFullPath: string): string {
  return parentFullPath.endsWith('/') ? parentFullPath : `${parentFullPath}/`
}

/** Reads the user's workspaces once and answers for any number of paths of one tree (objects, assets). */
export async function loadTreeRights(
  db: Db,
  admin: AdminPrincipal,
  elementType: WorkspaceElementType,
): Promise<TreeRights> {
  const rights = await loadElementRights(db, admin)
  const subject = admin.isAdmin ? null : await loadPermissionSubject(db, admin.userId)
  const entries = (subject ? [...subject.userEntries, ...subject.roleEntries] : []).filter(
    (e) => e.elementType === elementType,
  )
  const listedEntryPaths = entries
    .filter((e) => e.rights.list)
    .map((e) => normalizeWorkspacePath(e.path))
  const allEntryPaths = entries.map((e) => normalizeWorkspacePath(e.path))

  const may = (fullPath: string, right: WorkspaceRight) => rights.may(elementType, fullPath, right)
  const leadsToListed = (fullPath: string) => {
    const prefix = normalizeWorkspacePath(fullPath)
    return listedEntryPaths.some((p) => p.length > prefix.length && p.startsWith(prefix))
  }
  const mayList = (fullPath: string) => may(fullPath, 'list') || leadsToListed(fullPath)

  return {
    isAdmin: admin.isAdmin,
    may,
    assert(fullPath, right) {
      if (!may(fullPath, right)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    },
    mayList,
    childListFilter(parentFullPath) {
      if (admin.isAdmin) return { all: true, include: [], exclude: [] }
      // Children all share one decision unless an entry sits at or below one of them; those
      // children (a handful) are decided one by one.
      const base = childPathOf(parentFullPath)
      const special = new Set<string>()
      for (const p of allEntryPaths) {
        if (p.length > base.length && p.startsWith(base)) {
          special.add(p.slice(base.length).split('/')[0]!)
        }
      }
      // No key holds a NUL character, so this probe stands for "any other child".
      const all = mayList(`${base}\u0000`)
      const include: string[] = []
      const exclude: string[] = []
      for (const key of special) {
        const allowed = mayList(`${base}${key}`)
        if (all && !allowed) exclude.push(key)
        if (!all && allowed) include.push(key)
      }
      return { all, include, exclude }
    },
  }
}
