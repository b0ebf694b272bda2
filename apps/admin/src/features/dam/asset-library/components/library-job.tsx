import { useTranslation } from 'react-i18next'
import { JobProgress } from '../../../../components/job-progress.tsx'
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
  return (
    <JobProgress
      jobId={jobId}
      label={label}
      job={useLibraryJob(jobId)}
      describe={(percent) => t('assetLibrary.job.progress', { label, percent })}
      onFinished={onFinished}
    />
  )
}
