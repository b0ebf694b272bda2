import type { Db } from '../platform/db/client.ts'
import { applicationLog } from '../platform/db/schema/governance.ts'

const HOUR_MS = 60 * 60 * 1000

/**
 * A few entries of the application log (System → Application log), so a newcomer sees what the
 * shop's components report: a refused import with its rejected lines, a blocked mail, a mail job
 * retried, a sold-out product. `db` is the seed's transaction.
 */
export async function insertDemoApplicationLog(db: Db): Promise<void> {
  const now = Date.now()
  await db.insert(applicationLog).values([
    {
      at: new Date(now - 30 * HOUR_MS),
      priority: 4,
      component: 'import.redirects',
      message:
        'Redirects CSV import refused, nothing written: 2 rejected lines, the first line 3: seoRedirects.error.targetForm — /cs/stara-akce -> javascript:alert(1)',
      context: { rejected: 2, firstLine: 3 },
      fileObject:
        'line 3: seoRedirects.error.targetForm — /cs/stara-akce -> javascript:alert(1)\nline 7: seoRedirects.error.sourcePath — stara-stranka -> /cs/contact',
      source: 'redirects-csv',
    },
    {
      at: new Date(now - 20 * HOUR_MS),
      priority: 5,
      component: 'mail',
      message: 'Mail #1 not sent: the recipient is on the blocklist',
      context: { emailLogId: 1, subject: 'Newsletter' },
      source: 'create-mailer',
    },
    {
      at: new Date(now - 6 * HOUR_MS),
      priority: 4,
      component: 'jobs',
      message:
        'Job mail.send failed (attempt 1 of 11), retrying: connect ECONNREFUSED 127.0.0.1:25',
      context: { queue: 'mail.send', attempt: 0 },
      fileObject: 'Error: connect ECONNREFUSED 127.0.0.1:25\n    at TCPConnectWrap.afterConnect',
      source: 'job-queue',
    },
    {
      at: new Date(now - 2 * HOUR_MS),
      priority: 5,
      component: 'checkout.stock',
      message: 'A demo frame is sold out after this order',
      context: { ordered: 1 },
      source: 'place-order',
    },
  ])
}
