import { Button, Group, Loader, Stack, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isForbidden } from '../../../lib/api-client.ts'

/**
 * A widget's own loading and error states around its data: one widget failing never takes the
 * dashboard with it, and its retry button fetches only its own data again.
 */
export function WidgetQueryState<T>({
  query,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>
  isEmpty?: (data: T) => boolean
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('dashboards.widget.loading')}</Text>
      </Group>
    )
  }
  if (query.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text c="red.8">
          {isForbidden(query.error)
            ? t('dashboards.widget.forbidden')
            : t('dashboards.widget.error')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('dashboards.screen.retry')}
        </Button>
      </Stack>
    )
  }
  if (isEmpty?.(query.data)) return <Text c="dimmed">{t('dashboards.widget.empty')}</Text>
  return <>{children(query.data)}</>
}
