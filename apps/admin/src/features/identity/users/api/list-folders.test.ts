import { afterEach, describe, expect, it, vi } from 'vitest'
import { listFolders } from './users-api.ts'

const node = (
  id: number,
  parentId: number | null,
  type: string,
  name: string,
  hasChildren = false,
) => ({
  id,
  parentId,
  type,
  name,
  hasChildren,
})

/** The users tree: Staff (Sales (—), alice), Guests, bob. */
const TREE: Record<string, unknown[]> = {
  '0': [
    node(1, null, 'userfolder', 'Staff', true),
    node(2, null, 'userfolder', 'Guests'),
    node(3, null, 'user', 'bob'),
  ],
  '1': [node(4, 1, 'userfolder', 'Sales'), node(5, 1, 'user', 'alice')],
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('listFolders', () => {
  it('lists every folder depth first, with its path and the folders above it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const parent = new URL(url, 'http://x').searchParams.get('node') ?? '0'
        return Promise.resolve(new Response(JSON.stringify(TREE[parent] ?? [])))
      }),
    )
    expect(await listFolders('users')).toEqual([
      { id: 1, path: 'Staff', ancestorIds: [] },
      { id: 4, path: 'Staff / Sales', ancestorIds: [1] },
      { id: 2, path: 'Guests', ancestorIds: [] },
    ])
  })
})
