import { Alert, Anchor, List, Progress, Stack, Text } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { JobOutcomeSchema, type Job } from '@optika/domain/pim/grid-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useJob } from '../api/object-grid-api.ts'

interface JobProgressProps {
  jobId: string
  /** Accessible name of the progress bar. */
  label: string
  /** For an export: where its file downloads (offered as a link and fetched once automatically). */
  download?: { url: string } | undefined
  /** Called once when the job is done or failed. */
  onFinished?: ((job: Job) => void) | undefined
}

function fileNameOf(job: Job | undefined): string | undefined {
  const name = job?.result?.fileName
  return typeof name === 'string' ? name : undefined
}

/** A job's progress bar, polled until it ends; then its outcome (a download, counts, errors). */
export function JobProgress({ jobId, label, download, onFinished }: JobProgressProps) {
  const { t } = useTranslation()
  const job = useJob(jobId)
  const finishedFor = useRef<string | null>(null)
  const downloadedFor = useRef<string | null>(null)
  const data = job.data
  const finished = data?.status === 'done' || data?.status === 'failed'

  useEffect(() => {
    if (!data || !finished || finishedFor.current === jobId) return
    finishedFor.current = jobId
    onFinished?.(data)
    if (data.status === 'done' && download && downloadedFor.current !== jobId) {
      downloadedFor.current = jobId
      const link = document.createElement('a')
      link.href = download.url
      link.download = fileNameOf(data) ?? ''
      link.rel = 'noopener'
      document.body.append(link)
      link.click()
      link.remove()
    }
  }, [data, finished, jobId, download, onFinished])

  const percent = data?.percent ?? 0
  const outcome = data?.status === 'done' ? JobOutcomeSchema.safeParse(data.result ?? {}) : null
  return (
    <Stack gap="xs">
      <Progress
        value={percent}
        aria-label={label}
        size="lg"
        striped={!finished}
        animated={!finished}
      />
      <Text size="sm" role="status">
        {data?.status === 'done'
          ? t('adminPimGrid.job.done')
          : t('adminPimGrid.job.running', { done: data?.done ?? 0, total: data?.total ?? 0 })}
      </Text>
      <RequestErrorAlert error={job.error} />
      {data?.status === 'failed' && (
        <Alert color="red" role="alert">
          {data.error}
        </Alert>
      )}
      {data?.status === 'done' && download && (
        <Anchor href={download.url} download={fileNameOf(data) ?? ''}>
          {t('adminPimGrid.export.download')}
        </Anchor>
      )}
      {outcome?.success && !download && (
        <Stack gap={4}>
          <Text size="sm">
            {t('adminPimGrid.job.result', {
              created: outcome.data.created,
              updated: outcome.data.updated,
              failed: outcome.data.failed,
            })}
          </Text>
          {outcome.data.errors.length > 0 && (
            <List size="sm" aria-label={t('adminPimGrid.job.errors')}>
              {outcome.data.errors.slice(0, 100).map((error, index) => (
                <List.Item key={index}>
                  {error.row !== undefined
                    ? t('adminPimGrid.job.errorRow', {
                        row: error.row,
                        key: error.key ?? '',
                        message: error.message,
                      })
                    : t('adminPimGrid.job.errorObject', {
                        id: error.id ?? '',
                        message: error.message,
                      })}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
    </Stack>
  )
}
