import {
  listFields,
  type FieldDefinition,
  type LayoutNode,
} from '@optika/domain/pim/class-definition'

/*
 * The texts a translator translates, and where each lives, so an import finds it again:
 * - a document's editables — input, textarea, wysiwyg (HTML), a link's text, an image's
 *   alternative text — inside blocks (by item index) and area blocks (by brick id);
 * - a page's title and description settings;
 * - an object's localized input, textarea and wysiwyg fields.
 * A unit's id is `<type>:<id>:<kind>:<path>`, e.g. `document:12:editable:content.text.body`,
 * `object:34:field:name` — an XML NMTOKEN, so it survives XLIFF 2.0 tools.
 */

export type UnitKind = 'editable' | 'link' | 'alt' | 'setting' | 'field'
const UNIT_KINDS: readonly UnitKind[] = ['editable', 'link', 'alt', 'setting', 'field']

export interface TextUnit {
  readonly kind: UnitKind
  /** Editable names, block indexes and brick ids, joined by '.' in the unit id. */
  readonly path: readonly string[]
  /** The field's type for the translator (`input`, `wysiwyg`…). */
  readonly format: 'text' | 'html'
  readonly text: string
}

/** A path segment usable in an id: no '.', ':' or spaces. */
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/

export function unitIdOf(type: 'document' | 'object', id: number, unit: TextUnit): string {
  return `${type}:${id}:${unit.kind}:${unit.path.join('.')}`
}

export interface ParsedUnitId {
  readonly type: 'document' | 'object'
  readonly id: number
  readonly kind: UnitKind
  readonly path: readonly string[]
}

/** The parts of a unit id, or null when it is not one of ours. */
export function parseUnitId(value: string): ParsedUnitId | null {
  const match = /^(document|object):(\d{1,15}):([a-z]+):([A-Za-z0-9_.-]{1,600})$/.exec(value)
  if (!match) return null
  const kind = match[3] as UnitKind
  if (!UNIT_KINDS.includes(kind)) return null
  const path = match[4]!.split('.')
  if (!path.every((segment) => SEGMENT.test(segment))) return null
  const id = Number(match[2])
  if (!Number.isSafeInteger(id) || id <= 0) return null
  return { type: match[1] as 'document' | 'object', id, kind, path }
}

type Json = Record<string, unknown>

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every translatable text of a document's editables and settings, in page order. */
export function documentTextUnits(editables: unknown, settings: unknown): TextUnit[] {
  const units: TextUnit[] = []
  const walk = (map: unknown, prefix: readonly string[], depth: number) => {
    if (!isRecord(map) || depth > 6) return
    for (const [name, editable] of Object.entries(map)) {
      if (!SEGMENT.test(name) || !isRecord(editable)) continue
      const path = [...prefix, name]
      const data = editable.data
      switch (editable.type) {
        case 'input':
        case 'textarea':
          if (typeof data === 'string' && data.trim() !== '')
            units.push({ kind: 'editable', path, format: 'text', text: data })
          break
        case 'wysiwyg':
          if (typeof data === 'string' && data.trim() !== '')
            units.push({ kind: 'editable', path, format: 'html', text: data })
          break
        case 'link':
          if (isRecord(data) && typeof data.text === 'string' && data.text.trim() !== '')
            units.push({ kind: 'link', path, format: 'text', text: data.text })
          break
        case 'image':
          if (isRecord(data) && typeof data.alt === 'string' && data.alt.trim() !== '')
            units.push({ kind: 'alt', path, format: 'text', text: data.alt })
          break
        case 'block':
          if (Array.isArray(data))
            data.forEach((item, index) => walk(item, [...path, String(index)], depth + 1))
          break
        case 'areablock':
          if (Array.isArray(data))
            for (const brick of data) {
              if (isRecord(brick) && typeof brick.id === 'string' && SEGMENT.test(brick.id))
                walk(brick.editables, [...path, brick.id], depth + 1)
            }
          break
        default:
          break
      }
    }
  }
  walk(editables, [], 0)
  if (isRecord(settings)) {
    for (const name of ['title', 'description'] as const) {
      const value = settings[name]
      if (typeof value === 'string' && value.trim() !== '')
        units.push({ kind: 'setting', path: [name], format: 'text', text: value })
    }
  }
  return units
}

/** The text at a unit's place in a document, or null when the place does not exist there. */
export function documentTextAt(editables: unknown, settings: unknown, unit: ParsedUnitId) {
  if (unit.kind === 'setting') {
    const value = isRecord(settings) ? settings[unit.path[0]!] : undefined
    return typeof value === 'string' ? value : null
  }
  const editable = editableAt(editables, unit.path)
  if (!editable) return null
  const data = editable.data
  if (unit.kind === 'editable') return typeof data === 'string' ? data : null
  const key = unit.kind === 'link' ? 'text' : 'alt'
  return isRecord(data) && typeof data[key] === 'string' ? data[key] : null
}

/** The editable at `path` (names, block indexes, brick ids), or null. */
function editableAt(editables: unknown, path: readonly string[]): Json | null {
  let map: unknown = editables
  let index = 0
  while (index < path.length) {
    if (!isRecord(map)) return null
    const editable = map[path[index]!]
    if (!isRecord(editable)) return null
    index += 1
    if (index === path.length) return editable
    const segment = path[index]!
    index += 1
    if (editable.type === 'block' && Array.isArray(editable.data)) {
      map = editable.data[Number(segment)]
    } else if (editable.type === 'areablock' && Array.isArray(editable.data)) {
      const brick = (editable.data as unknown[]).find((b) => isRecord(b) && b.id === segment)
      map = isRecord(brick) ? brick.editables : undefined
    } else {
      return null
    }
  }
  return null
}

const TEXT_EDITABLE_TYPES: Readonly<Record<UnitKind, readonly string[]>> = {
  editable: ['input', 'textarea', 'wysiwyg'],
  link: ['link'],
  alt: ['image'],
  setting: [],
  field: [],
}

/**
 * Writes `text` at the unit's place in a copy-on-write editables map. When the target document
 * lacks the top-level editable, it is copied from `source` (the exported document) first, so a
 * translation that was never filled in receives the same structure. Answers false when the place
 * cannot be found (a different structure): the caller reports the unit as skipped.
 */
export function setDocumentText(
  editables: Json,
  settings: Json,
  source: { editables: unknown } | null,
  unit: ParsedUnitId,
  text: string,
): boolean {
  if (unit.kind === 'setting') {
    if (unit.path.length !== 1 || !['title', 'description'].includes(unit.path[0]!)) return false
    settings[unit.path[0]!] = text
    return true
  }
  const top = unit.path[0]!
  if (!(top in editables) && source && isRecord(source.editables)) {
    const copied = source.editables[top]
    if (isRecord(copied)) editables[top] = structuredClone(copied)
  }
  const editable = editableAt(editables, unit.path)
  if (!editable || !TEXT_EDITABLE_TYPES[unit.kind].includes(String(editable.type))) return false
  if (unit.kind === 'editable') {
    editable.data = text
  } else {
    const key = unit.kind === 'link' ? 'text' : 'alt'
    editable.data = { ...(isRecord(editable.data) ? editable.data : {}), [key]: text }
  }
  return true
}

/** An object class's localized text fields (input, textarea, wysiwyg), in layout order. */
export function localizedTextFields(layout: readonly LayoutNode[]): FieldDefinition[] {
  return listFields(layout)
    .filter(
      ({ field, localized }) =>
        localized &&
        ['input', 'textarea', 'wysiwyg'].includes(field.type) &&
        SEGMENT.test(field.name),
    )
    .map(({ field }) => field)
}

/** Every localized text of an object's data in `language`, as units (empty ones left out). */
export function objectTextUnits(
  fields: readonly FieldDefinition[],
  data: unknown,
  language: string,
): TextUnit[] {
  const values = isRecord(data) ? data : {}
  const units: TextUnit[] = []
  for (const field of fields) {
    const byLanguage = values[field.name]
    const text = isRecord(byLanguage) ? byLanguage[language] : undefined
    if (typeof text === 'string' && text.trim() !== '')
      units.push({
        kind: 'field',
        path: [field.name],
        format: field.type === 'wysiwyg' ? 'html' : 'text',
        text,
      })
  }
  return units
}

/** An object's localized text of `field` in `language`, or null. */
export function objectTextAt(data: unknown, field: string, language: string): string | null {
  const byLanguage = isRecord(data) ? data[field] : undefined
  const text = isRecord(byLanguage) ? byLanguage[language] : undefined
  return typeof text === 'string' ? text : null
}
