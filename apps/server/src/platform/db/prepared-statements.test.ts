import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/test-database.ts'
import type { Database } from './client.ts'
import { StatementNames } from './prepared-statements.ts'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

describe('statement names', () => {
  it('names a text at its third run, and by the same name ever after', () => {
    const names = new StatementNames()
    const runs = Array.from({ length: 5 }, () => names.nameFor('select $1'))
    expect(runs.slice(0, 2)).toEqual([undefined, undefined])
    expect(new Set(runs.slice(2)).size).toBe(1)
    expect(runs[2]).toMatch(/^optika_\d+$/)
    expect(names.nameFor('select $2')).toBeUndefined()
  })

  it('gives different texts different names and stops naming at a thousand', () => {
    const names = new StatementNames()
    const nameOf = (text: string) => [1, 2, 3].map(() => names.nameFor(text))[2]
    const given = Array.from({ length: 1_200 }, (_, i) => nameOf(`select ${i}, $1`))
    expect(new Set(given.slice(0, 1_000)).size).toBe(1_000)
    expect(given.slice(1_000).every((name) => name === undefined)).toBe(true)
    expect(names.size).toBe(1_000)
    expect(nameOf('select 0, $1')).toBe(given[0])
  })
})

describe.skipIf(!onPostgres)('prepared statements on PostgreSQL', () => {
  let database: Database
  beforeAll(async () => {
    // One connection: the prepared statements seen are the ones the queries made.
    database = await createTestDatabase({ maxConnections: 1 })
  })
  afterAll(() => database.close())

  const prepared = async () =>
    (
      await database.db.execute<{ statement: string }>(
        sql`select statement from pg_prepared_statements`,
      )
    ).rows.map((row) => row.statement)

  it('prepares a statement run again and again, with the same answers as before', async () => {
    const answers: unknown[] = []
    for (let i = 0; i < 4; i += 1) {
      answers.push((await database.db.execute(sql`select ${i}::int + 1 as n`)).rows[0]?.n)
    }
    expect(answers).toEqual([1, 2, 3, 4])
    expect(await prepared()).toContain('select $1::int + 1 as n')
  })

  it('prepares a statement again once it can be, after failing to', async () => {
    const read = () => database.db.execute(sql`select n from later where n > ${0}`)
    for (let i = 0; i < 4; i += 1) await expect(read()).rejects.toThrow()
    await database.db.execute(sql.raw('create table later (n int); insert into later values (1)'))
    expect((await read()).rows).toEqual([{ n: 1 }])
    expect((await read()).rows).toEqual([{ n: 1 }])
  })

  it('runs a text without parameters as it is, several statements at once', async () => {
    for (let i = 0; i < 3; i += 1) {
      await database.db.execute(sql.raw('create temp table if not exists t (n int); select 1'))
    }
    expect((await prepared()).some((statement) => statement.includes('temp table'))).toBe(false)
  })
})
