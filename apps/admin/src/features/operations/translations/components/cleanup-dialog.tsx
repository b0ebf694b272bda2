import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button, Group, List, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core'
import type { CleanupResult, TranslationDomain } from '@optika/domain/operations/translations'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { previewCleanup, runCleanup } from '../api/translations-api.ts'

interface CleanupDialogProps {
  opened: boolean
  domain: TranslationDomain
  onClose: () => void
  onDeleted: (count: number) => Promise<void>
}

/** Lists the unused keys with why, then deletes exactly those listed. */
export function CleanupDialog({ opened, domain, onClose, onDeleted }: CleanupDialogProps) {
  const { t } = useTranslation()
  const preview = useQuery({
    queryKey: ['admin', 'translations', 'cleanup', domain],
    queryFn: () => previewCleanup(domain),
    enabled: opened,
    gcTime: 0,
    staleTime: 0,
  })
  const candidates: CleanupResult['keys'] | null = preview.data?.keys ?? null
  const [deleteError, setError] = useState<unknown>(null)
  const error = deleteError ?? preview.error
  const [busy, setBusy] = useState(false)

  async function remove() {
    if (!candidates) return
    setBusy(true)
    try {
      const result = await runCleanup(
        domain,
        candidates.map((c) => c.key),
      )
      onClose()
      await onDeleted(result.keys.length)
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('adminTranslations.cleanup.title')}>
      <Stack gap="sm">
        <RequestErrorAlert error={error} />
        {candidates === null && !error ? (
          <Loader size="sm" role="status" aria-label={t('adminTranslations.cleanup.title')} />
        ) : null}
        {candidates?.length === 0 ? <Text>{t('adminTranslations.cleanup.none')}</Text> : null}
        {candidates && candidates.length > 0 ? (
          <ScrollArea.Autosize mah={320}>
            <List size="sm">
              {candidates.map((c) => (
                <List.Item key={c.key}>
                  <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {c.key}
                  </Text>{' '}
                  <Text span c="dimmed">
                    (
                    {t(
                      c.reason === 'empty'
                        ? 'adminTranslations.cleanup.reason.empty'
                        : 'adminTranslations.cleanup.reason.notInCatalogue',
                    )}
                    )
                  </Text>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('adminTranslations.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!candidates || candidates.length === 0}
            loading={busy}
            onClick={() => void remove()}
          >
            {t('adminTranslations.cleanup.delete', { count: candidates?.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
