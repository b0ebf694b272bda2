import { useQuery } from '@tanstack/react-query'
import { ClassTreeSchema, type ClassTree } from '@optika/domain/pim/class-api'
import { getJson } from '../../../../lib/api-client.ts'
import { useCurrentUser } from '../../../identity/auth/api/auth-api.ts'

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

/**
 * The classes the user may create objects of: `allowed` is the user's effective allowed classes
 * (its own and its roles'), where an empty list allows every class. Only a convenience for the
 * menus: the server refuses a forbidden class anyway.
 */
export function creatableClasses(
  classes: readonly ClassSummary[],
  allowed: readonly string[],
): ClassSummary[] {
  return allowed.length === 0 ? [...classes] : classes.filter((c) => allowed.includes(c.id))
}

export function useClasses() {
  return useQuery({
    queryKey: ['admin', 'objects', 'classes'] as const,
    staleTime: 5 * 60_000,
    queryFn: async () =>
      flattenClassTree(ClassTreeSchema.parse(await getJson('/admin/class/get-tree'))),
  })
}

/** The classes offered when adding an object or variant; undefined while either list loads. */
export function useCreatableClasses(): ClassSummary[] | undefined {
  const classes = useClasses()
  const user = useCurrentUser()
  if (!classes.data || !user.data) return undefined
  return creatableClasses(classes.data, user.data.effectiveAllowedClasses)
}
