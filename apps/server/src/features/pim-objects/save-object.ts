import type { AdminContext } from '../admin-users/admin-context.ts'

export type SaveTask = 'publish' | 'unpublish' | 'save' | 'version'

/**
 * Saves an object's data (a patch of fields merged over the stored data, or the whole data):
 * checks rights and the edit lock, validates against the class, writes the object row (unless it
 * is a draft of a published object), a version, its dependencies and the product index, all in
 * one transaction. Invalid data changes nothing and answers 400 with the field errors.
 * `publish` publishes, `unpublish` unpublishes, `save` keeps the published state (a draft when
 * published), `version` only writes a version.
 */
export async function saveObject(
  ctx: AdminContext,
  input: { id: number; data: Readonly<Record<string, unknown>>; merge: boolean; task: SaveTask },
): Promise<{ id: number; versionCount: number; published: boolean }> {
  void ctx
  void input
  throw new Error('saveObject: not implemented yet')
}
