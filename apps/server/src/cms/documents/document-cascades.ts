import type { ElementKind } from '../../elements/element-kinds.ts'

/** Rows of other tables that go with a document into the recycle bin and back. */
export const documentCascades: NonNullable<ElementKind['cascades']> = [
  { table: 'document_translations', idColumn: 'document_id' },
  { table: 'document_sessions', idColumn: 'document_id' },
  { table: 'sites', idColumn: 'root_id' },
]
