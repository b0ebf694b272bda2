import { eq } from 'drizzle-orm'
import {
  listFields,
  type ClassDefinition,
  type FieldDefinition,
} from '@optika/domain/pim/class-definition'
import { LOCALES } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { assets, objectClasses, objects } from '../../platform/db/schema/elements.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import type { ElementInfo } from '../element-lookup.ts'

/** An element as workflows see it: what decides support and what guards' expressions read. */
export interface WorkflowSubject {
  readonly info: ElementInfo
  /** Class name (objects), else null. */
  readonly className: string | null
  readonly variables: Readonly<Record<string, unknown>>
}

/** The names every expression may use besides an object's fields. */
export const SUBJECT_VARIABLES = ['id', 'key', 'path', 'published', 'type', 'className'] as const

function baseVariables(info: ElementInfo, className: string | null): Record<string, unknown> {
  return {
    id: info.id,
    key: info.key,
    path: info.fullPath,
    published: info.published ? 1 : 0,
    type: info.subtype,
    className: className ?? '',
  }
}

/** filtrex knows numbers and strings: booleans become 1/0; missing fields are null. */
function expressionValue(value: unknown): unknown {
  if (value === undefined) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  return value
}

/** Reads the element's variables in the caller's transaction. */
export async function loadWorkflowSubject(db: Db, info: ElementInfo): Promise<WorkflowSubject> {
  if (info.type === 'object') {
    const [row] = await db
      .select({
        data: objects.data,
        className: objectClasses.name,
        definition: objectClasses.definition,
      })
      .from(objects)
      .leftJoin(objectClasses, eq(objectClasses.id, objects.classId))
      .where(eq(objects.id, info.id))
    const data = (row?.data ?? {}) as Record<string, unknown>
    const className = info.classId ?? row?.className ?? null
    const variables: Record<string, unknown> = {}
    const definition = row?.definition as ClassDefinition | undefined
    for (const { field } of listFields(definition?.layout ?? [])) variables[field.name] = null
    for (const [name, value] of Object.entries(data)) variables[name] = expressionValue(value)
    return { info, className, variables: { ...variables, ...baseVariables(info, className) } }
  }
  if (info.type === 'asset') {
    const [row] = await db
      .select({
        mimeType: assets.mimeType,
        size: assets.size,
        width: assets.width,
        height: assets.height,
      })
      .from(assets)
      .where(eq(assets.id, info.id))
    return {
      info,
      className: null,
      variables: {
        mimeType: row?.mimeType ?? '',
        size: row?.size ?? 0,
        width: row?.width ?? 0,
        height: row?.height ?? 0,
        ...baseVariables(info, null),
      },
    }
  }
  const [row] = await db
    .select({ template: documents.template, language: documents.language })
    .from(documents)
    .where(eq(documents.id, info.id))
  return {
    info,
    className: null,
    variables: {
      template: row?.template ?? '',
      language: row?.language ?? '',
      ...baseVariables(info, null),
    },
  }
}

function sampleValue(field: FieldDefinition): unknown {
  switch (field.type) {
    case 'input':
    case 'textarea':
    case 'wysiwyg':
      return 'sample'
    case 'number':
      return 1
    case 'quantityValue':
      return { value: 1, unitId: 'mm' }
    case 'select':
      return field.options?.[0]?.key ?? 'sample'
    case 'multiselect':
      return [field.options?.[0]?.key ?? 'sample']
    case 'boolean':
      return 1
    case 'date':
      return '2026-01-01'
    case 'color':
      return '#000000'
    case 'image':
    case 'manyToOneRelation':
      return 1
    case 'imageGallery':
    case 'manyToManyRelation':
      return [1]
    case 'prices':
      return { EUR: { catalog: 1000 }, CZK: { catalog: 25000 } }
    case 'block':
    case 'fieldcollections':
      return []
    case 'objectbricks':
    case 'classificationstore':
      return {}
  }
}

/**
 * A made-up element of a class (every field with a plausible value, localized ones in every
 * language) or of an asset/document type: a guard that fails on it is refused at save.
 */
export function sampleVariables(
  kind: 'object' | 'asset' | 'document',
  subtype: string,
  cls: { readonly name: string; readonly definition: ClassDefinition } | null,
): Record<string, unknown> {
  const base = {
    id: 1,
    key: 'sample',
    path: '/sample',
    published: 1,
    type: subtype,
    className: cls?.name ?? '',
  }
  if (kind === 'asset') return { mimeType: 'image/jpeg', size: 1, width: 1, height: 1, ...base }
  if (kind === 'document') return { template: '', language: 'en', ...base }
  const variables: Record<string, unknown> = {}
  for (const { field, localized } of listFields(cls?.definition.layout ?? [])) {
    const value = sampleValue(field)
    variables[field.name] = localized
      ? Object.fromEntries(LOCALES.map((locale) => [locale, value]))
      : value
  }
  return { ...variables, ...base }
}
