import type { UseQueryResult } from '@tanstack/react-query'

/** One page of a tree's children, as `tree-get-children-by-id` answers it. */
interface ChildPage<N> {
  readonly nodes: readonly N[]
  readonly total: number
}

/**
 * The `combine` of a tree's paged children ("load more": one request and cache entry a page):
 * the pages loaded so far, in order, up to the first still missing, so they show while the next
 * one arrives.
 */
export function combineChildPages<N>(results: readonly UseQueryResult<ChildPage<N>>[]) {
  const loaded: ChildPage<N>[] = []
  for (const result of results) {
    if (result.data === undefined) break
    loaded.push(result.data)
  }
  const first = loaded[0]
  return {
    data:
      first === undefined
        ? undefined
        : { nodes: loaded.flatMap((page) => page.nodes), total: first.total },
    error: results.find((result) => result.isError)?.error ?? null,
    isFetching: results.some((result) => result.isFetching),
  }
}
