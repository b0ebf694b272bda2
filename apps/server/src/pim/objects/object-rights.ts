import type { WorkspaceRight } from '@optika/domain/admin/permissions'
import type { ElementPermissions } from '@optika/domain/pim/object-api'
import type { Db } from '../../platform/db/client.ts'
import type { AdminPrincipal } from '../../identity/admin-auth/admin-principal.ts'
import { loadTreeRights, type TreeRights } from '../../elements/tree-rights.ts'

export type { ChildListFilter } from '../../elements/tree-rights.ts'

/** The signed-in user's workspace rights on object paths, plus the ancestors needed to reach them. */
export interface ObjectRights extends TreeRights {
  permissions(fullPath: string): ElementPermissions
}

/** An element's full path from its stored parent path and key (the root is '/'). */
export function fullPathOf(row: { path: string; key: string }): string {
  return row.key === '' ? row.path : `${row.path}${row.key}`
}

/** The `path` column of a child of the element with this full path. */
export function childPathOf(parentFullPath: string): string {
  return parentFullPath.endsWith('/') ? parentFullPath : `${parentFullPath}/`
}

/** Reads the user's workspaces once and answers for any number of object paths. */
export async function loadObjectRights(db: Db, admin: AdminPrincipal): Promise<ObjectRights> {
  const tree = await loadTreeRights(db, admin, 'object')
  const may = (fullPath: string, right: WorkspaceRight) => tree.may(fullPath, right)
  const mayList = (fullPath: string) => tree.mayList(fullPath)
  return {
    ...tree,
    permissions(fullPath) {
      return {
        list: mayList(fullPath),
        view: may(fullPath, 'view'),
        save: may(fullPath, 'save'),
        publish: may(fullPath, 'publish'),
        unpublish: may(fullPath, 'unpublish'),
        delete: may(fullPath, 'delete'),
        rename: may(fullPath, 'rename'),
        create: may(fullPath, 'create'),
        versions: may(fullPath, 'versions'),
        properties: may(fullPath, 'properties'),
      }
    },
  }
}
