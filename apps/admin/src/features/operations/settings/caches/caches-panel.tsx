import { Button, Group, Stack, Table, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CacheState } from '@optika/domain/operations/system-settings'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { clearCaches, settingsKeys, useCaches } from '../api/settings-api.ts'

/** '1.2 MB', '0 B': a size as a person reads it, in the back office's language. */
function useFormatBytes() {
  const { i18n } = useTranslation()
  return (bytes: number) => {
    const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const
    let value = bytes
    let unit = 0
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024
      unit += 1
    }
    return new Intl.NumberFormat(i18n.language, {
      style: 'unit',
      unit: units[unit],
      unitDisplay: 'short',
      maximumFractionDigits: unit === 0 ? 0 : 1,
    }).format(value)
  }
}

/** The shop's caches with their sizes now; each cleared on its own, or all data caches at once. */
export function CachesPanel() {
  const { t, i18n } = useTranslation()
  const formatBytes = useFormatBytes()
  const caches = useCaches()
  const queryClient = useQueryClient()
  const [message, setMessage] = useState('')
  const clear = useMutation({
    mutationFn: clearCaches,
    onMutate: () => setMessage(''),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.caches })
      setMessage(
        t('systemSettings.caches.cleared', {
          names: answer.cleared.map(({ id }) => t(`systemSettings.cache.${id}`)).join(', '),
        }),
      )
    },
  })
  const count = new Intl.NumberFormat(i18n.language)
  const size = (state: CacheState) =>
    state.bytes === null ? t('systemSettings.caches.sizeUnknown') : formatBytes(state.bytes)
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('systemSettings.caches.intro')}
      </Text>
      {caches.isPending && <ScreenLoader />}
      <RequestErrorAlert error={caches.error ?? clear.error} />
      {caches.isSuccess && (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder striped aria-label={t('systemSettings.tab.caches')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('systemSettings.caches.name')}</Table.Th>
                <Table.Th ta="right">{t('systemSettings.caches.entries')}</Table.Th>
                <Table.Th ta="right">{t('systemSettings.caches.size')}</Table.Th>
                <Table.Th>{t('systemSettings.caches.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {caches.data.map((cache) => (
                <Table.Tr key={cache.id} data-testid={`cache-${cache.id}`}>
                  <Table.Th scope="row">
                    <Text size="sm" fw={600}>
                      {t(`systemSettings.cache.${cache.id}`)}
                    </Text>
                    <Text size="xs" c="dimmed" fw={400}>
                      {t(`systemSettings.cacheInfo.${cache.id}`)}
                    </Text>
                  </Table.Th>
                  <Table.Td ta="right" data-testid="cache-entries">
                    {count.format(cache.entries)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="cache-size">
                    {size(cache)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      loading={
                        clear.isPending &&
                        clear.variables !== 'all' &&
                        clear.variables[0] === cache.id
                      }
                      disabled={clear.isPending}
                      onClick={() => clear.mutate([cache.id])}
                      aria-label={t('systemSettings.caches.clearOne', {
                        name: t(`systemSettings.cache.${cache.id}`),
                      })}
                    >
                      {t('systemSettings.caches.clear')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button
          color="red"
          loading={clear.isPending && clear.variables === 'all'}
          disabled={clear.isPending}
          onClick={() => clear.mutate('all')}
        >
          {t('systemSettings.caches.clearAll')}
        </Button>
        <Button
          variant="default"
          onClick={() => void caches.refetch()}
          disabled={caches.isFetching}
        >
          {t('systemSettings.caches.refresh')}
        </Button>
        <Text size="sm" role="status" c="teal.9">
          {message}
        </Text>
      </Group>
    </Stack>
  )
}
