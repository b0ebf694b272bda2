import { and, asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { ClassDefinitionSchema, type ClassDefinition } from '@optika/domain/pim/class-definition'
import type {
  Dependencies,
  ElementSummaryPage,
  FindUsagesQuerySchema,
  ReplaceAssignments,
  ReplaceAssignmentResult,
  ReplaceAssignmentsResult,
} from '@optika/domain/pim/element-api'
import type { Db } from '../platform/db/client.ts'
import { objectClasses, objects } from '../platform/db/schema/elements.ts'
import { elementDependencies } from '../platform/db/schema/pim.ts'
import { AppError } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import {
  collectReferences,
  rewriteReferences,
  validateObjectForSave,
  type ReferenceRewrite,
} from '../pim/classes/validate-object.ts'
import { loadValidationLookup } from '../pim/classes/validation-lookup.ts'
import { updateProductIndex } from '../catalogue/product-index/update-product-index.ts'
import {
  filterListable,
  loadElementWithRight,
  pageOf,
  readElementInfo,
  readElementInfos,
  summarizeElements,
} from './element-lookup.ts'
import { loadElementRights, type ElementRights } from './element-rights.ts'
import {
  readLock,
  replaceDependencies,
  saveVersion,
  type ElementRef,
  type ElementSnapshot,
} from './element-services.ts'

type PageQuery = z.output<typeof FindUsagesQuerySchema>

async function readRequiredBy(db: Db, ref: ElementRef): Promise<ElementRef[]> {
  const rows = await db
    .select({ type: elementDependencies.sourceType, id: elementDependencies.sourceId })
    .from(elementDependencies)
    .where(
      and(eq(elementDependencies.targetType, ref.type), eq(elementDependencies.targetId, ref.id)),
    )
    .orderBy(asc(elementDependencies.sourceType), asc(elementDependencies.sourceId))
  return rows
}

async function readRequires(db: Db, ref: ElementRef): Promise<ElementRef[]> {
  return db
    .select({ type: elementDependencies.targetType, id: elementDependencies.targetId })
    .from(elementDependencies)
    .where(
      and(eq(elementDependencies.sourceType, ref.type), eq(elementDependencies.sourceId, ref.id)),
    )
    .orderBy(asc(elementDependencies.targetType), asc(elementDependencies.targetId))
}

async function pageOfRefs(
  ctx: AdminContext,
  rights: ElementRights,
  refs: readonly ElementRef[],
  query: PageQuery,
): Promise<ElementSummaryPage> {
  const listable = filterListable(ctx, rights, await summarizeElements(ctx.db, refs))
  return { items: pageOf(listable, query.page, query.pageSize), total: listable.length }
}

/** Who requires this element (the elements the caller may list). */
export async function findUsages(ctx: AdminContext, query: PageQuery): Promise<ElementSummaryPage> {
  const ref: ElementRef = { type: query.elementType, id: query.elementId }
  const rights = await loadElementRights(ctx.db, ctx.admin)
  await loadElementWithRight(ctx, ref, 'view', rights)
  return pageOfRefs(ctx, rights, await readRequiredBy(ctx.db, ref), query)
}

/** What the element requires and what requires it, each paged. */
export async function listDependencies(ctx: AdminContext, query: PageQuery): Promise<Dependencies> {
  const ref: ElementRef = { type: query.elementType, id: query.elementId }
  const rights = await loadElementRights(ctx.db, ctx.admin)
  await loadElementWithRight(ctx, ref, 'view', rights)
  return {
    requires: await pageOfRefs(ctx, rights, await readRequires(ctx.db, ref), query),
    requiredBy: await pageOfRefs(ctx, rights, await readRequiredBy(ctx.db, ref), query),
  }
}

function rewriteOf(from: ElementRef, to: ElementRef): ReferenceRewrite {
  const map = new Map([[from.id, to.id]])
  return from.type === 'object' ? { objects: map } : { assets: map }
}

function errorSignature(error: { path: string; key: string }): string {
  return `${error.path}|${error.key}`
}

/**
 * Replaces references to `from` by `to` in the source objects' data (class-aware) and their
 * dependencies, in one transaction: each source is rewritten and versioned, or reported as
 * refused (no right, locked, or a field that does not allow `to`) and left unchanged.
 */
export async function replaceAssignments(
  ctx: AdminContext,
  input: ReplaceAssignments,
): Promise<ReplaceAssignmentsResult> {
  const from: ElementRef = { type: input.from.elementType, id: input.from.elementId }
  const to: ElementRef = { type: input.to.elementType, id: input.to.elementId }
  if (from.type === to.type && from.id === to.id) {
    throw new AppError(400, 'SAME_ELEMENT', 'pimElements.replaceSameElement')
  }
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const target = await loadElementWithRight(ctx, to, 'view', rights)
  const sources: ElementRef[] = input.sources
    ? input.sources.map((source) => ({ type: source.elementType, id: source.elementId }))
    : await readRequiredBy(ctx.db, from)
  const lookup = await loadValidationLookup(ctx.db)
  return ctx.db.transaction(async (tx) => {
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
    const objectIds = sources.filter((source) => source.type === 'object').map((s) => s.id)
    const infos = await readElementInfos(tx, 'object', objectIds)
    const rows = objectIds.length
      ? await tx.select().from(objects).where(inArray(objects.id, objectIds))
      : []
    const classIds = [...new Set(rows.map((row) => row.classId).filter((id) => id !== null))]
    const classes = new Map<string, ClassDefinition>()
    if (classIds.length > 0) {
      const classRows = await tx
        .select({ id: objectClasses.id, definition: objectClasses.definition })
        .from(objectClasses)
        .where(inArray(objectClasses.id, classIds))
      for (const row of classRows) {
        classes.set(row.id, ClassDefinitionSchema.parse(row.definition))
      }
    }
    for (const source of sources) {
      if (source.type !== 'object') {
        refuse(
          source,
          (await readElementInfo(tx, source))?.fullPath ?? null,
          'pimElements.unsupportedType',
        )
        continue
      }
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
        refuse(source, info.fullPath, 'pimElements.replaceTypeNotAllowed', {
          target: target.fullPath,
        })
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
        refuse(source, info.fullPath, 'pimElements.replaceNotReferenced', {
          source: info.fullPath,
        })
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
        refuse(source, info.fullPath, 'pimElements.replaceTypeNotAllowed', {
          target: target.fullPath,
        })
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
      const references = collectReferences(definition, rewritten, lookup)
      await replaceDependencies(tx, source, [
        ...references.objects.map((id) => ({ type: 'object' as const, id })),
        ...references.assets.map((id) => ({ type: 'asset' as const, id })),
      ])
      changed.push(row.id)
      results.push({
        elementType: 'object',
        elementId: row.id,
        path: info.fullPath,
        replaced: true,
      })
    }
    if (changed.length > 0) await updateProductIndex(tx, changed)
    return { results, replaced: changed.length }
  })
}
