import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  SiteOfRootSchema,
  SiteRemovedSchema,
  SiteSchema,
  UpdateSiteSchema,
  type UpdateSite,
} from '@optika/domain/cms/document-sites-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'
import { documentKeys } from './documents-api.ts'

const siteKey = (rootId: number) => ['admin', 'documents', 'site', rootId] as const

/** GET get-site: the site whose root is the document `rootId` (null when it is none). */
export function useSiteOfRoot(rootId: number) {
  return useQuery({
    queryKey: siteKey(rootId),
    queryFn: async () =>
      SiteOfRootSchema.parse(await getJson(`/admin/document/get-site?id=${rootId}`)).site,
  })
}

/** PUT update-site makes the document a site's root (or changes it); DELETE remove-site ends it. */
export function useSiteActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all })
  return {
    save: useMutation({
      mutationFn: async (input: UpdateSite) =>
        SiteSchema.parse(
          await sendJson('PUT', '/admin/document/update-site', UpdateSiteSchema.parse(input)),
        ),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) =>
        SiteRemovedSchema.parse(await sendJson('DELETE', `/admin/document/remove-site?id=${id}`)),
      onSuccess: refresh,
    }),
  }
}
