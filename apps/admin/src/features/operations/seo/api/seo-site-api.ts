import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  HttpErrorListSchema,
  HttpErrorSchema,
  RobotsTxtListSchema,
  SeoTreeSchema,
  SitemapStateSchema,
  type HttpErrorListQuery,
  type SeoUpdate,
} from '@optika/domain/operations/seo-site'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const seoSiteKeys = {
  robots: ['admin', 'seo', 'robots'] as const,
  sitemap: ['admin', 'seo', 'sitemap'] as const,
  httpErrors: ['admin', 'seo', 'http-errors'] as const,
  httpErrorList: (query: HttpErrorListQuery) => ['admin', 'seo', 'http-errors', query] as const,
  seoTree: ['admin', 'seo', 'tree'] as const,
  seoNode: (node: string, language: string) => ['admin', 'seo', 'tree', node, language] as const,
}

export function useRobotsTxts() {
  return useQuery({
    queryKey: seoSiteKeys.robots,
    queryFn: async () =>
      RobotsTxtListSchema.parse(await getJson('/admin/bundle/seo/robots-txt')).items,
  })
}

export function useSaveRobotsTxt() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: { siteId: number; content: string }) =>
      RobotsTxtListSchema.parse(await sendJson('PUT', '/admin/bundle/seo/robots-txt', input)).items,
    onSuccess: (items) => client.setQueryData(seoSiteKeys.robots, items),
  })
}

export function useSitemapState() {
  return useQuery({
    queryKey: seoSiteKeys.sitemap,
    queryFn: async () => SitemapStateSchema.parse(await getJson('/admin/bundle/seo/sitemap')),
    // While a generation runs, look again every few seconds until it is done.
    refetchInterval: (query) => (query.state.data?.pending ? 3_000 : false),
  })
}

export function useRegenerateSitemap() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      SitemapStateSchema.parse(await sendJson('POST', '/admin/bundle/seo/sitemap/regenerate')),
    onSuccess: (state) => client.setQueryData(seoSiteKeys.sitemap, state),
  })
}

export function useHttpErrors(query: HttpErrorListQuery) {
  return useQuery({
    queryKey: seoSiteKeys.httpErrorList(query),
    queryFn: async () =>
      HttpErrorListSchema.parse(await sendJson('POST', '/admin/bundle/seo/http-error-log', query)),
    placeholderData: keepPreviousData,
  })
}

export function useHttpError(id: number | null) {
  return useQuery({
    queryKey: [...seoSiteKeys.httpErrors, 'detail', id],
    enabled: id !== null,
    queryFn: async () =>
      z
        .object({ data: HttpErrorSchema })
        .parse(await getJson(`/admin/bundle/seo/http-error-log-detail?id=${id}`)).data,
  })
}

export function useFlushHttpErrors() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      z
        .object({ deleted: z.number() })
        .parse(await sendJson('DELETE', '/admin/bundle/seo/http-error-log-flush')),
    onSuccess: () => client.invalidateQueries({ queryKey: seoSiteKeys.httpErrors }),
  })
}

export function useSeoNodes(node: string, language: string, enabled = true) {
  return useQuery({
    queryKey: seoSiteKeys.seoNode(node, language),
    enabled,
    queryFn: async () => {
      const url =
        node === 'root'
          ? '/admin/bundle/seo/document/seopanel-tree-root'
          : `/admin/bundle/seo/document/seopanel-tree?${new URLSearchParams({ node, language }).toString()}`
      return SeoTreeSchema.parse(await getJson(url)).nodes
    },
  })
}

export function useSaveSeo() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: SeoUpdate) =>
      sendJson('PUT', '/admin/bundle/seo/document/seopanel-save', input),
    onSuccess: () => client.invalidateQueries({ queryKey: seoSiteKeys.seoTree }),
  })
}
