import type { ClassSummary } from '../../../pim/data-objects/api/classes-api.ts'

export interface ClassOption {
  value: string
  label: string
}

/**
 * The choices of the "allowed classes" restriction: the existing classes (labelled by name, with
 * the id when it differs) plus any stored id that is not a class (any more, or while the classes
 * cannot be read), so a saved value stays visible and can be removed.
 */
export function allowedClassOptions(
  classes: readonly ClassSummary[],
  selected: readonly string[],
): ClassOption[] {
  const options = classes.map((c) => ({
    value: c.id,
    label: c.name === c.id ? c.id : `${c.name} (${c.id})`,
  }))
  const known = new Set(options.map((o) => o.value))
  const unknown = [...new Set(selected)].filter((id) => !known.has(id)).sort()
  return [...options, ...unknown.map((id) => ({ value: id, label: id }))]
}
