import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  TranslationLanguageSchema,
  TranslationLinksSchema,
  TranslationParentSchema,
} from '@optika/domain/cms/document-sites-api'
import type { Locale } from '@optika/i18n/locales'
import { getJson, sendJson } from '../../../../lib/api-client.ts'
import { documentKeys } from './documents-api.ts'

/** GET translation-determine-parent: where a new translation into `language` belongs. */
export async function determineTranslationParent(id: number, language: Locale) {
  return TranslationParentSchema.parse(
    await getJson(`/admin/document/translation-determine-parent?id=${id}&language=${language}`),
  )
}

/** GET translation-check-language: the language of the document at `path` and its links. */
export async function checkTranslationLanguage(path: string) {
  return TranslationLanguageSchema.parse(
    await getJson(`/admin/document/translation-check-language?path=${encodeURIComponent(path)}`),
  )
}

/** POST translation-add: links `targetPath` into the translations of `sourceId`. */
export async function addTranslation(input: {
  sourceId: number
  targetId?: number
  targetPath?: string
}) {
  return TranslationLinksSchema.parse(
    await sendJson('POST', '/admin/document/translation-add', input),
  )
}

/** DELETE translation-remove: unlinks `targetId` from the translations of `sourceId`. */
export async function removeTranslation(input: { sourceId: number; targetId: number }) {
  return TranslationLinksSchema.parse(
    await sendJson(
      'DELETE',
      `/admin/document/translation-remove?sourceId=${input.sourceId}&targetId=${input.targetId}`,
    ),
  )
}

/** The translation writes; each refreshes the documents (their `translations` change). */
export function useTranslationActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all })
  return {
    refresh,
    add: useMutation({ mutationFn: addTranslation, onSuccess: refresh }),
    remove: useMutation({ mutationFn: removeTranslation, onSuccess: refresh }),
  }
}
