import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  Dependencies,
  ElementSummaryPage,
  FindUsagesQuerySchema,
  ReplaceAssignments,
  ReplaceAssignmentResult,
  ReplaceAssignmentsResult,
} from '@optika/domain/pim/element-api'
import type { Db } from '../platform/db/client.ts'
import { elementDependencies } from '../platform/db/schema/pim.ts'
import { AppError } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import type { ElementKinds } from './element-kinds.ts'
import {
  filterListable,
  loadElementWithRight,
  pageOf,
  readElementInfo,
  summarizeElements,
} from './element-lookup.ts'
import { loadElementRights, type ElementRights } from './element-rights.ts'
import type { ElementRef } from './element-services.ts'

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

/** What this element requires (the elements the caller may list). */
export async function findRequirements(
  ctx: AdminContext,
  query: PageQuery,
): Promise<ElementSummaryPage> {
  const ref: ElementRef = { type: query.elementType, id: query.elementId }
  const rights = await loadElementRights(ctx.db, ctx.admin)
  await loadElementWithRight(ctx, ref, 'view', rights)
  return pageOfRefs(ctx, rights, await readRequires(ctx.db, ref), query)
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

/**
 * Replaces references to `from` by `to` in the sources (default: everything that requires `from`),
 * in one transaction: each element type rewrites its own sources through its `ElementKind`; a
 * source whose type cannot hold references is reported as refused and left unchanged.
 */
export async function replaceAssignments(
  ctx: AdminContext,
  kinds: ElementKinds,
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
  return ctx.db.transaction(async (tx) => {
    const results: ReplaceAssignmentResult[] = []
    for (const type of new Set(sources.map((source) => source.type))) {
      const ofType = sources.filter((source) => source.type === type)
      const kind = kinds[type]
      if (kind?.replaceReferences) {
        results.push(
          ...(await kind.replaceReferences(ctx, tx, {
            from,
            to,
            targetPath: target.fullPath,
            sources: ofType,
            rights,
          })),
        )
        continue
      }
      for (const source of ofType) {
        results.push({
          elementType: source.type,
          elementId: source.id,
          path: (await readElementInfo(tx, source))?.fullPath ?? null,
          replaced: false,
          message: ctx.t('pimElements.unsupportedType'),
        })
      }
    }
    // Answer in the order the sources were asked for.
    const order = new Map(sources.map((source, index) => [`${source.type}:${source.id}`, index]))
    results.sort(
      (a, b) =>
        (order.get(`${a.elementType}:${a.elementId}`) ?? 0) -
        (order.get(`${b.elementType}:${b.elementId}`) ?? 0),
    )
    return { results, replaced: results.filter((result) => result.replaced).length }
  })
}
