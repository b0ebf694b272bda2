import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../model/format-bytes.ts'
import { itemPercent, uploadTotals, type UploadItem } from '../model/upload-queue.ts'

/** The upload batch: a bar for every file and one for the whole, with what failed and why. */
export function UploadProgress({
  items,
  onClear,
}: {
  items: readonly UploadItem[]
  onClear: () => void
}) {
  const { t, i18n } = useTranslation()
  if (items.length === 0) return null
  const totals = uploadTotals(items)
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="asset-uploads-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} id="asset-uploads-title">
            {t('assetLibrary.upload.title')}
          </Text>
          {totals.finished && (
            <Button size="compact-xs" variant="subtle" onClick={onClear}>
              {t('assetLibrary.upload.clear')}
            </Button>
          )}
        </Group>
        <Progress
          value={totals.percent}
          size="lg"
          aria-label={t('assetLibrary.upload.total')}
          striped={!totals.finished}
          animated={!totals.finished}
        />
        <Text size="sm" role="status" data-testid="upload-total">
          {t('assetLibrary.upload.summary', {
            done: totals.done,
            files: totals.files,
            percent: totals.percent,
          })}
          {totals.failed > 0 &&
            ` ${t('assetLibrary.upload.failedCount', { failed: totals.failed })}`}
        </Text>
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => {
            const percent = itemPercent(item)
            const name = item.dir === '' ? item.name : `${item.dir}/${item.name}`
            return (
              <li key={item.id} data-upload={item.name}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" truncate style={{ minWidth: 0, flex: 1 }}>
                    {name}
                  </Text>
                  <Text
                    size="xs"
                    c={item.status === 'failed' ? 'red' : 'dimmed'}
                    style={{ flex: 'none' }}
                  >
                    {item.status === 'done'
                      ? t('assetLibrary.upload.done')
                      : item.status === 'failed'
                        ? t('assetLibrary.upload.failed')
                        : item.status === 'queued'
                          ? t('assetLibrary.upload.queued')
                          : `${percent} % · ${formatBytes(item.size, i18n.language)}`}
                  </Text>
                </Group>
                <Progress
                  value={item.status === 'failed' ? 100 : percent}
                  color={
                    item.status === 'failed' ? 'red' : item.status === 'done' ? 'teal' : undefined
                  }
                  size="sm"
                  aria-label={t('assetLibrary.upload.fileProgress', { name })}
                />
                {item.error !== null && (
                  <Text size="xs" c="red" role="alert">
                    {item.error}
                  </Text>
                )}
              </li>
            )
          })}
        </Stack>
      </Stack>
    </Paper>
  )
}
