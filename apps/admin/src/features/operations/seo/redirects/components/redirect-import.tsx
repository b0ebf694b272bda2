import { Alert, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../../components/request-error-alert.tsx'
import { importRedirects, RedirectApiError, redirectKeys } from '../api/redirects-api.ts'

/** Imports rules from a CSV file: all or nothing, with every refused line listed. */
export function RedirectImport({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={t('seoRedirects.import.title')} size="lg">
      {opened && <ImportForm onClose={onClose} />}
    </Modal>
  )
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const run = useMutation({
    mutationFn: (chosen: File) => importRedirects(chosen),
    onSuccess: async () => client.invalidateQueries({ queryKey: redirectKeys.all }),
  })
  const lines = run.error instanceof RedirectApiError ? run.error.details : []
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (file) run.mutate(file)
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('seoRedirects.import.hint')}</Text>
        <FileInput
          label={t('seoRedirects.import.file')}
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => {
            setFile(chosen)
            run.reset()
          }}
          clearable
          required
        />
        <RequestErrorAlert error={run.error} />
        {lines.length > 0 && (
          <List size="sm" spacing={4} aria-label={t('seoRedirects.import.title')}>
            {lines.map((line) => (
              <List.Item key={`${line.path}-${line.message}`}>
                {t('seoRedirects.import.line', { line: line.path, message: line.message })}
              </List.Item>
            ))}
          </List>
        )}
        {run.data && (
          <Alert color="green" role="status">
            {t('seoRedirects.import.done', {
              created: run.data.created,
              updated: run.data.updated,
            })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('seoRedirects.action.cancel')}
          </Button>
          <Button type="submit" loading={run.isPending} disabled={!file}>
            {t('seoRedirects.import.run')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
