import { useQueryClient } from '@tanstack/react-query'
import { TagNodeSchema, type TagAdd, type TagUpdate } from '@optika/domain/pim/element-api'
import { sendJson } from '../../../../lib/api-client.ts'

/** The tag tree's writes (/admin/tags/add, update, delete); reads use `useTagChildren`. */
export async function addTag(input: TagAdd) {
  return TagNodeSchema.parse(await sendJson('POST', '/admin/tags/add', input))
}

export async function updateTag(input: TagUpdate) {
  return TagNodeSchema.parse(await sendJson('PUT', '/admin/tags/update', input))
}

export async function deleteTag(id: number) {
  await sendJson('DELETE', `/admin/tags/delete?id=${id}`)
}

/** After a change anywhere in the tree: every loaded branch and every element's tags reload. */
export function useRefreshTags() {
  const queryClient = useQueryClient()
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.includes('tags'),
    })
}
