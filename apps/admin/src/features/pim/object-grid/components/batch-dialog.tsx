import { Button, Modal, Select, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GridColumnInfo, GridSelection } from '@optika/domain/pim/grid-api'
import { startBatchUpdate } from '../api/object-grid-api.ts'
import { JobDialogFooter, useGridJob } from './job-dialog.tsx'
import { ValueInput } from './value-input.tsx'

interface BatchDialogProps {
  opened: boolean
  onClose: () => void
  available: readonly GridColumnInfo[]
  selection: GridSelection
  total: number
}

/** Sets one field to one value on every object of the grid's current selection, as a job. */
export function BatchDialog({ opened, onClose, available, selection, total }: BatchDialogProps) {
  const { t } = useTranslation()
  const editable = available.filter((c) => c.editable)
  const [field, setField] = useState<string | null>(null)
  const [value, setValue] = useState<unknown>(null)
  const column = editable.find((c) => c.key === field)
  const { jobId, start, reset } = useGridJob(() =>
    startBatchUpdate({ selection, field: field!, value, language: selection.language }),
  )
  const close = () => {
    reset()
    setField(null)
    setValue(null)
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title={t('adminPimGrid.batch.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('adminPimGrid.batch.scope', { count: total })}</Text>
        <Select
          label={t('adminPimGrid.batch.field')}
          data={editable.map((c) => ({ value: c.key, label: c.title }))}
          value={field}
          onChange={(next) => {
            setField(next)
            setValue(null)
          }}
          disabled={jobId !== null}
          searchable
        />
        {column && jobId === null && (
          <ValueInput
            column={column}
            label={t('adminPimGrid.batch.value')}
            value={value}
            onChange={setValue}
          />
        )}
        <JobDialogFooter
          jobId={jobId}
          error={start.error}
          progressLabel={t('adminPimGrid.batch.progress')}
          onClose={close}
          runButton={
            <Button
              disabled={!column || total === 0}
              loading={start.isPending}
              onClick={() => start.mutate()}
            >
              {t('adminPimGrid.batch.run')}
            </Button>
          }
        />
      </Stack>
    </Modal>
  )
}
