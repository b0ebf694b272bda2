import { and, eq, inArray } from 'drizzle-orm'
import type { EditableElementRef } from '@optika/domain/cms/editables'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'

/** What a reference in a document must point at, beyond existing. */
export type ReferenceExpectation =
  | { readonly kind: 'any' }
  /** relation(s): one of these element types, objects of these classes (empty = any class). */
  | {
      readonly kind: 'relation'
      readonly allowedTypes: readonly ('object' | 'asset' | 'document')[]
      readonly classes: readonly string[]
    }
  | { readonly kind: 'asset'; readonly assetType: 'image' | 'video' }
  | { readonly kind: 'snippet' }
  | { readonly kind: 'category' }

/** One element an editable or a setting refers to, with where it sits (for the error's path). */
export interface EditableReference {
  readonly path: string
  readonly ref: EditableElementRef
  readonly expect: ReferenceExpectation
}

/** The first problem of each reference: the target is gone, or of a kind the editable refuses. */
export interface ReferenceProblem {
  readonly path: string
  readonly key: 'cmsContent.targetMissing' | 'cmsContent.targetNotAllowed'
}

/**
 * Checks that every referenced product, category, asset and document exists and is of the kind
 * its editable accepts (reads only; one query per element type).
 */
export async function checkEditableReferences(
  db: Db,
  references: readonly EditableReference[],
  selfId: number | null,
): Promise<ReferenceProblem[]> {
  const idsOf = (type: EditableElementRef['type']) => [
    ...new Set(references.filter((r) => r.ref.type === type).map((r) => r.ref.id)),
  ]
  const objectIds = idsOf('object')
  const assetIds = idsOf('asset')
  const documentIds = idsOf('document')
  const objectRows = objectIds.length
    ? await db
        .select({ id: objects.id, type: objects.type, classId: objects.classId })
        .from(objects)
        .where(inArray(objects.id, objectIds))
    : []
  const assetRows = assetIds.length
    ? await db
        .select({ id: assets.id, type: assets.type })
        .from(assets)
        .where(inArray(assets.id, assetIds))
    : []
  const documentRows = documentIds.length
    ? await db
        .select({ id: documents.id, type: documents.type })
        .from(documents)
        .where(and(inArray(documents.id, documentIds)))
    : []
  const objectById = new Map(objectRows.map((row) => [Number(row.id), row]))
  const assetById = new Map(assetRows.map((row) => [Number(row.id), row]))
  const documentById = new Map(documentRows.map((row) => [Number(row.id), row]))

  const problems: ReferenceProblem[] = []
  for (const { path, ref, expect } of references) {
    const target =
      ref.type === 'object'
        ? objectById.get(ref.id)
        : ref.type === 'asset'
          ? assetById.get(ref.id)
          : documentById.get(ref.id)
    if (!target) {
      problems.push({ path, key: 'cmsContent.targetMissing' })
      continue
    }
    if (!accepts(expect, ref, target, selfId)) {
      problems.push({ path, key: 'cmsContent.targetNotAllowed' })
    }
  }
  return problems
}

function accepts(
  expect: ReferenceExpectation,
  ref: EditableElementRef,
  target: { type: string; classId?: string | null },
  selfId: number | null,
): boolean {
  switch (expect.kind) {
    case 'any':
      return true
    case 'relation':
      if (!expect.allowedTypes.includes(ref.type)) return false
      if (ref.type !== 'object') return true
      if (target.type === 'folder') return false
      return expect.classes.length === 0 || expect.classes.includes(target.classId ?? '')
    case 'asset':
      return ref.type === 'asset' && target.type === expect.assetType
    case 'snippet':
      return ref.type === 'document' && target.type === 'snippet' && ref.id !== selfId
    case 'category':
      return ref.type === 'object' && target.type !== 'folder' && target.classId === 'Category'
  }
}

/** The type of one document (null when it does not exist). */
export async function documentTypeOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ type: documents.type })
    .from(documents)
    .where(eq(documents.id, id))
  return row?.type ?? null
}
