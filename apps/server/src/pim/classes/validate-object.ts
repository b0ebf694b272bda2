import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import type {
  ClassDefinition,
  FieldDefinition,
  LayoutNode,
} from '@optika/domain/pim/class-definition'
import {
  isRecord,
  validateObjectData,
  type FieldError,
  type ValidationLookup,
} from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../platform/db/client.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { mapFieldValues } from './map-field-values.ts'
import { loadValidationLookup } from './validation-lookup.ts'

export interface ObjectToValidate {
  readonly classId: string
  readonly definition: ClassDefinition
  /** null for a new object (uniqueness then compares with every object of the class). */
  readonly objectId: number | null
  readonly data: unknown
  /** Check mandatory fields (publishing). */
  readonly checkMandatory: boolean
  /** The parent's resolved data when the class allows inheritance. */
  readonly inherited?: Readonly<Record<string, unknown>> | undefined
}

/**
 * What wysiwyg HTML may hold: common formatting, lists, tables and links. Links only to http(s)
 * and mailto; no scripts, styles, frames or event handlers (sanitize-html drops every attribute
 * not listed, so `on*` handlers and `style` never pass).
 */
export const WYSIWYG_OPTIONS = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    // Pictures in an article's body (issue 18), from the shop's own media only (see below).
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // No third-party pixels or hotlinks: a picture's source is one of the shop's /media/ sizes.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !/^\/media\/(thumbnail|medium|large)\/(?!.*\.\.)[\w\-./%]+$/.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link opened in a new tab must not hand the opener window to the target page.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
} satisfies sanitizeHtml.IOptions

/** Wysiwyg HTML reduced to the allow-list (see WYSIWYG_OPTIONS). */
export function sanitizeWysiwyg(html: string): string {
  return sanitizeHtml(html, WYSIWYG_OPTIONS)
}

/**
 * Validates an object's data for saving: the pure rules (validateObjectData) plus what needs the
 * database — unique values, relation targets existing and of an allowed class, images being image
 * assets, units and option sets existing — and sanitizes wysiwyg HTML. Returns the normalized data
 * to store, or the list of field errors (nothing is written by this function).
 */
export async function validateObjectForSave(
  db: Db,
  input: ObjectToValidate,
): Promise<{ data: Record<string, unknown>; errors: readonly FieldError[] }> {
  const lookup = await loadValidationLookup(db)
  return validateWithLookup(db, lookup, input)
}

/** validateObjectForSave with a lookup already loaded (batch saves load it once). */
export async function validateWithLookup(
  db: Db,
  lookup: ValidationLookup,
  input: ObjectToValidate,
): Promise<{ data: Record<string, unknown>; errors: readonly FieldError[] }> {
  const result = validateObjectData(input.definition, input.data, lookup, {
    checkMandatory: input.checkMandatory,
    inherited: input.inherited,
  })
  const errors = [...result.errors]
  const relations: { path: string; id: number; classes: readonly string[] }[] = []
  const images: { path: string; id: number }[] = []
  const data = mapFieldValues(
    input.definition.layout,
    result.data,
    (field, value, path) => {
      switch (field.type) {
        case 'wysiwyg':
          return typeof value === 'string' ? sanitizeWysiwyg(value) : value
        case 'manyToOneRelation':
        case 'manyToManyRelation':
          for (const [id, idPath] of idsWithPaths(value, path))
            relations.push({ path: idPath, id, classes: field.classes ?? [] })
          return value
        case 'image':
        case 'imageGallery':
          for (const [id, idPath] of idsWithPaths(value, path)) images.push({ path: idPath, id })
          return value
        default:
          return value
      }
    },
    lookup,
  )
  errors.push(...(await checkRelations(db, relations)))
  errors.push(...(await checkImages(db, images)))
  errors.push(...(await checkUnique(db, input, data)))
  return { data, errors }
}

function idsWithPaths(value: unknown, path: string): [number, string][] {
  if (typeof value === 'number') return [[value, path]]
  if (Array.isArray(value)) {
    return value.flatMap((id, index): [number, string][] =>
      typeof id === 'number' ? [[id, `${path}.${index}`]] : [],
    )
  }
  return []
}

async function checkRelations(
  db: Db,
  relations: readonly { path: string; id: number; classes: readonly string[] }[],
): Promise<FieldError[]> {
  if (relations.length === 0) return []
  const ids = [...new Set(relations.map((relation) => relation.id))]
  const rows = await db
    .select({ id: objects.id, type: objects.type, classId: objects.classId })
    .from(objects)
    .where(inArray(objects.id, ids))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const errors: FieldError[] = []
  for (const { path, id, classes } of relations) {
    const target = byId.get(id)
    if (!target) {
      errors.push({ path, key: 'pimClasses.field.relationMissing', params: { value: id } })
    } else if (
      target.type === 'folder' ||
      (classes.length > 0 && !classes.includes(target.classId ?? ''))
    ) {
      errors.push({ path, key: 'pimClasses.field.relationClass', params: { value: id } })
    }
  }
  return errors
}

async function checkImages(
  db: Db,
  images: readonly { path: string; id: number }[],
): Promise<FieldError[]> {
  if (images.length === 0) return []
  const ids = [...new Set(images.map((image) => image.id))]
  const rows = await db
    .select({ id: assets.id, type: assets.type })
    .from(assets)
    .where(inArray(assets.id, ids))
  const typeById = new Map(rows.map((row) => [row.id, row.type]))
  const errors: FieldError[] = []
  for (const { path, id } of images) {
    const type = typeById.get(id)
    if (type === undefined) {
      errors.push({ path, key: 'pimClasses.field.assetMissing', params: { value: id } })
    } else if (type !== 'image') {
      errors.push({ path, key: 'pimClasses.field.notImage', params: { value: id } })
    }
  }
  return errors
}

/** Unique fields (top level of the class): no other object of the class holds the same value, per language when localized. */
async function checkUnique(
  db: Db,
  input: ObjectToValidate,
  data: Readonly<Record<string, unknown>>,
): Promise<FieldError[]> {
  const checks: { path: string; target: SQL; value: unknown }[] = []
  const collect = (field: FieldDefinition, localized: boolean) => {
    const value = data[field.name]
    if (!field.unique || value === undefined) return
    if (localized && isRecord(value)) {
      for (const [language, languageValue] of Object.entries(value)) {
        checks.push({
          path: `${field.name}.${language}`,
          target: sql`${objects.data} -> ${field.name} -> ${language}`,
          value: languageValue,
        })
      }
    } else {
      checks.push({ path: field.name, target: sql`${objects.data} -> ${field.name}`, value })
    }
  }
  const walk = (nodes: readonly LayoutNode[], localized: boolean) => {
    for (const node of nodes) {
      if (node.kind === 'field') collect(node, localized)
      else walk(node.children, localized || node.type === 'localizedfields')
    }
  }
  walk(input.definition.layout, false)
  const errors: FieldError[] = []
  for (const check of checks) {
    const [clash] = await db
      .select({ id: objects.id })
      .from(objects)
      .where(
        and(
          eq(objects.classId, input.classId),
          input.objectId === null ? undefined : ne(objects.id, input.objectId),
          sql`${check.target} = ${JSON.stringify(check.value)}::jsonb`,
        ),
      )
      .limit(1)
    if (clash) errors.push({ path: check.path, key: 'pimClasses.field.unique' })
  }
  return errors
}

/** Every object and asset the data refers to (relations, images, galleries, nested), for dependencies. */
export function collectReferences(
  definition: ClassDefinition,
  data: Readonly<Record<string, unknown>>,
  lookup: Pick<ValidationLookup, 'fieldContainer'>,
): { objects: number[]; assets: number[] } {
  const objectIds = new Set<number>()
  const assetIds = new Set<number>()
  mapFieldValues(
    definition.layout,
    data,
    (field, value, path) => {
      const target =
        field.type === 'manyToOneRelation' || field.type === 'manyToManyRelation'
          ? objectIds
          : field.type === 'image' || field.type === 'imageGallery'
            ? assetIds
            : null
      if (target) for (const [id] of idsWithPaths(value, path)) target.add(id)
      return value
    },
    lookup,
  )
  return { objects: [...objectIds], assets: [...assetIds] }
}

/** Ids to replace in references: old → new, per element type. */
export interface ReferenceRewrite {
  readonly objects?: ReadonlyMap<number, number>
  readonly assets?: ReadonlyMap<number, number>
}

/**
 * The data with every reference (relations, images, galleries, nested in blocks, collections and
 * bricks) mapped through `rewrite`; ids not in the maps stay. Used by copy-rewrite-ids and
 * replace-assignments.
 */
export function rewriteReferences(
  definition: ClassDefinition,
  data: Readonly<Record<string, unknown>>,
  rewrite: ReferenceRewrite,
  lookup: Pick<ValidationLookup, 'fieldContainer'>,
): Record<string, unknown> {
  const mapId = (map: ReadonlyMap<number, number> | undefined) => (id: unknown) =>
    typeof id === 'number' ? (map?.get(id) ?? id) : id
  return mapFieldValues(
    definition.layout,
    data,
    (field, value) => {
      const map =
        field.type === 'manyToOneRelation' || field.type === 'manyToManyRelation'
          ? rewrite.objects
          : field.type === 'image' || field.type === 'imageGallery'
            ? rewrite.assets
            : null
      if (map === null) return value
      const replace = mapId(map)
      // A list may gain a duplicate when two old ids map to one new id: keep the first.
      return Array.isArray(value) ? [...new Set(value.map(replace))] : replace(value)
    },
    lookup,
  )
}
