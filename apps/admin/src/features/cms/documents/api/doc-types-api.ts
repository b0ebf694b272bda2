import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  CreateDocTypeSchema,
  DocTypeListSchema,
  DocTypeSavedSchema,
  UpdateDocTypeSchema,
  type CreateDocType,
  type UpdateDocType,
} from '@optika/domain/cms/document-tree-api'
import type { TemplateDocumentType } from '@optika/domain/cms/templates'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const docTypeKeys = {
  all: ['admin', 'document-types'] as const,
  list: (type: TemplateDocumentType | null) => ['admin', 'document-types', type ?? 'all'] as const,
}

/** GET doc-types (all) or get-doc-types?type=… (those of one document type), by priority. */
export function useDocTypes(type: TemplateDocumentType | null) {
  return useQuery({
    queryKey: docTypeKeys.list(type),
    queryFn: async () =>
      DocTypeListSchema.parse(
        await getJson(
          type === null
            ? '/admin/document/doc-types'
            : `/admin/document/get-doc-types?type=${type}`,
        ),
      ).data,
  })
}

/** The document types' writes (POST creates, PUT updates, DELETE removes); each refreshes the lists. */
export function useDocTypeActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: docTypeKeys.all })
  return {
    create: useMutation({
      mutationFn: async (input: CreateDocType) =>
        DocTypeSavedSchema.parse(
          await sendJson('POST', '/admin/document/doc-types', CreateDocTypeSchema.parse(input)),
        ).data,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async (input: UpdateDocType) =>
        DocTypeSavedSchema.parse(
          await sendJson('PUT', '/admin/document/doc-types', UpdateDocTypeSchema.parse(input)),
        ).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => sendJson('DELETE', `/admin/document/doc-types?id=${id}`),
      onSuccess: refresh,
    }),
  }
}
