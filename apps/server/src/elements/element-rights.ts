import type { WorkspaceElementType, WorkspaceRight } from '@optika/domain/admin/permissions'
import type { Db } from '../platform/db/client.ts'
import { AppError } from '../platform/http/app-error.ts'
import type { AdminPrincipal } from '../identity/admin-auth/admin-principal.ts'
import {
  decideWorkspaceRights,
  loadPermissionSubject,
} from '../identity/admin-users/analyze-permissions.ts'

/** Decides workspace rights for many elements after one read of the user's workspaces. */
export interface ElementRights {
  may(elementType: WorkspaceElementType, path: string, right: WorkspaceRight): boolean
  /** 403 `server.forbidden` unless the right is granted on the element's full path. */
  assert(elementType: WorkspaceElementType, path: string, right: WorkspaceRight): void
}

/**
 * The signed-in user's rights on element paths (full paths: `/Products/Brand/key`). Workspaces
 * apply per path prefix (decision 010); an administrator may do everything.
 */
export async function loadElementRights(db: Db, admin: AdminPrincipal): Promise<ElementRights> {
  const subject = admin.isAdmin ? null : await loadPermissionSubject(db, admin.userId)
  const may = (elementType: WorkspaceElementType, path: string, right: WorkspaceRight) => {
    if (admin.isAdmin) return true
    if (!subject) return false
    return decideWorkspaceRights(subject, elementType, path)[right].allowed
  }
  return {
    may,
    assert(elementType, path, right) {
      if (!may(elementType, path, right)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    },
  }
}
