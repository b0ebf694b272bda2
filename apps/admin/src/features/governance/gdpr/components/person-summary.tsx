import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PERSONAL_DATA_SECTIONS } from '@optika/domain/operations/gdpr'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { customerExportUrl, useGdprSummary } from '../api/gdpr-api.ts'
import { AnonymizeDialog } from './anonymize-dialog.tsx'

/**
 * What the shop holds about one customer or partner — section by section with counts — and
 * what staff can do with it: download everything as JSON or PDF, or anonymize the person.
 */
export function PersonSummary({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const format = useFormats()
  const number = new Intl.NumberFormat(i18n.language)
  const summary = useGdprSummary(id)
  const [anonymizing, setAnonymizing] = useState(false)
  const [done, setDone] = useState<number | null>(null)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="gdpr-person-title">
      {summary.isPending && <ScreenLoader />}
      <RequestErrorAlert error={summary.error} />
      {summary.isSuccess && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Title order={2} size="h3" id="gdpr-person-title">
                {summary.data.name || summary.data.email}
              </Title>
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">{t(`gdpr.kind.${summary.data.kind}`)}</Badge>
                {summary.data.anonymizedAt !== null && (
                  <Badge color="gray">{t('gdpr.screen.anonymizedBadge')}</Badge>
                )}
              </Group>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {summary.data.email}
              </Text>
              <Text size="sm">
                {t('gdpr.summary.clientNumber')}: {summary.data.clientNumber}
              </Text>
              <Text size="sm" c="dimmed">
                {t('gdpr.summary.since')}: {format.dateTime(summary.data.createdAt)}
              </Text>
              {summary.data.anonymizedAt !== null && (
                <Text size="sm" c="dimmed">
                  {t('gdpr.summary.anonymizedAt', {
                    date: format.dateTime(summary.data.anonymizedAt),
                  })}
                </Text>
              )}
            </Stack>
            <Button variant="subtle" onClick={onClose}>
              {t('gdpr.summary.close')}
            </Button>
          </Group>
          {done !== null && (
            <Alert color="green" role="status">
              {t('gdpr.anonymize.done', { orders: done })}
            </Alert>
          )}
          <Table withTableBorder striped aria-label={t('gdpr.summary.title')}>
            <Table.Caption>{t('gdpr.summary.title')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('gdpr.summary.section')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('gdpr.summary.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PERSONAL_DATA_SECTIONS.map((section) => (
                <Table.Tr key={section}>
                  <Table.Td>{t(`gdpr.section.${section}`)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {number.format(summary.data.counts[section] ?? 0)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group gap="sm" wrap="wrap">
            <Button component="a" href={customerExportUrl(id, 'json')} download>
              {t('gdpr.screen.downloadJson')}
            </Button>
            <Button component="a" href={customerExportUrl(id, 'pdf')} download variant="default">
              {t('gdpr.screen.downloadPdf')}
            </Button>
            {summary.data.anonymizedAt === null && (
              <Button color="red" variant="outline" onClick={() => setAnonymizing(true)}>
                {t('gdpr.screen.anonymizeButton')}
              </Button>
            )}
          </Group>
          <AnonymizeDialog
            opened={anonymizing}
            person={summary.data}
            onClose={() => setAnonymizing(false)}
            onDone={(orders) => {
              setAnonymizing(false)
              setDone(orders)
            }}
          />
        </Stack>
      )}
    </Paper>
  )
}
