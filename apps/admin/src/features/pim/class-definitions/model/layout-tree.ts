import type {
  FieldDefinition,
  FieldType,
  LayoutDefinition,
  LayoutNode,
  LayoutType,
} from '@optika/domain/pim/class-definition'

/** Where a node sits in a layout tree: child indexes from the top level down. */
export type NodePath = readonly number[]

export function samePath(a: NodePath | null, b: NodePath | null): boolean {
  return a !== null && b !== null && a.length === b.length && a.every((n, i) => n === b[i])
}

export function nodeAt(layout: readonly LayoutNode[], path: NodePath): LayoutNode | undefined {
  const [first, ...rest] = path
  if (first === undefined) return undefined
  const node = layout[first]
  if (!node || rest.length === 0) return node
  return node.kind === 'layout' ? nodeAt(node.children, rest) : undefined
}

/** The layout with the children list at `parent` replaced by what `change` makes of it. */
function changeChildren(
  layout: readonly LayoutNode[],
  parent: NodePath,
  change: (children: readonly LayoutNode[]) => LayoutNode[],
): LayoutNode[] {
  const [first, ...rest] = parent
  if (first === undefined) return change(layout)
  return layout.map((node, index) =>
    index === first && node.kind === 'layout'
      ? { ...node, children: changeChildren(node.children, rest, change) }
      : node,
  )
}

export function updateNode(
  layout: readonly LayoutNode[],
  path: NodePath,
  update: (node: LayoutNode) => LayoutNode,
): LayoutNode[] {
  const index = path.at(-1)
  if (index === undefined) return [...layout]
  return changeChildren(layout, path.slice(0, -1), (children) =>
    children.map((node, i) => (i === index ? update(node) : node)),
  )
}

export function removeNode(layout: readonly LayoutNode[], path: NodePath): LayoutNode[] {
  const index = path.at(-1)
  if (index === undefined) return [...layout]
  return changeChildren(layout, path.slice(0, -1), (children) =>
    children.filter((_, i) => i !== index),
  )
}

/** Swaps a node with its previous (-1) or next (+1) sibling; returns the node's new path. */
export function moveNode(
  layout: readonly LayoutNode[],
  path: NodePath,
  delta: -1 | 1,
): { layout: LayoutNode[]; path: NodePath } {
  const index = path.at(-1)
  const parent = path.slice(0, -1)
  const siblings =
    parent.length === 0
      ? layout
      : (nodeAt(layout, parent) as LayoutDefinition | undefined)?.children
  if (index === undefined || !siblings) return { layout: [...layout], path }
  const target = index + delta
  if (target < 0 || target >= siblings.length) return { layout: [...layout], path }
  const next = changeChildren(layout, parent, (children) => {
    const copy = [...children]
    const [moved] = copy.splice(index, 1)
    if (moved) copy.splice(target, 0, moved)
    return copy
  })
  return { layout: next, path: [...parent, target] }
}

/**
 * Adds a node: into the selected container (at its end), after the selected field, or at the end
 * of the top level when nothing is selected. Returns the new node's path.
 */
export function insertNode(
  layout: readonly LayoutNode[],
  selected: NodePath | null,
  node: LayoutNode,
): { layout: LayoutNode[]; path: NodePath } {
  const target = selected === null ? undefined : nodeAt(layout, selected)
  if (selected !== null && target?.kind === 'layout') {
    const path = [...selected, target.children.length]
    return { layout: changeChildren(layout, selected, (c) => [...c, node]), path }
  }
  if (selected !== null && target) {
    const parent = selected.slice(0, -1)
    const index = (selected.at(-1) ?? 0) + 1
    const next = changeChildren(layout, parent, (children) => {
      const copy = [...children]
      copy.splice(index, 0, node)
      return copy
    })
    return { layout: next, path: [...parent, index] }
  }
  return { layout: [...layout, node], path: [layout.length] }
}

/** Every name used in the layout (fields, containers and block children). */
export function namesIn(layout: readonly LayoutNode[]): Set<string> {
  const names = new Set<string>()
  const walk = (nodes: readonly LayoutNode[]) => {
    for (const node of nodes) {
      names.add(node.name)
      if (node.kind === 'layout') walk(node.children)
      else if (node.children) walk(node.children)
    }
  }
  walk(layout)
  return names
}

/** `base`, else `base2`, `base3`, … — the first name not in `taken`. */
export function freeName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n += 1) if (!taken.has(`${base}${n}`)) return `${base}${n}`
}

export function newField(type: FieldType, taken: ReadonlySet<string>): FieldDefinition {
  const name = freeName(type, taken)
  const base: FieldDefinition = { kind: 'field', type, name, title: name }
  if (type === 'select' || type === 'multiselect') return { ...base, options: [] }
  if (type === 'block') return { ...base, children: [] }
  return base
}

export function newLayout(type: LayoutType, taken: ReadonlySet<string>): LayoutDefinition {
  const name = freeName(type, taken)
  return { kind: 'layout', type, name, title: type === 'localizedfields' ? '' : name, children: [] }
}

/**
 * The class layout limited to the named fields (a custom layout's starting point): containers
 * left without a field are dropped.
 */
export function keepFields(
  layout: readonly LayoutNode[],
  shown: ReadonlySet<string>,
): LayoutNode[] {
  return layout.flatMap((node): LayoutNode[] => {
    if (node.kind === 'field') return shown.has(node.name) ? [node] : []
    const children = keepFields(node.children, shown)
    return children.length > 0 ? [{ ...node, children }] : []
  })
}

/** The names of the fields a layout shows, in order. */
export function fieldNamesOf(layout: readonly LayoutNode[]): string[] {
  return layout.flatMap((node) =>
    node.kind === 'field' ? [node.name] : fieldNamesOf(node.children),
  )
}

/**
 * Moves a dragged node next to `target` (before it, or after it when dragged down among its
 * siblings); dropped on a container it goes to the container's end. A container never moves into itself. Returns the node's new path.
 */
export function relocateNode(
  layout: readonly LayoutNode[],
  from: NodePath,
  target: NodePath,
): { layout: LayoutNode[]; path: NodePath } | null {
  const node = nodeAt(layout, from)
  const onto = nodeAt(layout, target)
  if (!node || !onto || samePath(from, target)) return null
  if (target.length >= from.length && from.every((n, i) => n === target[i])) return null
  // Where the target ends up once the dragged node is taken out (indexes after it shift by one).
  const shift = (path: NodePath): NodePath => {
    const parentOfFrom = from.slice(0, -1)
    const fromIndex = from.at(-1) ?? 0
    const depth = parentOfFrom.length
    const sameBranch = path.length > depth && parentOfFrom.every((n, i) => n === path[i])
    const index = path[depth]
    if (!sameBranch || index === undefined || index <= fromIndex) return path
    return [...path.slice(0, depth), index - 1, ...path.slice(depth + 1)]
  }
  const without = removeNode(layout, from)
  const moved = shift(target)
  if (onto.kind === 'layout') {
    const end = (nodeAt(without, moved) as LayoutDefinition).children.length
    return {
      layout: changeChildren(without, moved, (children) => [...children, node]),
      path: [...moved, end],
    }
  }
  const parent = moved.slice(0, -1)
  // Dragged down among its siblings it lands after the target, as the pointer suggests.
  const downwards = samePath(parent, from.slice(0, -1)) && (from.at(-1) ?? 0) < (target.at(-1) ?? 0)
  const index = (moved.at(-1) ?? 0) + (downwards ? 1 : 0)
  return {
    layout: changeChildren(without, parent, (children) => {
      const copy = [...children]
      copy.splice(index, 0, node)
      return copy
    }),
    path: [...parent, index],
  }
}
