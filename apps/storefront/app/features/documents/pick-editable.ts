import type { ResolvedEditable, ResolvedEditables } from '@optika/domain/cms/resolved-content'

type Of<T extends ResolvedEditable['type']> = Extract<ResolvedEditable, { type: T }>

/** The named editable if it has the expected type (a template changed since the save). */
export function pick<T extends ResolvedEditable['type']>(
  editables: ResolvedEditables,
  name: string,
  ...types: T[]
): Of<T> | undefined {
  const editable = editables[name]
  return editable && (types as string[]).includes(editable.type) ? (editable as Of<T>) : undefined
}

export function textOf(editables: ResolvedEditables, name: string): string {
  return pick(editables, name, 'input', 'textarea', 'select')?.text.trim() ?? ''
}
