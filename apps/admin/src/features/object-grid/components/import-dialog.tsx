import { Button, Checkbox, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Locale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { gridKeys, startImport } from '../api/object-grid-api.ts'
import { JobProgress } from './job-progress.tsx'

interface ImportDialogProps {
  opened: boolean
  onClose: () => void
  folderId: number
  classId: string
  language: Locale
}

/** Uploads a CSV that updates or creates objects of the class in the folder, then follows the job. */
export function ImportDialog({ opened, onClose, folderId, classId, language }: ImportDialogProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [keyColumn, setKeyColumn] = useState('key')
  const [publish, setPublish] = useState(true)
  const [jobId, setJobId] = useState<string | null>(null)
  const start = useMutation({
    mutationFn: () => startImport({ file: file!, folderId, classId, keyColumn, language, publish }),
    onSuccess: (id) => setJobId(id),
  })
  const close = () => {
    setJobId(null)
    setFile(null)
    start.reset()
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title={t('adminPimGrid.import.title')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (file) start.mutate()
        }}
      >
        <Stack gap="md">
          <FileInput
            label={t('adminPimGrid.import.file')}
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            required
            disabled={jobId !== null}
          />
          <TextInput
            label={t('adminPimGrid.import.keyColumn')}
            description={t('adminPimGrid.import.keyColumnHelp')}
            value={keyColumn}
            onChange={(event) => setKeyColumn(event.currentTarget.value)}
            required
            disabled={jobId !== null}
          />
          <Checkbox
            label={t('adminPimGrid.import.publish')}
            checked={publish}
            onChange={(event) => setPublish(event.currentTarget.checked)}
            disabled={jobId !== null}
          />
          <RequestErrorAlert error={start.error} />
          {jobId !== null && (
            <JobProgress
              jobId={jobId}
              label={t('adminPimGrid.import.progress')}
              onFinished={() => void queryClient.invalidateQueries({ queryKey: gridKeys.all })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('adminPimGrid.close')}
            </Button>
            {jobId === null && (
              <Button
                type="submit"
                loading={start.isPending}
                disabled={!file || keyColumn.trim() === ''}
              >
                {t('adminPimGrid.import.run')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
