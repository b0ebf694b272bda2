import type {
  AreaBrick,
  BrickType,
  Editable,
  EditableMap,
  EditableType,
} from '@optika/domain/cms/editables'
import { BRICKS, type EditableDefinition } from '@optika/domain/cms/templates'

/**
 * The editor's form state is the document's editables map itself: each definition of the
 * template reads its value from the map (an empty value of its type when the map has none) and
 * writes back a whole new map, so what the preview draws and what Save sends are one object.
 */

type EditableOf<T extends EditableType> = Extract<Editable, { type: T }>

/** The value a definition starts with before anyone has edited it. */
export function emptyEditable(definition: EditableDefinition): Editable {
  switch (definition.type) {
    case 'input':
    case 'textarea':
    case 'wysiwyg':
      return { type: definition.type, data: '' }
    case 'select':
      return { type: 'select', data: definition.options?.[0] ?? '' }
    case 'checkbox':
      return { type: 'checkbox', data: false }
    case 'numeric':
      return { type: 'numeric', data: null }
    case 'date':
      return { type: 'date', data: null }
    case 'image':
      return { type: 'image', data: { assetId: null } }
    case 'link':
      return { type: 'link', data: { internal: null, href: '', text: '' } }
    case 'relation':
      return { type: 'relation', data: null }
    case 'relations':
      return { type: 'relations', data: [] }
    case 'video':
      return { type: 'video', data: { assetId: null } }
    case 'block':
      return { type: 'block', data: [] }
    case 'areablock':
      return { type: 'areablock', data: [] }
    case 'snippet':
      return { type: 'snippet', data: { documentId: null } }
    case 'renderlet':
      return { type: 'renderlet', data: { categoryId: null, query: '', limit: 8 } }
  }
}

/** The definition's value in `map`; a stored value of another type (a changed template) reads as empty. */
export function readEditable<T extends EditableType>(
  map: EditableMap,
  definition: EditableDefinition & { type: T },
): EditableOf<T> {
  const stored = map[definition.name]
  if (stored !== undefined && stored.type === definition.type) return stored as EditableOf<T>
  return emptyEditable(definition) as EditableOf<T>
}

export function writeEditable(map: EditableMap, name: string, value: Editable): EditableMap {
  return { ...map, [name]: value }
}

/** Moves the item at `index` by `delta` places (a move past either end changes nothing). */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items]
  const next = [...items]
  const [moved] = next.splice(index, 1)
  if (moved !== undefined) next.splice(target, 0, moved)
  return next
}

/** A brick id unique within the area block (stable across edits: React keys and diffs use it). */
export function newBrickId(
  existing: readonly AreaBrick[],
  random: () => number = Math.random,
): string {
  const taken = new Set(existing.map((brick) => brick.id))
  for (;;) {
    const id = `b${Math.floor(random() * 36 ** 8).toString(36)}`
    if (!taken.has(id)) return id
  }
}

/** A new brick of `type` with its editables empty. */
export function createBrick(
  type: BrickType,
  existing: readonly AreaBrick[],
  random?: () => number,
): AreaBrick {
  const editables: Record<string, Editable> = {}
  for (const definition of BRICKS[type].editables)
    editables[definition.name] = emptyEditable(definition)
  return { id: newBrickId(existing, random), brick: type, editables }
}

/** A new block item with each child editable empty. */
export function createBlockItem(children: readonly EditableDefinition[]): EditableMap {
  const item: Record<string, Editable> = {}
  for (const definition of children) item[definition.name] = emptyEditable(definition)
  return item
}
