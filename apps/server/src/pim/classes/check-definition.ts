import type {
  ClassDefinition,
  FieldDefinition,
  LayoutNode,
} from '@optika/domain/pim/class-definition'
import { compileRegex, type FieldError } from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../platform/db/client.ts'
import { inSequence } from '../../platform/db/in-sequence.ts'
import { objectClasses } from '../../platform/db/schema/elements.ts'
import {
  csStores,
  fieldContainers,
  quantityValueUnits,
  selectOptions,
} from '../../platform/db/schema/pim.ts'

/** What a definition may refer to: the names that exist (plus those arriving in the same import). */
export interface DefinitionRefs {
  readonly optionSets: ReadonlySet<string>
  readonly fieldcollections: ReadonlySet<string>
  readonly objectbricks: ReadonlySet<string>
  readonly stores: ReadonlySet<number>
  readonly classes: ReadonlySet<string>
  readonly units: ReadonlySet<string>
}

export async function loadDefinitionRefs(db: Db): Promise<DefinitionRefs> {
  const [sets, containers, stores, classes, units] = await inSequence([
    db.select({ id: selectOptions.id }).from(selectOptions),
    db.select({ kind: fieldContainers.kind, key: fieldContainers.key }).from(fieldContainers),
    db.select({ id: csStores.id }).from(csStores),
    db.select({ id: objectClasses.id }).from(objectClasses),
    db.select({ id: quantityValueUnits.id }).from(quantityValueUnits),
  ])
  return {
    optionSets: new Set(sets.map((row) => row.id)),
    fieldcollections: new Set(
      containers.filter((row) => row.kind === 'fieldcollection').map((row) => row.key),
    ),
    objectbricks: new Set(
      containers.filter((row) => row.kind === 'objectbrick').map((row) => row.key),
    ),
    stores: new Set(stores.map((row) => row.id)),
    classes: new Set(classes.map((row) => row.id)),
    units: new Set(units.map((row) => row.id)),
  }
}

/** The refs with names added (an import that brings the referenced items along). */
export function withRefs(refs: DefinitionRefs, added: Partial<DefinitionRefs>): DefinitionRefs {
  const merge = <T>(a: ReadonlySet<T>, b: ReadonlySet<T> | undefined) =>
    new Set([...a, ...(b ?? [])])
  return {
    optionSets: merge(refs.optionSets, added.optionSets),
    fieldcollections: merge(refs.fieldcollections, added.fieldcollections),
    objectbricks: merge(refs.objectbricks, added.objectbricks),
    stores: merge(refs.stores, added.stores),
    classes: merge(refs.classes, added.classes),
    units: merge(refs.units, added.units),
  }
}

/** Types that hold other fields; they may be neither localized nor rows of a block. */
const NESTING_TYPES = new Set(['block', 'fieldcollections', 'objectbricks', 'classificationstore'])

/**
 * The semantic problems of a class definition that its schema cannot see: field and layout names
 * unique in the class, option keys unique, bounds in order, regular expressions that compile,
 * and every referenced option set, collection, brick, store, class and unit existing.
 */
export function checkClassDefinition(
  definition: ClassDefinition,
  refs: DefinitionRefs,
  prefix = 'definition',
): FieldError[] {
  const errors = checkLayout(definition.layout, refs, `${prefix}.layout`, { container: false })
  const fieldNames = new Set<string>()
  const collect = (nodes: readonly LayoutNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'field') fieldNames.add(node.name)
      else collect(node.children)
    }
  }
  collect(definition.layout)
  definition.gridColumns?.forEach((name, index) => {
    if (!fieldNames.has(name)) {
      errors.push({
        path: `${prefix}.gridColumns.${index}`,
        key: 'pimClasses.class.unknownField',
        params: { value: name },
      })
    }
  })
  return errors
}

/** checkClassDefinition for a layout alone; in a field collection or brick `type` is reserved (the item's kind). */
export function checkLayout(
  layout: readonly LayoutNode[],
  refs: DefinitionRefs,
  prefix: string,
  options: { container: boolean },
): FieldError[] {
  const errors: FieldError[] = []
  const fieldNames = new Set<string>()
  const layoutNames = new Set<string>()
  const visit = (nodes: readonly LayoutNode[], path: string, localized: boolean) => {
    nodes.forEach((node, index) => {
      const nodePath = `${path}.${index}`
      if (node.kind === 'layout') {
        if (layoutNames.has(node.name)) {
          errors.push({
            path: `${nodePath}.name`,
            key: 'pimClasses.class.duplicateLayout',
            params: { value: node.name },
          })
        }
        layoutNames.add(node.name)
        visit(node.children, `${nodePath}.children`, localized || node.type === 'localizedfields')
        return
      }
      if (fieldNames.has(node.name)) {
        errors.push({
          path: `${nodePath}.name`,
          key: 'pimClasses.class.duplicateField',
          params: { value: node.name },
        })
      }
      fieldNames.add(node.name)
      if (options.container && node.name === 'type') {
        errors.push({
          path: `${nodePath}.name`,
          key: 'pimClasses.class.reservedField',
          params: { value: node.name },
        })
      }
      if (localized && NESTING_TYPES.has(node.type) && node.type !== 'block') {
        errors.push({ path: `${nodePath}.type`, key: 'pimClasses.class.notLocalizable' })
      }
      errors.push(...checkField(node, refs, nodePath))
    })
  }
  visit(layout, prefix, false)
  return errors
}

function checkField(field: FieldDefinition, refs: DefinitionRefs, path: string): FieldError[] {
  const errors: FieldError[] = []
  const unknown = (at: string, key: string, value: string | number) =>
    errors.push({ path: `${path}.${at}`, key, params: { value } })
  if (field.regex !== undefined && field.regex !== '' && compileRegex(field.regex) === null) {
    errors.push({ path: `${path}.regex`, key: 'pimClasses.class.invalidRegex' })
  }
  for (const [low, high] of [
    ['min', 'max'],
    ['minLength', 'maxLength'],
    ['minItems', 'maxItems'],
  ] as const) {
    const a = field[low]
    const b = field[high]
    if (a !== undefined && b !== undefined && a > b) {
      errors.push({ path: `${path}.${high}`, key: 'pimClasses.class.invalidRange' })
    }
  }
  const optionKeys = new Set<string>()
  field.options?.forEach((option, index) => {
    if (optionKeys.has(option.key))
      unknown(`options.${index}.key`, 'pimClasses.class.duplicateOption', option.key)
    optionKeys.add(option.key)
  })
  if (field.optionsProviderId !== undefined && !refs.optionSets.has(field.optionsProviderId)) {
    unknown('optionsProviderId', 'pimClasses.class.unknownOptionSet', field.optionsProviderId)
  }
  if (field.type === 'fieldcollections' || field.type === 'objectbricks') {
    const known = field.type === 'fieldcollections' ? refs.fieldcollections : refs.objectbricks
    const key =
      field.type === 'fieldcollections'
        ? 'pimClasses.class.unknownCollection'
        : 'pimClasses.class.unknownBrick'
    field.allowedTypes?.forEach((type, index) => {
      if (!known.has(type)) unknown(`allowedTypes.${index}`, key, type)
    })
  }
  if (field.type === 'classificationstore') {
    if (field.storeId === undefined)
      errors.push({ path: `${path}.storeId`, key: 'validation.required' })
    else if (!refs.stores.has(field.storeId)) {
      unknown('storeId', 'pimClasses.class.unknownStore', field.storeId)
    }
  }
  field.classes?.forEach((classId, index) => {
    if (!refs.classes.has(classId))
      unknown(`classes.${index}`, 'pimClasses.class.unknownClass', classId)
  })
  field.validUnits?.forEach((unit, index) => {
    if (!refs.units.has(unit)) unknown(`validUnits.${index}`, 'pimClasses.class.unknownUnit', unit)
  })
  if (field.defaultUnit !== undefined && !refs.units.has(field.defaultUnit)) {
    unknown('defaultUnit', 'pimClasses.class.unknownUnit', field.defaultUnit)
  }
  if (field.type === 'block') {
    const rowNames = new Set<string>()
    field.children?.forEach((child, index) => {
      const childPath = `${path}.children.${index}`
      if (NESTING_TYPES.has(child.type)) {
        errors.push({ path: `${childPath}.type`, key: 'pimClasses.class.blockChild' })
      }
      if (rowNames.has(child.name))
        unknown(`children.${index}.name`, 'pimClasses.class.duplicateField', child.name)
      rowNames.add(child.name)
      errors.push(...checkField(child, refs, childPath))
    })
  }
  return errors
}
