import { listFields, type LayoutNode } from '@optika/domain/pim/class-definition'
import type { FieldDiff } from '@optika/domain/pim/object-api'
import { LOCALES } from '@optika/i18n/locales'

/** JSON with sorted object keys, so equal values compare equal whatever their key order. */
function stable(value: unknown): string {
  if (value === undefined) return 'null'
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function languagesOf(from: unknown, to: unknown): string[] {
  const present = new Set([...Object.keys(asRecord(from)), ...Object.keys(asRecord(to))])
  const known = LOCALES.filter((l) => present.has(l))
  const other = [...present].filter((l) => !(LOCALES as readonly string[]).includes(l)).sort()
  return [...known, ...other]
}

/**
 * Field-by-field differences of two data snapshots of one class: fields in layout order, a
 * localized field one row per language present in either, then fields no longer in the class.
 */
export function diffSnapshots(
  layout: readonly LayoutNode[],
  from: Readonly<Record<string, unknown>>,
  to: Readonly<Record<string, unknown>>,
): FieldDiff[] {
  const rows: FieldDiff[] = []
  const row = (
    field: string,
    title: string,
    localized: boolean,
    a: unknown,
    b: unknown,
    language?: string,
  ) =>
    rows.push({
      field,
      title,
      localized,
      ...(language === undefined ? {} : { language }),
      from: a ?? null,
      to: b ?? null,
      changed: stable(a) !== stable(b),
    })
  const seen = new Set<string>()
  for (const { field, localized } of listFields(layout)) {
    seen.add(field.name)
    const a = from[field.name]
    const b = to[field.name]
    const languages = localized ? languagesOf(a, b) : []
    if (languages.length === 0) row(field.name, field.title, localized, a, b)
    for (const language of languages) {
      row(field.name, field.title, true, asRecord(a)[language], asRecord(b)[language], language)
    }
  }
  const rest = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((k) => !seen.has(k))
  for (const name of rest.sort()) row(name, name, false, from[name], to[name])
  return rows
}
