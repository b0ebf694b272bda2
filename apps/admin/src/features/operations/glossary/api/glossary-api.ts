import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { GlossaryListSchema, type GlossaryTermInput } from '@optika/domain/operations/glossary'
import { sendJson } from '../../../../lib/api-client.ts'

const GRID_URL = '/admin/bundle/glossary/settings/glossary'

export const glossaryKeys = {
  all: ['admin', 'glossary'] as const,
  list: (filter: string) => ['admin', 'glossary', 'list', filter] as const,
}

/** The terms matching `filter` (term, link, abbreviation, acronym), alphabetically. */
export function useGlossaryTerms(filter: string) {
  return useQuery({
    queryKey: glossaryKeys.list(filter),
    queryFn: async () =>
      GlossaryListSchema.parse(
        await sendJson('POST', GRID_URL, { xaction: 'read', filter, sort: 'text', limit: 500 }),
      ),
    placeholderData: keepPreviousData,
  })
}

/** Create, update and destroy through Pimcore's one grid call; the list is read again after each. */
export function useGlossaryActions() {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: glossaryKeys.all })
  return {
    save: useMutation({
      mutationFn: async ({ id, input }: { id: number | null; input: GlossaryTermInput }) =>
        GlossaryListSchema.parse(
          await sendJson('POST', GRID_URL, {
            xaction: id === null ? 'create' : 'update',
            data: id === null ? input : { ...input, id },
          }),
        ).data[0]!,
      onSuccess: refresh,
    }),
    destroy: useMutation({
      mutationFn: async (id: number) =>
        GlossaryListSchema.parse(
          await sendJson('POST', GRID_URL, { xaction: 'destroy', data: { id } }),
        ),
      onSuccess: refresh,
    }),
  }
}
