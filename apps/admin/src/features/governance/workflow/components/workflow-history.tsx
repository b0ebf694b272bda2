import { Group, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { WorkflowElementWorkflow } from '@optika/domain/elements/workflow'
import { useFormats } from '../../../../components/use-formats.ts'
import { PlaceBadge } from './place-badge.tsx'

/** Who moved the element where, when, and with what note — newest first. */
export function WorkflowHistory({ workflow }: { workflow: WorkflowElementWorkflow }) {
  const { t } = useTranslation()
  const { dateTime } = useFormats()
  const placeOf = (name: string) =>
    workflow.graph.places.find((place) => place.name === name) ?? {
      label: name,
      color: '#868e96',
    }
  if (workflow.history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('workflow.panel.history.empty')}
      </Text>
    )
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table
        striped
        withTableBorder
        aria-label={t('workflow.panel.history.title', { workflow: workflow.label })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('workflow.panel.history.when')}</Table.Th>
            <Table.Th>{t('workflow.panel.history.who')}</Table.Th>
            <Table.Th>{t('workflow.panel.history.action')}</Table.Th>
            <Table.Th>{t('workflow.panel.history.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workflow.history.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(entry.date)}</Table.Td>
              <Table.Td>{entry.userName ?? t('workflow.panel.history.system')}</Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {entry.transitionLabel}
                  </Text>
                  {entry.to.length > 0 && (
                    <Group gap={4} aria-label={t('workflow.panel.history.to')}>
                      {entry.to.map((name) => (
                        <PlaceBadge key={name} place={placeOf(name)} size="sm" />
                      ))}
                    </Group>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {entry.note !== null && entry.note !== '' ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {entry.note}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                  {Object.entries(entry.additional).map(([name, value]) => (
                    <Text key={name} size="xs" c="dimmed">
                      {name}: {String(value)}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
