import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GridColumnInfo, GridSelection } from '@optika/domain/pim/grid-api'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { gridKeys, startBatchUpdate } from '../api/object-grid-api.ts'
import { JobProgress } from './job-progress.tsx'
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
  const queryClient = useQueryClient()
  const editable = available.filter((c) => c.editable)
  const [field, setField] = useState<string | null>(null)
  const [value, setValue] = useState<unknown>(null)
  const [jobId, setJobId] = useState<string | null>(null)
  const column = editable.find((c) => c.key === field)
  const start = useMutation({
    mutationFn: () =>
      startBatchUpdate({ selection, field: field!, value, language: selection.language }),
    onSuccess: (id) => setJobId(id),
  })
  const close = () => {
    setJobId(null)
    setField(null)
    setValue(null)
    start.reset()
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
        <RequestErrorAlert error={start.error} />
        {jobId !== null && (
          <JobProgress
            jobId={jobId}
            label={t('adminPimGrid.batch.progress')}
            onFinished={() => void queryClient.invalidateQueries({ queryKey: gridKeys.all })}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('adminPimGrid.close')}
          </Button>
          {jobId === null && (
            <Button
              disabled={!column || total === 0}
              loading={start.isPending}
              onClick={() => start.mutate()}
            >
              {t('adminPimGrid.batch.run')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  )
}
