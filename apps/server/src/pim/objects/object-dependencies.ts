import { inArray, isNotNull, and, eq } from 'drizzle-orm'
import { ClassDefinitionSchema, type ClassDefinition } from '@optika/domain/pim/class-definition'
import type { Db } from '../../platform/db/client.ts'
import { objectClasses, objects } from '../../platform/db/schema/elements.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import type { ElementRef } from '../../elements/element-services.ts'
import { collectReferences } from '../classes/validate-object.ts'
import type { ValidationLookup } from '@optika/domain/pim/validate-object-data'
import { loadValidationLookup } from '../classes/validation-lookup.ts'

/** What an object's data requires: the objects and assets its class's fields reference. */
export function dependencyTargetsOf(
  definition: ClassDefinition,
  data: Readonly<Record<string, unknown>>,
  lookup: Pick<ValidationLookup, 'fieldContainer'>,
): ElementRef[] {
  const references = collectReferences(definition, data, lookup)
  return [
    ...references.objects.map((id) => ({ type: 'object' as const, id })),
    ...references.assets.map((id) => ({ type: 'asset' as const, id })),
  ]
}

/**
 * Records the dependencies of objects written in bulk (the demo seed) exactly as a save would,
 * replacing what they had: afterwards find-usages sees every reference they hold.
 */
export async function recordObjectDependencies(tx: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0
  const lookup = await loadValidationLookup(tx)
  const classes = new Map<string, ClassDefinition>()
  for (const row of await tx.select().from(objectClasses)) {
    classes.set(row.id, ClassDefinitionSchema.parse(row.definition))
  }
  const values: (typeof elementDependencies.$inferInsert)[] = []
  const CHUNK = 1_000
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK)
    const rows = await tx
      .select({ id: objects.id, classId: objects.classId, data: objects.data })
      .from(objects)
      .where(and(inArray(objects.id, chunk), isNotNull(objects.classId)))
    for (const row of rows) {
      const definition = classes.get(row.classId!)
      if (!definition) continue
      const seen = new Set<string>()
      for (const target of dependencyTargetsOf(
        definition,
        row.data as Record<string, unknown>,
        lookup,
      )) {
        if (target.type === 'object' && target.id === row.id) continue
        if (seen.has(`${target.type}:${target.id}`)) continue
        seen.add(`${target.type}:${target.id}`)
        values.push({
          sourceType: 'object',
          sourceId: row.id,
          targetType: target.type,
          targetId: target.id,
        })
      }
    }
    await tx
      .delete(elementDependencies)
      .where(
        and(
          eq(elementDependencies.sourceType, 'object'),
          inArray(elementDependencies.sourceId, chunk),
        ),
      )
  }
  for (let start = 0; start < values.length; start += CHUNK) {
    await tx
      .insert(elementDependencies)
      .values(values.slice(start, start + CHUNK))
      .onConflictDoNothing()
  }
  return values.length
}
