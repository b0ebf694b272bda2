import type { Db } from '../platform/db/client.ts'
import { httpErrors } from '../platform/db/schema/seo-site.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * A few entries of the HTTP error log (SEO tools → HTTP errors), so a newcomer sees what it
 * collects: an old address linked from elsewhere, a scanner's probe and a mistyped product link.
 * `db` is the seed's transaction.
 */
export async function insertDemoHttpErrors(db: Db): Promise<void> {
  const now = Date.now()
  await db.insert(httpErrors).values([
    {
      uri: '/cs/kontakty',
      code: 404,
      referrer: 'https://www.google.com/',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0',
      count: 14,
      firstSeen: new Date(now - 20 * DAY_MS),
      lastSeen: new Date(now - 2 * 60 * 60 * 1000),
    },
    {
      uri: '/wp-login.php',
      code: 404,
      referrer: '',
      userAgent: 'python-requests/2.32',
      count: 57,
      firstSeen: new Date(now - 9 * DAY_MS),
      lastSeen: new Date(now - DAY_MS),
    },
    {
      uri: '/en/p/999999/sunglasses',
      code: 404,
      referrer: 'https://forum.example/thread/42',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
      count: 3,
      firstSeen: new Date(now - 3 * DAY_MS),
      lastSeen: new Date(now - 5 * 60 * 60 * 1000),
    },
  ])
}
