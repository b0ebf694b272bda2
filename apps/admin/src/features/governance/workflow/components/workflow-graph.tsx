import { Anchor, Box, List, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { WorkflowGraph as Graph } from '@optika/domain/elements/workflow'

/**
 * The server-drawn SVG of places and transitions, as an image (so nothing in it runs), with the
 * same graph as text beside it: the places (current ones marked) and each transition's way.
 */
export function WorkflowGraph({ src, graph, label }: { src: string; graph: Graph; label: string }) {
  const { t } = useTranslation()
  const descriptionId = useId()
  const labelOf = (name: string) => graph.places.find((place) => place.name === name)?.label ?? name
  return (
    <Stack gap="xs">
      <Box
        style={{
          overflowX: 'auto',
          maxWidth: '100%',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'white',
        }}
      >
        <img
          src={src}
          alt={t('workflow.panel.graph.alt', { workflow: label })}
          aria-describedby={descriptionId}
          style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
        />
      </Box>
      <Anchor href={src} target="_blank" rel="noopener" size="sm">
        {t('workflow.panel.graph.open')}
      </Anchor>
      <div id={descriptionId}>
        <Text size="sm" fw={600}>
          {t('workflow.panel.graph.placesTitle')}
        </Text>
        <List size="sm">
          {graph.places.map((place) => (
            <List.Item key={place.name}>
              {place.current
                ? t('workflow.panel.graph.currentPlace', { place: place.label })
                : place.label}
            </List.Item>
          ))}
        </List>
        {graph.transitions.length > 0 && (
          <>
            <Text size="sm" fw={600} mt="xs">
              {t('workflow.panel.graph.transitionsTitle')}
            </Text>
            <List size="sm">
              {graph.transitions.map((transition) => (
                <List.Item key={transition.name}>
                  {t('workflow.panel.graph.transitionWay', {
                    transition: transition.label,
                    from: transition.from.map(labelOf).join(' + '),
                    to: transition.to.map(labelOf).join(' + '),
                  })}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </div>
    </Stack>
  )
}
