/** A tree item as keyboard navigation sees it, in the order the tree shows them. */
export interface VisibleTreeItem {
  readonly id: number
  /** The item above it in the tree (null at the top). */
  readonly parentId: number | null
  readonly expandable: boolean
  readonly expanded: boolean
}

export type TreeKeyAction =
  | { readonly kind: 'focus'; readonly id: number }
  | { readonly kind: 'expand'; readonly id: number }
  | { readonly kind: 'collapse'; readonly id: number }
  | { readonly kind: 'open'; readonly id: number }
  | { readonly kind: 'none' }

/**
 * What a key does on the focused item of an ARIA tree (WAI-ARIA tree view pattern): Up/Down move
 * between visible items, Right opens a closed item or steps into an open one, Left closes an open
 * item or steps out to its parent, Home/End jump to the ends, Enter opens the item.
 */
export function treeKeyAction(
  key: string,
  items: readonly VisibleTreeItem[],
  focusedId: number,
): TreeKeyAction {
  const index = items.findIndex((item) => item.id === focusedId)
  const item = items[index]
  if (item === undefined) return { kind: 'none' }
  const focus = (target: VisibleTreeItem | undefined): TreeKeyAction =>
    target === undefined ? { kind: 'none' } : { kind: 'focus', id: target.id }
  switch (key) {
    case 'ArrowDown':
      return focus(items[index + 1])
    case 'ArrowUp':
      return focus(items[index - 1])
    case 'Home':
      return focus(items[0])
    case 'End':
      return focus(items[items.length - 1])
    case 'ArrowRight':
      if (!item.expandable) return { kind: 'none' }
      if (!item.expanded) return { kind: 'expand', id: item.id }
      {
        const next = items[index + 1]
        return next?.parentId === item.id ? focus(next) : { kind: 'none' }
      }
    case 'ArrowLeft':
      if (item.expandable && item.expanded) return { kind: 'collapse', id: item.id }
      return item.parentId === null
        ? { kind: 'none' }
        : focus(items.find((candidate) => candidate.id === item.parentId))
    case 'Enter':
      return { kind: 'open', id: item.id }
    default:
      return { kind: 'none' }
  }
}
