import type { z } from 'zod'
import {
  EDITABLE_LIMITS,
  EDITABLE_TYPES,
  EditableMapSchema,
  MAX_EDITABLES_BYTES,
  type AreaBrick,
  type Editable,
  type EditableMap,
} from '@optika/domain/cms/editables'
import {
  BRICKS,
  type EditableDefinition,
  type TemplateDefinition,
} from '@optika/domain/cms/templates'
import { parseTargetGroupEditableName } from '@optika/domain/operations/targeting'
import { AppError } from '../../platform/http/app-error.ts'
import { sanitizeWysiwyg } from '../../pim/classes/validate-object.ts'
import type { EditableReference } from './editable-references.ts'

/** One refusal of a save, as the error handler translates it (`details`). */
export interface ContentError {
  readonly path: string
  readonly key: string
  readonly params?: Record<string, string | number>
}

/** 400 with every problem as a translated detail; nothing is written. */
export function contentInvalid(errors: readonly ContentError[]): AppError {
  return new AppError(
    400,
    'DOCUMENT_CONTENT_INVALID',
    'cmsContent.contentInvalid',
    {},
    errors.map((e) => ({ path: e.path, key: e.key, ...(e.params ? { params: e.params } : {}) })),
  )
}

/** JSON nesting deeper than this is refused before parsing (blocks nest at most `EDITABLE_LIMITS.depth`). */
const MAX_JSON_NESTING = 40

function nestingExceeds(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const item = stack.pop()!
    if (item.depth > limit) return true
    if (item.value && typeof item.value === 'object') {
      for (const child of Object.values(item.value)) {
        stack.push({ value: child, depth: item.depth + 1 })
      }
    }
  }
  return false
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/** Links may lead to http(s), mailto:, tel: or a path on the shop (never `//host`, `javascript:`, `data:`). */
export function isSafeHref(href: string): boolean {
  const value = href.trim()
  if (value === '') return true
  if (hasControlCharacter(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
  // Placeholders of e-mail documents ({{orderLink}}) are filled with trusted URLs when sent.
  if (/^\{\{[A-Za-z][A-Za-z0-9]*\}\}$/.test(value)) return true
  return /^(https?:\/\/[^\s/]|mailto:|tel:)/i.test(value)
}

function zodErrors(error: z.ZodError, raw: unknown): ContentError[] {
  return error.issues.slice(0, 50).map((issue): ContentError => {
    const path = issue.path.map(String).join('.')
    let value: unknown = raw
    for (const segment of issue.path) {
      value =
        value && typeof value === 'object'
          ? (value as Record<PropertyKey, unknown>)[segment]
          : undefined
    }
    // The union reports a bad `type` at the editable's `type` field.
    const type =
      issue.path.at(-1) === 'type'
        ? value
        : value && typeof value === 'object' && 'type' in value
          ? value.type
          : undefined
    if (issue.code === 'invalid_union' && !(EDITABLE_TYPES as readonly unknown[]).includes(type)) {
      return {
        path,
        key: 'cmsContent.editableTypeUnknown',
        params: { type: typeof type === 'string' ? type.slice(0, 40) : '' },
      }
    }
    if (issue.code === 'invalid_key') {
      return { path, key: 'cmsContent.editableNameInvalid' }
    }
    return { path, key: 'cmsContent.editableValueInvalid', params: { name: path } }
  })
}

interface Walk {
  readonly errors: ContentError[]
  readonly references: EditableReference[]
}

function checkMap(
  walk: Walk,
  map: EditableMap,
  definitions: readonly EditableDefinition[],
  scope: string,
  prefix: string,
  depth: number,
): EditableMap {
  const out: Record<string, Editable> = {}
  for (const [name, editable] of Object.entries(map)) {
    const path = prefix ? `${prefix}.${name}` : name
    // A page's top-level editable may have a variant per target group (personalization,
    // decision 067): `tg<id>--<name>` is checked as `<name>`.
    const variant = prefix === '' ? parseTargetGroupEditableName(name) : null
    const definition = definitions.find((d) => d.name === (variant?.name ?? name))
    if (!definition) {
      walk.errors.push({ path, key: 'cmsContent.editableUnknown', params: { name, scope } })
      continue
    }
    if (definition.type !== editable.type) {
      walk.errors.push({
        path,
        key: 'cmsContent.editableTypeMismatch',
        params: { name, type: definition.type },
      })
      continue
    }
    out[name] = checkEditable(walk, editable, definition, path, depth)
  }
  return out
}

function checkEditable(
  walk: Walk,
  editable: Editable,
  definition: EditableDefinition,
  path: string,
  depth: number,
): Editable {
  const max = definition.max
  const tooMany = (count: number) => {
    if (max !== undefined && count > max) {
      walk.errors.push({ path, key: 'cmsContent.tooMany', params: { name: path, max } })
    }
  }
  switch (editable.type) {
    case 'input':
    case 'textarea':
    case 'checkbox':
    case 'numeric':
    case 'date':
      return editable
    case 'wysiwyg':
      return { type: 'wysiwyg', data: sanitizeWysiwyg(editable.data) }
    case 'select':
      if (definition.options && !definition.options.includes(editable.data)) {
        walk.errors.push({ path, key: 'cmsContent.optionInvalid', params: { name: path } })
      }
      return editable
    case 'image':
      if (editable.data.assetId !== null) {
        walk.references.push({
          path,
          ref: { type: 'asset', id: editable.data.assetId },
          expect: { kind: 'asset', assetType: 'image' },
        })
      }
      return editable
    case 'video':
      if (editable.data.assetId !== null) {
        walk.references.push({
          path,
          ref: { type: 'asset', id: editable.data.assetId },
          expect: { kind: 'asset', assetType: 'video' },
        })
      }
      if (editable.data.posterAssetId) {
        walk.references.push({
          path: `${path}.poster`,
          ref: { type: 'asset', id: editable.data.posterAssetId },
          expect: { kind: 'asset', assetType: 'image' },
        })
      }
      return editable
    case 'link': {
      const href = editable.data.href?.trim()
      if (href !== undefined && !isSafeHref(href)) {
        walk.errors.push({ path, key: 'cmsContent.hrefInvalid', params: { name: path } })
      }
      if (editable.data.internal) {
        walk.references.push({ path, ref: editable.data.internal, expect: { kind: 'any' } })
      }
      const data = { ...editable.data, ...(href !== undefined ? { href } : {}) }
      // A link opened in a new tab gets rel=noopener when drawn; the stored target is kept.
      return { type: 'link', data }
    }
    case 'relation':
    case 'relations': {
      const refs =
        editable.type === 'relation' ? (editable.data ? [editable.data] : []) : editable.data
      if (editable.type === 'relations') tooMany(refs.length)
      refs.forEach((ref, index) =>
        walk.references.push({
          path: editable.type === 'relations' ? `${path}.${index}` : path,
          ref,
          expect: {
            kind: 'relation',
            allowedTypes: definition.allowedTypes ?? ['object', 'asset', 'document'],
            classes: definition.classes ?? [],
          },
        }),
      )
      return editable
    }
    case 'snippet':
      if (editable.data.documentId !== null) {
        walk.references.push({
          path,
          ref: { type: 'document', id: editable.data.documentId },
          expect: { kind: 'snippet' },
        })
      }
      return editable
    case 'renderlet':
      if (editable.data.categoryId !== null) {
        walk.references.push({
          path,
          ref: { type: 'object', id: editable.data.categoryId },
          expect: { kind: 'category' },
        })
      }
      if (hasControlCharacter(editable.data.query)) {
        walk.errors.push({ path, key: 'cmsContent.editableValueInvalid', params: { name: path } })
      }
      return editable
    case 'block': {
      if (depth >= EDITABLE_LIMITS.depth) {
        walk.errors.push({
          path,
          key: 'cmsContent.tooDeep',
          params: { max: EDITABLE_LIMITS.depth },
        })
        return editable
      }
      tooMany(editable.data.length)
      const children = definition.children ?? []
      return {
        type: 'block',
        data: editable.data.map((item, index) =>
          checkMap(walk, item, children, definition.name, `${path}.${index}`, depth + 1),
        ),
      }
    }
    case 'areablock': {
      if (depth >= EDITABLE_LIMITS.depth) {
        walk.errors.push({
          path,
          key: 'cmsContent.tooDeep',
          params: { max: EDITABLE_LIMITS.depth },
        })
        return editable
      }
      tooMany(editable.data.length)
      const seen = new Set<string>()
      const bricks: AreaBrick[] = editable.data.map((brick, index) => {
        const brickPath = `${path}.${index}`
        if (seen.has(brick.id)) {
          walk.errors.push({ path: `${brickPath}.id`, key: 'cmsContent.brickIdTaken' })
        }
        seen.add(brick.id)
        if (definition.bricks && !definition.bricks.includes(brick.brick)) {
          walk.errors.push({
            path: brickPath,
            key: 'cmsContent.brickNotAllowed',
            params: { brick: brick.brick },
          })
          return brick
        }
        return {
          ...brick,
          editables: checkMap(
            walk,
            brick.editables,
            BRICKS[brick.brick].editables,
            brick.brick,
            `${brickPath}.editables`,
            depth + 1,
          ),
        }
      })
      return { type: 'areablock', data: bricks }
    }
  }
}

/**
 * Checks a document's editables against its template: the map's shape (`EditableMapSchema`),
 * every name defined by the template (or the brick, or the block), the editable's type as
 * defined, select options, counts, nesting and the total size; sanitizes wysiwyg HTML and
 * refuses unsafe link addresses. Returns the map to store and the elements it refers to (whose
 * existence the caller checks); throws 400 with every problem otherwise. Pure: no database.
 */
export function validateEditables(
  template: TemplateDefinition,
  editables: unknown,
): { editables: EditableMap; references: EditableReference[] } {
  const raw = editables ?? {}
  let bytes: number
  try {
    bytes = Buffer.byteLength(JSON.stringify(raw))
  } catch {
    throw contentInvalid([
      { path: '', key: 'cmsContent.editableValueInvalid', params: { name: '' } },
    ])
  }
  if (bytes > MAX_EDITABLES_BYTES) {
    throw new AppError(400, 'DOCUMENT_TOO_LARGE', 'cmsContent.editablesTooLarge', {
      max: Math.floor(MAX_EDITABLES_BYTES / 1000),
    })
  }
  if (nestingExceeds(raw, MAX_JSON_NESTING)) {
    throw contentInvalid([
      { path: '', key: 'cmsContent.tooDeep', params: { max: EDITABLE_LIMITS.depth } },
    ])
  }
  const parsed = EditableMapSchema.safeParse(raw)
  if (!parsed.success) throw contentInvalid(zodErrors(parsed.error, raw))
  const walk: Walk = { errors: [], references: [] }
  const result = checkMap(walk, parsed.data, template.editables, template.name, '', 0)
  if (walk.errors.length > 0) throw contentInvalid(walk.errors.slice(0, 50))
  return { editables: result, references: walk.references }
}
