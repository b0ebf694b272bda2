import type { Db } from '../platform/db/client.ts'
import { seoRedirects } from '../platform/db/schema/seo-redirects.ts'

/**
 * A few SEO redirects so the back office's redirects tab shows each kind (issue 19): an old
 * campaign address, a language-less contact path, an expression with captures and an expired
 * rule that "Delete expired" removes. `db` is the seed's transaction.
 */
export async function insertDemoRedirects(db: Db): Promise<void> {
  await db.insert(seoRedirects).values([
    { source: '/cs/vyprodej', target: '/cs/search?q=outlet', statusCode: 302, origin: 'manual' },
    { source: '/kontakt', target: '/cs/contact', statusCode: 301, origin: 'manual' },
    {
      sourceType: 'regex',
      source: '^/(cs|en|sk|pl|hu|ro)/znacka/([a-z0-9-]+)$',
      target: '/$1/search?q=$2',
      statusCode: 301,
      priority: 10,
      origin: 'manual',
    },
    {
      source: '/cs/vanoce-2025',
      target: '/cs',
      statusCode: 302,
      expiresAt: new Date('2026-01-15T00:00:00Z'),
      origin: 'manual',
    },
  ])
}
