import { Button, Checkbox, FileInput, Modal, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Locale } from '@optika/i18n/locales'
import { startImport } from '../api/object-grid-api.ts'
import { JobDialogFooter, useGridJob } from './job-dialog.tsx'

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
  const [file, setFile] = useState<File | null>(null)
  const [keyColumn, setKeyColumn] = useState('key')
  const [publish, setPublish] = useState(true)
  const { jobId, start, reset } = useGridJob(() =>
    startImport({ file: file!, folderId, classId, keyColumn, language, publish }),
  )
  const close = () => {
    reset()
    setFile(null)
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
          <JobDialogFooter
            jobId={jobId}
            error={start.error}
            progressLabel={t('adminPimGrid.import.progress')}
            onClose={close}
            runButton={
              <Button
                type="submit"
                loading={start.isPending}
                disabled={!file || keyColumn.trim() === ''}
              >
                {t('adminPimGrid.import.run')}
              </Button>
            }
          />
        </Stack>
      </form>
    </Modal>
  )
}
