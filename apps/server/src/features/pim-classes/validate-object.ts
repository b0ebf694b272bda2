import type { ClassDefinition } from '@optika/domain/pim/class-definition'
import type { FieldError, ValidationLookup } from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../db/client.ts'

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
 * Validates an object's data for saving: the pure rules (validateObjectData) plus what needs the
 * database — unique values, relation targets existing and of an allowed class, images being image
 * assets, units and option sets existing — and sanitizes wysiwyg HTML. Returns the normalized data
 * to store, or the list of field errors (nothing is written by this function).
 */
export async function validateObjectForSave(
  db: Db,
  input: ObjectToValidate,
): Promise<{ data: Record<string, unknown>; errors: readonly FieldError[] }> {
  void db
  void input
  throw new Error('validateObjectForSave: not implemented yet')
}

/** Every object and asset the data refers to (relations, images, galleries, nested), for dependencies. */
export function collectReferences(
  definition: ClassDefinition,
  data: Readonly<Record<string, unknown>>,
  lookup: Pick<ValidationLookup, 'fieldContainer'>,
): { objects: number[]; assets: number[] } {
  void definition
  void data
  void lookup
  throw new Error('collectReferences: not implemented yet')
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
  void definition
  void data
  void rewrite
  void lookup
  throw new Error('rewriteReferences: not implemented yet')
}
