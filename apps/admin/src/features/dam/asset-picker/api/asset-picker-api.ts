import { useQueries, useQuery } from '@tanstack/react-query'
import { AssetChildrenSchema, AssetNodeSchema } from '@optika/domain/pim/asset-api'
import { getJson, readJsonBody, toApiError } from '../../../../lib/api-client.ts'

export const assetKeys = {
  all: ['admin', 'assets'] as const,
  root: ['admin', 'assets', 'root'] as const,
  children: (id: number) => ['admin', 'assets', 'children', id] as const,
  asset: (id: number) => ['admin', 'assets', 'asset', id] as const,
}

export function useAssetRoot() {
  return useQuery({
    queryKey: assetKeys.root,
    queryFn: async () => AssetNodeSchema.parse(await getJson('/admin/asset/tree-get-root')),
  })
}

export function useAssetChildren(folderId: number | null) {
  return useQuery({
    queryKey: assetKeys.children(folderId ?? 0),
    queryFn: async () =>
      AssetChildrenSchema.parse(
        await getJson(`/admin/asset/tree-get-children-by-id?node=${folderId}&limit=500`),
      ),
    enabled: folderId !== null,
  })
}

export function useAssets(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: assetKeys.asset(id),
      queryFn: async () =>
        AssetNodeSchema.parse(await getJson(`/admin/asset/get-data-by-id?id=${id}`)),
    })),
  })
}

/** POST /admin/asset/add-asset: one picture into a folder (the server checks what it really is). */
export async function uploadAsset(folderId: number, file: File) {
  const form = new FormData()
  form.append('parentId', String(folderId))
  form.append('file', file, file.name)
  const response = await fetch(`/admin/asset/add-asset?parentId=${folderId}`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
  const body = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, body)
  return AssetNodeSchema.parse(body)
}
