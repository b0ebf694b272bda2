import { useQuery } from '@tanstack/react-query'
import { ClassTreeSchema, type ClassTree } from '@optika/domain/pim/class-api'
import { getJson } from '../../../lib/api-client.ts'

/** A class as the "add object" menu needs it. */
export interface ClassSummary {
  id: string
  name: string
  allowVariants: boolean
}

/** The classes of the grouped class tree as one list, by name. */
export function flattenClassTree(tree: ClassTree): ClassSummary[] {
  return tree
    .flatMap((group) => group.classes)
    .map(({ id, name, allowVariants }) => ({ id, name, allowVariants }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

export function useClasses() {
  return useQuery({
    queryKey: ['admin', 'objects', 'classes'] as const,
    staleTime: 5 * 60_000,
    queryFn: async () =>
      flattenClassTree(ClassTreeSchema.parse(await getJson('/admin/class/get-tree'))),
  })
}
