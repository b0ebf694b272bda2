import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DocumentType } from '@optika/domain/cms/document-api'
import { SavedDocumentSchema, type SaveDocumentTask } from '@optika/domain/cms/document-save-api'
import { sendJson } from '../../../../lib/api-client.ts'
import { documentKeys } from './documents-api.ts'

/**
 * PUT {type}/save with only `settings`: what the link and hardlink forms save (their documents
 * have no editables); `publish` also publishes, `unpublish` takes the document offline.
 */
export async function saveDocumentSettings(input: {
  id: number
  type: DocumentType
  task: SaveDocumentTask
  settings: Record<string, unknown>
}) {
  return SavedDocumentSchema.parse(
    await sendJson('PUT', `/admin/${input.type}/save`, {
      id: input.id,
      task: input.task,
      data: { settings: input.settings },
    }),
  )
}

export function useSaveDocumentSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveDocumentSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  })
}
