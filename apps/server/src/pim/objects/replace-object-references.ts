import { eq, inArray } from 'drizzle-orm'
import { ClassDefinitionSchema, type ClassDefinition } from '@optika/domain/pim/class-definition'
import type { ReplaceAssignmentResult } from '@optika/domain/pim/element-api'
import type { Db } from '../../platform/db/client.ts'
import { objectClasses, objects } from '../../platform/db/schema/elements.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { ElementKind } from '../../elements/element-kinds.ts'
import { readElementInfos } from '../../elements/element-lookup.ts'
import {
  readLock,
  replaceDependencies,
  saveVersion,
  type ElementRef,
  type ElementSnapshot,
} from '../../elements/element-services.ts'
import { updateProductIndex } from '../../catalogue/product-index/update-product-index.ts'
import {
  rewriteReferences,
  validateObjectForSave,
  type ReferenceRewrite,
} from '../classes/validate-object.ts'
import { loadValidationLookup } from '../classes/validation-lookup.ts'
import { dependencyTargetsOf } from './object-dependencies.ts'

function rewriteOf(from: ElementRef, to: ElementRef): ReferenceRewrite {
  const map = new Map([[from.id, to.id]])
  return from.type === 'object' ? { objects: map } : { assets: map }
}

function errorSignature(error: { path: string; key: string }): string {
  return `${error.path}|${error.key}`
}

async function loadClasses(
  tx: Db,
  classIds: readonly string[],
): Promise<Map<string, ClassDefinition>> {
  const classes = new Map<string, ClassDefinition>()
  if (classIds.length === 0) return classes
  const rows = await tx
    .select({ id: objectClasses.id, definition: objectClasses.definition })
    .from(objectClasses)
    .where(inArray(objectClasses.id, [...classIds]))
  for (const row of rows) classes.set(row.id, ClassDefinitionSchema.parse(row.definition))
  return classes
}

/**
 * The objects' part of replace-assignments (class-aware): each source object is rewritten,
 * versioned and re-indexed, or reported as refused (no right, locked, or a field that does not
 * allow `to`) and left unchanged.
 */
export const replaceObjectReferences: NonNullable<ElementKind['replaceReferences']> = async (
  ctx: AdminContext,
  tx: Db,
  { from, to, targetPath, sources, rights },
) => {
  const results: ReplaceAssignmentResult[] = []
  const changed: number[] = []
  const refuse = (ref: ElementRef, path: string | null, key: string, params = {}) =>
    results.push({
      elementType: ref.type,
      elementId: ref.id,
      path,
      replaced: false,
      message: ctx.t(key, params),
    })
  const lookup = await loadValidationLookup(tx)
  const objectIds = sources.map((source) => source.id)
  const infos = await readElementInfos(tx, 'object', objectIds)
  const rows = objectIds.length
    ? await tx.select().from(objects).where(inArray(objects.id, objectIds))
    : []
  const classes = await loadClasses(tx, [
    ...new Set(rows.map((row) => row.classId).filter((id) => id !== null)),
  ])
  for (const source of sources) {
    const info = infos.get(source.id)
    const row = rows.find((candidate) => candidate.id === source.id)
    if (!info || !row) {
      refuse(source, null, 'server.notFound')
      continue
    }
    if (!ctx.admin.permissions.has('objects') || !rights.may('object', info.fullPath, 'save')) {
      refuse(source, info.fullPath, 'server.forbidden')
      continue
    }
    const lock = await readLock(tx, source)
    if (lock && lock.userId !== ctx.admin.userId) {
      refuse(source, info.fullPath, 'pimElements.lockedByOther', {
        user: lock.userName,
        since: lock.lockedAt,
      })
      continue
    }
    if (from.type !== to.type) {
      // No field holds both objects and assets: an object reference never becomes an asset one.
      refuse(source, info.fullPath, 'pimElements.replaceTypeNotAllowed', { target: targetPath })
      continue
    }
    const definition = row.classId ? classes.get(row.classId) : undefined
    if (!definition) {
      // A folder (or a class-less object) holds no references.
      refuse(source, info.fullPath, 'pimElements.replaceNothingToReplace')
      continue
    }
    const data = row.data as Record<string, unknown>
    const rewritten = rewriteReferences(definition, data, rewriteOf(from, to), lookup)
    if (JSON.stringify(rewritten) === JSON.stringify(data)) {
      refuse(source, info.fullPath, 'pimElements.replaceNotReferenced', { source: info.fullPath })
      continue
    }
    const check = (value: unknown) =>
      validateObjectForSave(tx, {
        classId: row.classId!,
        definition,
        objectId: row.id,
        data: value,
        checkMandatory: false,
      })
    // Only problems the replacement brings count: the object may already hold other invalid values.
    const before = new Set((await check(data)).errors.map(errorSignature))
    const introduced = (await check(rewritten)).errors.find(
      (error) => !before.has(errorSignature(error)),
    )
    if (introduced) {
      refuse(source, info.fullPath, 'pimElements.replaceTypeNotAllowed', { target: targetPath })
      continue
    }
    await tx
      .update(objects)
      .set({ data: rewritten, userModification: ctx.admin.userId, updatedAt: new Date() })
      .where(eq(objects.id, row.id))
    const snapshot: ElementSnapshot = {
      key: row.key,
      parentId: row.parentId,
      path: row.path,
      type: row.type,
      classId: row.classId,
      published: row.published,
      index: row.index,
      data: rewritten,
    }
    await saveVersion(tx, {
      element: source,
      snapshot,
      userId: ctx.admin.userId,
      isPublic: row.published,
      note: ctx.t('pimElements.replaceVersionNote'),
    })
    await replaceDependencies(tx, source, dependencyTargetsOf(definition, rewritten, lookup))
    changed.push(row.id)
    results.push({ elementType: 'object', elementId: row.id, path: info.fullPath, replaced: true })
  }
  if (changed.length > 0) await updateProductIndex(tx, changed)
  return results
}
