import { useTranslation } from 'react-i18next'
import type { Job } from '@optika/domain/pim/grid-api'
import { JobProgress } from '../../../../components/job-progress.tsx'
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
  return (
    <JobProgress
      jobId={jobId}
      label={label}
      job={useDocumentJob(jobId)}
      describe={(percent) => t('cmsAdminTree.job.progress', { label, percent })}
      onFinished={onFinished}
    />
  )
}
