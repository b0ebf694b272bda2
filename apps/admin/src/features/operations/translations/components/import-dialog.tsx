import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core'
import type { ImportPreview } from '@optika/domain/operations/translations'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { applyImport, uploadImport } from '../api/translations-api.ts'

interface ImportDialogProps {
  opened: boolean
  onClose: () => void
  onApplied: (written: number) => Promise<void>
}

/** Import in two steps: the file's preview (counts and a diff), then apply — all or merge only. */
export function ImportDialog({ opened, onClose, onApplied }: ImportDialogProps) {
  const { t } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [merge, setMerge] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  function close() {
    setFile(null)
    setPreview(null)
    setMerge(false)
    setError(null)
    onClose()
  }

  async function run<T>(step: () => Promise<T>): Promise<T | undefined> {
    setBusy(true)
    setError(null)
    try {
      return await step()
    } catch (caught) {
      setError(caught)
      return undefined
    } finally {
      setBusy(false)
    }
  }

  const changes = preview ? preview.added + preview.changed : 0

  return (
    <Modal opened={opened} onClose={close} title={t('adminTranslations.import.title')} size="xl">
      <Stack gap="sm">
        <FileInput
          label={t('adminTranslations.import.file')}
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(next) => {
            setFile(next)
            setPreview(null)
          }}
          clearable
        />
        <Group>
          <Button
            variant="default"
            disabled={!file}
            loading={busy && !preview}
            onClick={() =>
              void run(async () => {
                if (file) setPreview(await uploadImport(file))
              })
            }
          >
            {t('adminTranslations.import.preview')}
          </Button>
        </Group>
        <RequestErrorAlert error={error} />
        {preview ? (
          <>
            <Text role="status">
              {t('adminTranslations.import.summary', {
                rows: preview.rows,
                format: preview.format.toUpperCase(),
                encoding: preview.encoding,
                added: preview.added,
                changed: preview.changed,
                unchanged: preview.unchanged,
              })}
            </Text>
            {changes === 0 ? <Text>{t('adminTranslations.import.nothing')}</Text> : null}
            {preview.changes.length > 0 ? (
              <Table.ScrollContainer minWidth={560} mah={320}>
                <Table striped verticalSpacing={4} aria-label={t('adminTranslations.import.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('adminTranslations.column.key')}</Table.Th>
                      <Table.Th scope="col">{t('adminTranslations.import.language')}</Table.Th>
                      <Table.Th scope="col">{t('adminTranslations.import.before')}</Table.Th>
                      <Table.Th scope="col">{t('adminTranslations.import.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.changes.map((change) => (
                      <Table.Tr key={`${change.key}:${change.locale}`}>
                        <Table.Td style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                          {change.key}
                        </Table.Td>
                        <Table.Td>{change.locale.toUpperCase()}</Table.Td>
                        <Table.Td lang={change.locale}>
                          <Text component="del" size="sm" c="red.9">
                            {change.before ?? ''}
                          </Text>
                        </Table.Td>
                        <Table.Td lang={change.locale}>
                          <Text component="ins" size="sm" c="green.9">
                            {change.after}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
            <Checkbox
              label={t('adminTranslations.import.merge', { count: preview.mergeable })}
              checked={merge}
              onChange={(event) => setMerge(event.currentTarget.checked)}
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('adminTranslations.cancel')}
          </Button>
          <Button
            disabled={!preview || changes === 0}
            loading={busy && preview !== null}
            onClick={() =>
              void run(async () => {
                if (!preview) return
                const result = await applyImport(preview.importId, merge)
                close()
                await onApplied(result.written)
              })
            }
          >
            {t('adminTranslations.import.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
