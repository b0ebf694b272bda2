import { Progress, Stack, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

interface RunningJob {
  readonly status: string
  readonly percent: number
  readonly error?: string | null
}

interface JobProgressProps<J extends RunningJob> {
  jobId: string
  /** What the job does, e.g. "Copying “photos”": the bar's name. */
  label: string
  /** The job, polled until it ends. */
  job: UseQueryResult<J>
  /** The line under the bar while it runs. */
  describe: (percent: number) => string
  onFinished: (job: J) => void
}

/** A running job (a copy, a zip): its progress until it ends; then `onFinished` once. */
export function JobProgress<J extends RunningJob>({
  jobId,
  label,
  job,
  describe,
  onFinished,
}: JobProgressProps<J>) {
  const { t } = useTranslation()
  const reported = useRef<string | null>(null)
  const data = job.data
  const finished = data?.status === 'done' || data?.status === 'failed'
  useEffect(() => {
    if (!data || !finished || reported.current === jobId) return
    reported.current = jobId
    onFinished(data)
  }, [data, finished, jobId, onFinished])
  return (
    <Stack gap={4}>
      <Progress
        value={data?.percent ?? 0}
        aria-label={label}
        striped={!finished}
        animated={!finished}
      />
      <Text size="xs" role="status">
        {job.isError
          ? t('admin.form.requestFailed')
          : data?.status === 'failed'
            ? (data.error ?? t('admin.form.requestFailed'))
            : describe(data?.percent ?? 0)}
      </Text>
    </Stack>
  )
}
