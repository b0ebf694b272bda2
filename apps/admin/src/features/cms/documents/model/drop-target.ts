import type { DocumentType } from '@optika/domain/cms/document-api'

/** Where a dragged document lands relative to the row it is dropped on. */
export type DropPlace = 'before' | 'inside' | 'after'

/** The row a document is dropped on, as the tree knows it. */
export interface DropRow {
  readonly id: number
  readonly parentId: number | null
  /** Its position among its siblings (0 = first). */
  readonly position: number
  readonly type: DocumentType
}

/** What an update call does with a dropped document: its new parent and position. */
export interface DocumentMove {
  readonly id: number
  readonly parentId: number
  /** Position among the new parent's children; none = after the last. */
  readonly index?: number
}

/** Link documents cannot hold children (Pimcore's tree refuses them as a drop target). */
export function canHoldChildren(type: DocumentType): boolean {
  return type !== 'link'
}

/**
 * Which part of a row the pointer is over: the top quarter puts the document before the row,
 * the bottom quarter after it, the middle inside it (where the row may hold children).
 */
export function dropPlace(offsetY: number, height: number, type: DocumentType): DropPlace {
  const edge = canHoldChildren(type) ? height / 4 : height / 2
  if (offsetY < edge) return 'before'
  if (offsetY >= height - edge) return 'after'
  return canHoldChildren(type) ? 'inside' : 'after'
}

/**
 * The update a drop asks for, or null when it asks for nothing (a document onto itself, the root
 * beside a sibling). Moving a document below its own subtree is refused by the server.
 */
export function documentMove(
  sourceId: number,
  source: { parentId: number | null; position: number } | null,
  target: DropRow,
  place: DropPlace,
): DocumentMove | null {
  if (sourceId === target.id) return null
  if (place === 'inside') return { id: sourceId, parentId: target.id }
  if (target.parentId === null) return null
  let index = place === 'before' ? target.position : target.position + 1
  // Within the same parent, taking the document out first shifts the rows after it up by one.
  if (source !== null && source.parentId === target.parentId && source.position < index) index -= 1
  if (source !== null && source.parentId === target.parentId && source.position === index) {
    return null
  }
  return { id: sourceId, parentId: target.parentId, index }
}
