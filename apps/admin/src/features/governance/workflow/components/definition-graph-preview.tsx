import { Alert, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { previewWorkflowGraph } from '../api/workflow-api.ts'
import type { WorkflowDraft } from '../model/definition-draft.ts'
import { useDataText } from './use-data-text.ts'

/**
 * The server's drawing of the definition as it is being edited (places and transitions), shown
 * beside the editor. A draft the server cannot draw yet (e.g. a transition to no place) keeps
 * the last good drawing and says so.
 */
export function DefinitionGraphPreview({ draft }: { draft: WorkflowDraft }) {
  const { t } = useTranslation()
  const dataText = useDataText()
  const [settled] = useDebouncedValue(draft, 600)
  const graph = useQuery({
    queryKey: ['admin', 'workflows', 'preview-graph', JSON.stringify(settled)],
    queryFn: () => previewWorkflowGraph(settled),
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  })
  const url = graph.data
  useEffect(() => () => (url === undefined ? undefined : URL.revokeObjectURL(url)), [url])
  const label = draft.label === '' ? draft.name : dataText(draft.label)
  return (
    <Stack gap="xs" component="section" aria-labelledby="workflow-graph-preview-title">
      <Title order={2} size="h5" id="workflow-graph-preview-title">
        {t('workflow.screen.graph.title')}
      </Title>
      {graph.isError && <Alert color="yellow">{t('workflow.screen.graph.notDrawable')}</Alert>}
      {url !== undefined ? (
        <div
          style={{
            overflow: 'auto',
            maxWidth: '100%',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            background: 'white',
          }}
        >
          <img
            src={url}
            alt={t('workflow.screen.graph.alt', {
              workflow: label,
              places: draft.places.map((place) => dataText(place.label) || place.name).join(', '),
            })}
            style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
          />
        </div>
      ) : (
        !graph.isError && (
          <Text size="sm" c="dimmed">
            {t('workflow.screen.graph.loading')}
          </Text>
        )
      )}
    </Stack>
  )
}
