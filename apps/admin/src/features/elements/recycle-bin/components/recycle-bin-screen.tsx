import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ElementType, RecycleBinEntry } from '@optika/domain/pim/element-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { TablePager } from '../../../../components/table-pager.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import {
  RECYCLE_BIN_PAGE_SIZE,
  flushFromBin,
  recycleBinKeys,
  restoreFromBin,
  useRecycleBin,
} from '../api/recycle-bin-api.ts'

const TYPE_FILTERS = ['all', 'asset', 'object'] as const
type TypeFilter = (typeof TYPE_FILTERS)[number]

/** Where a restored element opens in the back office. */
function addressOf(type: ElementType, id: number): string | null {
  if (type === 'asset') return `/assets/${id}`
  if (type === 'object') return `/data-objects/${id}`
  if (type === 'document') return `/documents/${id}`
  return null
}

/** /admin/recycle-bin — deleted objects and assets (with their subtrees): restore or delete for good. */
export function RecycleBinScreen() {
  const { t } = useTranslation()
  const formats = useFormats()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [text, setText] = useState('')
  const [debounced] = useDebouncedValue(text, 300)
  const [filter, setFilter] = useState<TypeFilter>('all')
  const [flushing, setFlushing] = useState<RecycleBinEntry | null>(null)
  const bin = useRecycleBin(page, debounced, filter === 'all' ? null : filter)
  const refresh = async () => {
    // Restoring changes the trees too: objects and assets refetch what they show.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: recycleBinKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'assets'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'objects'] }),
    ])
  }
  const restore = useMutation({ mutationFn: restoreFromBin, onSuccess: refresh })
  const flush = useMutation({
    mutationFn: flushFromBin,
    onSuccess: async () => {
      setFlushing(null)
      await refresh()
    },
  })
  const restored = restore.data
  const restoredAddress =
    restored === undefined ? null : addressOf(restored.elementType, restored.elementId)
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.recycleBin')}
        description={t('assetEditor.recycleBin.description')}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              label={t('assetEditor.recycleBin.search')}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value)
                setPage(1)
              }}
            />
            <SegmentedControl
              aria-label={t('assetEditor.recycleBin.typeFilter')}
              value={filter}
              onChange={(value) => {
                setFilter(value)
                setPage(1)
              }}
              data={TYPE_FILTERS.map((value) => ({
                value,
                label: t(`assetEditor.recycleBin.type.${value}`),
              }))}
            />
          </Group>
          <RequestErrorAlert error={bin.error ?? restore.error} />
          {restored !== undefined && (
            <Alert color="green" role="status">
              <Group gap="xs">
                <Text size="sm">
                  {t('assetEditor.recycleBin.restored', { count: restored.amount })}
                </Text>
                {restoredAddress !== null && (
                  <Anchor component={Link} to={restoredAddress} size="sm">
                    {t('assetEditor.recycleBin.open')}
                  </Anchor>
                )}
              </Group>
            </Alert>
          )}
          {bin.isPending ? (
            <ScreenLoader />
          ) : bin.data?.items.length === 0 ? (
            <Text c="dimmed">{t('assetEditor.recycleBin.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label={t('admin.nav.recycleBin')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('assetEditor.recycleBin.path')}</Table.Th>
                    <Table.Th>{t('assetEditor.recycleBin.kind')}</Table.Th>
                    <Table.Th>{t('assetEditor.recycleBin.amount')}</Table.Th>
                    <Table.Th>{t('assetEditor.recycleBin.deleted')}</Table.Th>
                    <Table.Th>{t('admin.common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(bin.data?.items ?? []).map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{entry.path}</Table.Td>
                      <Table.Td>
                        {t(
                          `assetEditor.recycleBin.type.${entry.elementType === 'asset' || entry.elementType === 'object' ? entry.elementType : 'all'}`,
                        )}{' '}
                        ({entry.subtype})
                      </Table.Td>
                      <Table.Td>{entry.amount}</Table.Td>
                      <Table.Td>
                        {formats.dateTime(entry.deletedAt)}
                        {entry.deletedByName === null ? '' : ` · ${entry.deletedByName}`}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="light"
                            loading={restore.isPending && restore.variables === entry.id}
                            aria-label={t('assetEditor.recycleBin.restore', { path: entry.path })}
                            onClick={() => restore.mutate(entry.id)}
                          >
                            {t('assetEditor.recycleBin.restoreShort')}
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            aria-label={t('assetEditor.recycleBin.flush', { path: entry.path })}
                            onClick={() => setFlushing(entry)}
                          >
                            {t('admin.common.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <TablePager
            total={bin.data?.total ?? 0}
            pageSize={RECYCLE_BIN_PAGE_SIZE}
            page={page}
            onChange={setPage}
          />
        </Stack>
      </Paper>
      <Modal
        opened={flushing !== null}
        onClose={() => setFlushing(null)}
        title={t('assetEditor.recycleBin.flushTitle')}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('assetEditor.recycleBin.flushConfirm', {
              path: flushing?.path ?? '',
              count: flushing?.amount ?? 0,
            })}
          </Text>
          <RequestErrorAlert error={flush.error} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setFlushing(null)}>
              {t('admin.common.cancel')}
            </Button>
            <Button
              color="red"
              loading={flush.isPending}
              onClick={() => flushing !== null && flush.mutate(flushing.id)}
            >
              {t('admin.common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
