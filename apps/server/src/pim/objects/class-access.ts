import type { ClassDefinition, LayoutNode } from '@optika/domain/pim/class-definition'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminPrincipal } from '../../identity/admin-auth/admin-principal.ts'
import { loadEffectiveAllowedClasses } from '../../identity/admin-users/allowed-classes.ts'
import { loadClass, resolveLayoutForUser } from '../classes/class-store.ts'

export interface LoadedClass {
  readonly id: string
  readonly name: string
  readonly definition: ClassDefinition
}

/** The class of an object; 400 `pimObjects.classNotFound` when it does not exist. */
export async function requireClass(db: Db, classId: string | null): Promise<LoadedClass> {
  const loaded = classId ? await loadClass(db, classId) : null
  if (!loaded) {
    throw new AppError(400, 'CLASS_NOT_FOUND', 'pimObjects.classNotFound', {
      classId: classId ?? '',
    })
  }
  return loaded
}

/** The layout the user edits the class with (a custom layout when one applies). */
export async function layoutFor(
  db: Db,
  admin: AdminPrincipal,
  classId: string,
): Promise<LayoutNode[]> {
  return resolveLayoutForUser(db, admin, classId)
}

/**
 * The one rule on which classes a user may create objects (and variants) of: an administrator
 * any; anyone else a class in the union of its own and its roles' allowed classes, where an empty
 * union allows every class. 403 `pimObjects.classNotAllowed` otherwise. Every path that creates
 * an object (add, copy, CSV import) calls this.
 */
export async function assertClassAllowed(
  db: Db,
  admin: AdminPrincipal,
  classId: string,
): Promise<void> {
  if (admin.isAdmin) return
  const allowed = await loadEffectiveAllowedClasses(db, admin.userId)
  if (allowed.length > 0 && !allowed.includes(classId)) {
    throw new AppError(403, 'CLASS_NOT_ALLOWED', 'pimObjects.classNotAllowed', { classId })
  }
}
