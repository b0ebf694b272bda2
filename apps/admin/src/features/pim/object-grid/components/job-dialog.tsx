import { Button, Group } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { gridKeys } from '../api/object-grid-api.ts'
import { JobProgress } from './job-progress.tsx'

/** Starts a grid job and remembers its id until the dialog is reset. */
export function useGridJob(start: () => Promise<string>) {
  const [jobId, setJobId] = useState<string | null>(null)
  const starting = useMutation({ mutationFn: start, onSuccess: (id) => setJobId(id) })
  const reset = () => {
    setJobId(null)
    starting.reset()
  }
  return { jobId, start: starting, reset }
}

interface JobDialogFooterProps {
  jobId: string | null
  /** The error of starting the job. */
  error: unknown
  /** Accessible name of the job's progress bar. */
  progressLabel: string
  onClose: () => void
  /** The button that starts the job, shown until it has started. */
  runButton: ReactNode
}

/**
 * The end of a dialog that runs a grid job: the start error, the job's progress (the grid is
 * refreshed when it ends), and the close and run buttons.
 */
export function JobDialogFooter({
  jobId,
  error,
  progressLabel,
  onClose,
  runButton,
}: JobDialogFooterProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return (
    <>
      <RequestErrorAlert error={error} />
      {jobId !== null && (
        <JobProgress
          jobId={jobId}
          label={progressLabel}
          onFinished={() => void queryClient.invalidateQueries({ queryKey: gridKeys.all })}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('adminPimGrid.close')}
        </Button>
        {jobId === null && runButton}
      </Group>
    </>
  )
}
