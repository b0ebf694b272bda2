import type { Db } from '../../platform/db/client.ts'
import type { FinishedJob } from '../../platform/jobs/job-finished.ts'
import { sendNotification } from './send-notification.ts'

/** The catalogue key naming each kind of tracked job the owner may be told about. */
const JOB_KINDS: Readonly<Record<string, string>> = {
  'export-csv': 'notifications.jobKind.objectExport',
  'export-xlsx': 'notifications.jobKind.objectExport',
  'asset-export-csv': 'notifications.jobKind.assetExport',
  'asset-export-xlsx': 'notifications.jobKind.assetExport',
  'asset.export-zip': 'notifications.jobKind.zipExport',
  'asset.import-zip': 'notifications.jobKind.zipImport',
  'csv-import': 'notifications.jobKind.objectImport',
  'batch-update': 'notifications.jobKind.batchUpdate',
  'asset-batch-metadata': 'notifications.jobKind.batchUpdate',
  'document.copy': 'notifications.jobKind.documentCopy',
  'asset.copy': 'notifications.jobKind.assetCopy',
  'contentExport.xliff': 'notifications.jobKind.contentExport',
  'contentExport.word': 'notifications.jobKind.contentExport',
}

/** Where a finished job's result is downloaded, for the kinds that leave one file. */
function resultLink(job: FinishedJob): string | null {
  const jobId = encodeURIComponent(job.id)
  switch (job.type) {
    case 'export-csv':
    case 'export-xlsx':
      return `/admin/object-helper/download-${job.type.slice(7)}-file?jobId=${jobId}`
    case 'asset-export-csv':
    case 'asset-export-xlsx':
      return `/admin/asset-helper/download-${job.type.slice(13)}-file?jobId=${jobId}`
    case 'asset.export-zip':
      return `/admin/asset/download-as-zip?jobId=${jobId}`
    default:
      return null
  }
}

/**
 * Tells a finished tracked job's owner (exports, imports, copies) that it is done — with a link
 * to its file when it left one — or that it failed, and why. Wired to `onJobFinished` in app.ts;
 * runs inside the transaction that records the job's end.
 */
export async function notifyJobOwner(db: Db, job: FinishedJob): Promise<void> {
  if (job.ownerId === null) return
  const params: Record<string, string | number> = {
    kindKey: JOB_KINDS[job.type] ?? 'notifications.jobKind.other',
  }
  if (job.status === 'done') {
    const link = resultLink(job)
    if (link) params.link = link
  } else {
    params.reasonKey = job.errorKey ?? 'pimGrid.jobFailed'
  }
  await sendNotification(db, {
    recipients: { userIds: [job.ownerId] },
    type: job.status === 'done' ? 'job' : 'error',
    title: job.status === 'done' ? 'notifications.job.doneTitle' : 'notifications.job.failedTitle',
    message:
      job.status === 'done' ? 'notifications.job.doneMessage' : 'notifications.job.failedMessage',
    params,
  })
}
