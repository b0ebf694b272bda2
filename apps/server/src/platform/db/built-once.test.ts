import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/test-database.ts'
import { builtOnce } from './built-once.ts'
import type { Database } from './client.ts'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database.close()
})

// A fragment of literal SQL among the placeholders, as the product page's statement has.
const literal = (text: string) => sql.raw(`'${text}'`)

describe('a statement built once', () => {
  const statement = builtOnce<
    { n: number; label: string; twice: number },
    { n: number; label: string }
  >(
    sql`select ${sql.placeholder('n')}::int as n, ${literal('x')} || ${sql.placeholder('label')}::text as label,
               ${sql.placeholder('n')}::int * 2 as twice`,
  )

  it('answers each run with its own values, as db.execute would', async () => {
    const first = await statement(database.db, { n: 1, label: 'a' })
    const second = await statement(database.db, { n: 21, label: "b'; drop table objects; --" })
    expect(first.rows).toEqual([{ n: 1, label: 'xa', twice: 2 }])
    expect(second.rows).toEqual([{ n: 21, label: "xb'; drop table objects; --", twice: 42 }])
    const executed = await database.db.execute(
      sql`select ${21}::int as n, ${literal('x')} || ${"b'; drop table objects; --"}::text as label,
                 ${21}::int * 2 as twice`,
    )
    expect(second.rows).toEqual(executed.rows)
  })

  it('runs inside a transaction on its connection', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table built_once_probe (n int) on commit drop`)
      await tx.execute(sql`insert into built_once_probe values (7)`)
      const probe = builtOnce<{ n: number }, { min: number }>(
        sql`select n from built_once_probe where n >= ${sql.placeholder('min')}`,
      )
      return (await probe(tx, { min: 5 })).rows
    })
    expect(rows).toEqual([{ n: 7 }])
  })
})
