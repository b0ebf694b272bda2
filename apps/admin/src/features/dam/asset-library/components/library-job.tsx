import { Progress, Stack, Text } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLibraryJob, type LibraryJob } from '../api/asset-library-api.ts'

interface LibraryJobProps {
  jobId: string
  /** What the job does, e.g. "Copying “photos”": the bar's name and the line under it. */
  label: string
  onFinished: (job: LibraryJob) => void
}

/** A running copy or zip job: its progress, polled until it ends; then `onFinished` once. */
export function LibraryJobProgress({ jobId, label, onFinished }: LibraryJobProps) {
  const { t } = useTranslation()
  const job = useLibraryJob(jobId)
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
            : t('assetLibrary.job.progress', { label, percent: data?.percent ?? 0 })}
      </Text>
    </Stack>
  )
}
