import {
  FieldContainerDefinitionSchema,
  FieldDefinitionSchema,
  IDENTIFIER,
  SelectOptionSchema,
  type FieldContainerDefinition,
  type FieldDefinition,
  type SelectOption,
} from '@optika/domain/pim/class-definition'
import type { ValidationLookup } from '@optika/domain/pim/validate-object-data'
import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import { inSequence } from '../../platform/db/in-sequence.ts'
import {
  csGroups,
  csKeys,
  csRelations,
  fieldContainers,
  quantityValueUnits,
  selectOptions,
} from '../../platform/db/schema/pim.ts'

/** Reads select-option sets, field collections, bricks, classification-store keys and units for validating objects. */
export async function loadValidationLookup(db: Db): Promise<ValidationLookup> {
  const [sets, containers, keys, groups, relations, units] = await inSequence([
    db.select({ id: selectOptions.id, options: selectOptions.options }).from(selectOptions),
    db.select().from(fieldContainers),
    db.select().from(csKeys),
    db.select({ id: csGroups.id, storeId: csGroups.storeId }).from(csGroups),
    db.select().from(csRelations),
    db.select({ id: quantityValueUnits.id }).from(quantityValueUnits),
  ])
  const optionsBySet = new Map<string, SelectOption[]>()
  for (const set of sets) {
    const parsed = z.array(SelectOptionSchema).safeParse(set.options)
    optionsBySet.set(set.id, parsed.success ? parsed.data : [])
  }
  const containerByKey = new Map<string, FieldContainerDefinition>()
  for (const row of containers) {
    const container = parseContainer(row.key, row.definition)
    if (container) containerByKey.set(`${row.kind}:${row.key}`, container)
  }
  const keyById = new Map<number, { storeId: number; field: FieldDefinition }>()
  for (const key of keys) {
    if (!key.enabled) continue
    const field = parseKeyDefinition(key)
    if (field) keyById.set(key.id, { storeId: key.storeId, field })
  }
  const groupStore = new Map(groups.map((group) => [group.id, group.storeId]))
  const keysByGroup = new Map<number, { keyId: number; mandatory: boolean; sorter: number }[]>()
  for (const relation of relations) {
    const list = keysByGroup.get(relation.groupId) ?? []
    list.push({ keyId: relation.keyId, mandatory: relation.mandatory, sorter: relation.sorter })
    keysByGroup.set(relation.groupId, list)
  }
  const unitIds = new Set(units.map((unit) => unit.id))

  return {
    selectOptions: (setId) => optionsBySet.get(setId),
    fieldContainer: (kind, key) => containerByKey.get(`${kind}:${key}`),
    classificationKey(storeId, keyId) {
      const key = keyById.get(keyId)
      return key?.storeId === storeId ? key.field : undefined
    },
    classificationGroupKeys(storeId, groupId) {
      if (groupStore.get(groupId) !== storeId) return undefined
      return (keysByGroup.get(groupId) ?? [])
        .toSorted((a, b) => a.sorter - b.sorter)
        .map(({ keyId, mandatory }) => ({ keyId, mandatory }))
    },
    unitExists: (unitId) => unitIds.has(unitId),
  }
}

/** A stored field collection / brick (definition without its key), or undefined when unreadable. */
export function parseContainer(
  key: string,
  definition: unknown,
): FieldContainerDefinition | undefined {
  const parsed = FieldContainerDefinitionSchema.safeParse({
    ...(typeof definition === 'object' && definition !== null ? definition : {}),
    key,
  })
  return parsed.success ? parsed.data : undefined
}

/** A classification-store key as a field: its stored definition completed by the key's own columns. */
function parseKeyDefinition(key: {
  id: number
  name: string
  title: string
  type: string
  definition: unknown
}): FieldDefinition | undefined {
  const parsed = FieldDefinitionSchema.safeParse({
    ...(typeof key.definition === 'object' && key.definition !== null ? key.definition : {}),
    kind: 'field',
    // The name only labels error paths; store keys may carry free-text names.
    name: IDENTIFIER.test(key.name) ? key.name : `key${key.id}`,
    title: key.title,
    type: key.type,
  })
  return parsed.success ? parsed.data : undefined
}
