import type { FieldDefinition, LayoutNode } from '@optika/domain/pim/class-definition'
import { getAtPath, isEmptyValue, type DataPath } from './object-data.ts'

/** Where a field's value lives: `name`, `name.cs` inside localized fields, under a block row or brick. */
export function fieldPath(base: DataPath, field: FieldDefinition, locale?: string): DataPath {
  return locale === undefined ? [...base, field.name] : [...base, field.name, locale]
}

/** The fields of a layout subtree (containers flattened), in layout order. */
export function fieldsOf(nodes: readonly LayoutNode[]): FieldDefinition[] {
  return nodes.flatMap((node) => (node.kind === 'field' ? [node] : fieldsOf(node.children)))
}

/** Whether any field of a localized container has a value in this language. */
export function isLocaleFilled(
  data: unknown,
  base: DataPath,
  nodes: readonly LayoutNode[],
  locale: string,
): boolean {
  return fieldsOf(nodes).some(
    (field) => !isEmptyValue(getAtPath(data, fieldPath(base, field, locale))),
  )
}

/** Whether a layout subtree has anything to show (invisible fields hidden, empty containers too). */
export function hasVisibleContent(node: LayoutNode): boolean {
  if (node.kind === 'field') return node.invisible !== true
  return node.children.some(hasVisibleContent)
}

/**
 * What the editor shows for a field whose own value is empty while an ancestor's is not: the
 * inherited value, summarised as text. Undefined when nothing is inherited.
 */
export function inheritedValueAt(own: unknown, inherited: unknown, path: DataPath): unknown {
  if (!isEmptyValue(own)) return undefined
  const value = getAtPath(inherited, path)
  return isEmptyValue(value) ? undefined : value
}

/** A short text for a value of any field type (placeholders, version diffs). */
export function summarizeValue(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string')
    return value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map(summarizeValue).filter(Boolean).join(', ')
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    if ('value' in record && 'unitId' in record)
      return `${summarizeValue(record.value)} ${summarizeValue(record.unitId)}`
    return Object.entries(record)
      .map(([key, entry]) => `${key}: ${summarizeValue(entry)}`)
      .join('; ')
  }
  return ''
}

/** A typed number as the field stores it: rounded to `decimals`, empty as undefined. */
export function toFieldNumber(
  input: string | number,
  decimals: number | undefined,
): number | undefined {
  if (input === '' || input === '-') return undefined
  const value = typeof input === 'number' ? input : Number(input.replace(',', '.'))
  if (!Number.isFinite(value)) return undefined
  if (decimals === undefined) return value
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}
