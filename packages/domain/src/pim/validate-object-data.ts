import type {
  ClassDefinition,
  FieldContainerDefinition,
  FieldDefinition,
  SelectOption,
} from './class-definition.ts'

/** One field's problem: where (dotted path into the data, e.g. `name.cs`, `filters.2.column`) and which message. */
export interface FieldError {
  readonly path: string
  /** Translation key (the seed's `validation.required`, `validation.minLength`, or a `pimClasses.*` key). */
  readonly key: string
  readonly params?: Readonly<Record<string, string | number>>
}

/** What validation needs besides the class: looked up by the server before validating. */
export interface ValidationLookup {
  selectOptions(setId: string): readonly SelectOption[] | undefined
  fieldContainer(
    kind: 'fieldcollection' | 'objectbrick',
    key: string,
  ): FieldContainerDefinition | undefined
  /** A classification-store key's definition (a scalar field definition). */
  classificationKey(storeId: number, keyId: number): FieldDefinition | undefined
  /** The keys of a classification-store group with their mandatory flag. */
  classificationGroupKeys(
    storeId: number,
    groupId: number,
  ): readonly { keyId: number; mandatory: boolean }[] | undefined
  unitExists(unitId: string): boolean
}

export interface ValidateOptions {
  /** Check `mandatory` (when publishing; a draft or unpublished object may be incomplete). */
  readonly checkMandatory: boolean
  /** The parent's resolved data when the class allows inheritance: an empty field then counts as filled when the parent has it. */
  readonly inherited?: Readonly<Record<string, unknown>> | undefined
}

export interface ValidationResult {
  /** The data normalized to the class: unknown keys dropped, empty values removed, numbers rounded to `decimals`. */
  readonly data: Record<string, unknown>
  readonly errors: readonly FieldError[]
}

/**
 * Validates an object's data against its class: every field type's shape, mandatory, regex,
 * min/max length, min/max value, decimals, option membership, item counts, units, nested
 * collections, bricks and classification-store values. Uniqueness, relation targets and asset
 * existence need the database and are checked by the server (features/pim-classes/validate-object.ts).
 */
export function validateObjectData(
  definition: ClassDefinition,
  data: unknown,
  lookup: ValidationLookup,
  options: ValidateOptions,
): ValidationResult {
  void definition
  void data
  void lookup
  void options
  throw new Error('validateObjectData: not implemented yet')
}
