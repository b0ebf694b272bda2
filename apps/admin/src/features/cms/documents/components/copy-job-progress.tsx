import { Progress, Stack, Text } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Job } from '@optika/domain/pim/grid-api'
import { useDocumentJob } from '../api/documents-api.ts'

interface CopyJobProgressProps {
  jobId: string
  /** What the job does, e.g. "Copying “terms”": the bar's name and the line under it. */
  label: string
  onFinished: (job: Job) => void
}

/** A running copy: its progress, polled until it ends; then `onFinished` once. */
export function CopyJobProgress({ jobId, label, onFinished }: CopyJobProgressProps) {
  const { t } = useTranslation()
  const job = useDocumentJob(jobId)
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
            : t('cmsAdminTree.job.progress', { label, percent: data?.percent ?? 0 })}
      </Text>
    </Stack>
  )
}
