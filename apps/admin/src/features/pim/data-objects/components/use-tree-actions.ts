import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ObjectTreeNode } from '@optika/domain/pim/object-api'
import {
  addFolder,
  addObject,
  copyElement,
  deleteElement,
  objectKeys,
  updateElement,
} from '../api/objects-api.ts'

/** The tree's writes; each refreshes the tree (and the element caches) when it lands. */
export function useTreeActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: objectKeys.all })
  return {
    refresh,
    add: useMutation({
      mutationFn: (input: {
        parentId: number
        key: string
        kind: 'folder' | 'object' | 'variant'
        classId?: string
      }) =>
        input.kind === 'folder'
          ? addFolder({ parentId: input.parentId, key: input.key })
          : addObject({
              parentId: input.parentId,
              key: input.key,
              type: input.kind,
              ...(input.kind === 'object' && input.classId ? { classId: input.classId } : {}),
            }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (input: { id: number; key?: string; parentId?: number; published?: boolean }) =>
        updateElement(input),
      onSuccess: refresh,
    }),
    copy: useMutation({
      mutationFn: (input: { sourceId: number; targetId: number }) =>
        copyElement(input.sourceId, input.targetId),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (node: Pick<ObjectTreeNode, 'id'>) => deleteElement(node.id),
      onSuccess: refresh,
    }),
  }
}
