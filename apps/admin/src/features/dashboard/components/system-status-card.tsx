import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useReadiness, type DatabaseEngine, type ReadinessState } from '../api/get-readiness.ts'

const ENGINE_LABEL_KEYS = {
  pglite: 'admin.status.engine.pglite',
  postgres: 'admin.status.engine.postgres',
  unknown: 'admin.status.engine.unknown',
} as const satisfies Record<DatabaseEngine, string>

/** Whether the application and its database engine are up, from the server's readiness probe. */
export function SystemStatusCard() {
  const { t } = useTranslation()
  const titleId = 'system-status-title'
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      w="100%"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('admin.status.title')}
        </Title>
        <SystemStatusContent />
      </Stack>
    </Card>
  )
}

/** The application's and the database's state (the card's content, and the status widget's). */
export function SystemStatusContent() {
  const { t, i18n } = useTranslation()
  const readiness = useReadiness()
  return (
    <>
      {readiness.isPending && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('admin.status.loading')}</Text>
        </Group>
      )}
      {readiness.isError && (
        <Stack gap="sm" align="flex-start">
          <Text c="red.8">{t('admin.status.error')}</Text>
          <Button size="xs" variant="light" onClick={() => void readiness.refetch()}>
            {t('admin.status.retry')}
          </Button>
        </Stack>
      )}
      {readiness.isSuccess && (
        <Stack gap="sm">
          <StatusRow label={t('admin.status.application')} state={readiness.data.state} />
          <StatusRow
            label={t('admin.status.database')}
            detail={t(ENGINE_LABEL_KEYS[readiness.data.database.engine])}
            state={readiness.data.database.state}
          />
          <Text size="xs" c="dimmed">
            {t('admin.status.checkedAt', {
              time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(
                readiness.dataUpdatedAt,
              ),
            })}
          </Text>
        </Stack>
      )}
    </>
  )
}

function StatusRow({
  label,
  detail,
  state,
}: {
  label: string
  detail?: string
  state: ReadinessState
}) {
  const { t } = useTranslation()
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <div>
        <Text fw={500}>{label}</Text>
        {detail !== undefined && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
      </div>
      <Badge
        color={state === 'ready' ? 'green' : 'red'}
        variant="dot"
        size="lg"
        style={{ flexShrink: 0 }}
      >
        {state === 'ready' ? t('admin.status.ready') : t('admin.status.notReady')}
      </Badge>
    </Group>
  )
}
