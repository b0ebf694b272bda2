import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/test-database.ts'
import type { Database } from '../../platform/db/client.ts'
import { httpErrors } from '../../platform/db/schema/seo-site.ts'
import { createHttpErrorLog } from './http-error-log.ts'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

function hit(uri: string, at = new Date()) {
  return { uri, code: 404, referrer: '', userAgent: 'bot', at }
}

describe('the HTTP error log’s bounds', () => {
  it('a crawler hammering one missing URL costs one row and one write per interval', async () => {
    await database.db.delete(httpErrors)
    const log = createHttpErrorLog(database.db, { flushMs: 60_000 })
    for (let i = 0; i < 5_000; i++) log.note(hit('/cs/wp-login.php'))
    await log.close()
    const rows = await database.db.select().from(httpErrors)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ uri: '/cs/wp-login.php', count: 5_000 })
  })

  it('holds at most maxPending new URLs between writes and keeps at most maxRows', async () => {
    await database.db.delete(httpErrors)
    const log = createHttpErrorLog(database.db, { flushMs: 60_000, maxPending: 5, maxRows: 8 })
    for (let i = 0; i < 20; i++) log.note(hit(`/cs/scan-${i}`))
    await log.flush()
    expect(await database.db.$count(httpErrors)).toBe(5)
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) {
        log.note(hit(`/cs/round-${round}-${i}`, new Date(Date.now() + (round + 1) * 1_000)))
      }
      await log.flush()
    }
    const rows = await database.db.select().from(httpErrors)
    expect(rows).toHaveLength(8)
    // The longest-unseen ones went: the last round is all there.
    expect(rows.filter((row) => row.uri.startsWith('/cs/round-2-'))).toHaveLength(5)
    await log.close()
  })

  it('clips very long URLs, referrers and user agents', async () => {
    await database.db.delete(httpErrors)
    const log = createHttpErrorLog(database.db, { flushMs: 60_000 })
    log.note({
      uri: `/cs/${'a'.repeat(5_000)}`,
      code: 500,
      referrer: `https://x.example/${'r'.repeat(5_000)}`,
      userAgent: 'u'.repeat(5_000),
      at: new Date(),
    })
    await log.close()
    const [row] = await database.db.select().from(httpErrors)
    expect(row!.uri.length).toBeLessThanOrEqual(1_000)
    expect(row!.referrer.length).toBeLessThanOrEqual(1_000)
    expect(row!.userAgent.length).toBeLessThanOrEqual(400)
  })
})
