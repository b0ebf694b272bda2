import { createContext, useContext } from 'react'
import type { FieldErrorMap } from './field-errors.ts'
import type { DataPath } from './object-data.ts'

/** What every field widget of the object editor reads and writes. */
export interface EditorContextValue {
  readonly data: Readonly<Record<string, unknown>>
  /** Per field, the value of the nearest ancestor of the same class (empty fields only). */
  readonly inherited: Readonly<Record<string, unknown>>
  readonly errors: FieldErrorMap
  /** The whole form is read-only (no save right, locked by someone else, a version preview). */
  readonly readOnly: boolean
  /** Fields the element's current workflow places make read-only (by field name). */
  readonly readOnlyFields?: ReadonlySet<string>
  readonly classId: string
  readonly elementId: number
  setValue(path: DataPath, value: unknown): void
  /** Opens another element in the editor (a relation's target). */
  openElement(id: number): void
}

export const EditorContext = createContext<EditorContextValue | null>(null)

export function useEditorContext(): EditorContextValue {
  const context = useContext(EditorContext)
  if (context === null) throw new Error('A field widget is rendered outside the object editor')
  return context
}
