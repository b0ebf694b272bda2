import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../src/platform/db/client.ts'
import { createTestDatabase } from './test-database.ts'

describe('test database', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  it('is migrated and empty', async () => {
    const result = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from objects`,
    )
    expect(result.rows[0]).toEqual({ n: 0 })
  })

  it('is the caller’s own: writes do not leak into another copy', async () => {
    await database.db.execute(
      sql`insert into translations (key, locale, text) values ('probe', 'en', 'x')`,
    )
    const other = await createTestDatabase()
    try {
      const result = await other.db.execute<{ n: number }>(
        sql`select count(*)::int as n from translations`,
      )
      expect(result.rows[0]).toEqual({ n: 0 })
    } finally {
      await other.close()
    }
  })
})
