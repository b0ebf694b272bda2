import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/test-database.ts'
import type { Database } from './client.ts'
import { createChangeSignals, type ChangeSignals } from './change-signals.ts'

let database: Database
let here: ChangeSignals
let there: ChangeSignals

beforeAll(async () => {
  database = await createTestDatabase()
  // Two processes on one database, as WORKERS=2 runs them; the tests sync them by hand.
  here = createChangeSignals(database, { pollMs: 60_000 })
  there = createChangeSignals(database, { pollMs: 60_000 })
  await here.start()
  await there.start()
})

afterAll(async () => {
  await here.stop()
  await there.stop()
  await database.close()
})

describe('change signals', () => {
  it("runs this process's listeners at once and another process's when it next syncs", async () => {
    const heard = { here: 0, there: 0 }
    here.on('redirects', () => heard.here++)
    there.on('redirects', () => heard.there++)

    await here.changed('redirects')
    expect(heard).toEqual({ here: 1, there: 0 })
    await there.sync()
    expect(heard).toEqual({ here: 1, there: 1 })

    await there.changed('redirects')
    await here.sync()
    expect(heard).toEqual({ here: 2, there: 2 })

    // Nobody hears their own change twice, nor a topic they do not listen to.
    await there.changed('glossary')
    await here.sync()
    await there.sync()
    expect(heard).toEqual({ here: 2, there: 2 })
  })

  it('reports a listener that fails and goes on with the others', async () => {
    const errors: unknown[] = []
    const failing = createChangeSignals(database, { onError: (error) => errors.push(error) })
    let after = 0
    failing.on('settings', () => {
      throw new Error('reload failed')
    })
    failing.on('settings', () => after++)
    await failing.changed('settings')
    expect(errors).toHaveLength(1)
    expect(after).toBe(1)
  })
})

describe('values kept while their signal is unchanged', () => {
  it('reads once per version, and a change committed by plain SQL in any process is in the next answer', async () => {
    let loads = 0
    const vat = there.kept('shop-settings', async () => {
      loads++
      const { rows } = await database.db.execute<{ vat: number }>(
        sql`select vat_percent as vat from country_settings where country = 'CZ'`,
      )
      return rows[0]?.vat
    })
    const before = await vat.get()
    // Concurrent callers share one version read and one load.
    expect(await Promise.all([vat.get(), vat.get(), vat.get()])).toEqual([before, before, before])
    expect(loads).toBe(1)

    // The table's statement trigger (migration 0035) moves the signal in the writing transaction.
    await database.db.execute(
      sql`update country_settings set vat_percent = 19 where country = 'CZ'`,
    )
    expect(await vat.get()).toBe(19)
    expect(loads).toBe(2)
    await database.db.execute(
      sql`update country_settings set vat_percent = ${before ?? 21} where country = 'CZ'`,
    )
  })

  it('on the embedded database, reads the versions again only once a change was committed', async () => {
    let reads = 0
    const counted: Database = {
      ...database,
      db: new Proxy(database.db, {
        get(target, key) {
          if (key !== 'execute') return Reflect.get(target, key) as unknown
          return (...args: Parameters<typeof target.execute>) => {
            reads++
            return target.execute(...args)
          }
        },
      }),
    }
    const signals = createChangeSignals(counted, { pollMs: 60_000 })
    const texts = signals.kept('translations', async () => 'loaded')
    await texts.get()
    await texts.get()
    const quiet = reads
    // The trigger's notification arrives as the statement commits.
    await database.db.execute(
      sql`insert into translations (key, locale, text) values ('signal.test', 'en', 'x')`,
    )
    await texts.get()
    await database.db.execute(sql`delete from translations where key = 'signal.test'`)
    // PostgreSQL serves several processes: every answer reads the versions there.
    expect([quiet, reads]).toEqual(database.engine === 'pglite' ? [1, 2] : [2, 3])
  })

  it('does not keep a failed load: the next caller tries again', async () => {
    let attempt = 0
    const value = here.kept('never-moved', async () => {
      attempt++
      if (attempt === 1) throw new Error('the database went away')
      return 'loaded'
    })
    await expect(value.get()).rejects.toThrow('the database went away')
    expect(await value.get()).toBe('loaded')
  })
})

describe('the triggers that move signals and the document generation', () => {
  async function versions() {
    const result = await database.db.execute<{ signal: string; generation: string }>(
      sql`select (select coalesce(max(version), 0) from change_signals where topic = 'translations')::text as signal,
                 (select value from document_generation where id = 1)::text as generation`,
    )
    const row = result.rows[0]!
    return { signal: Number(row.signal), generation: Number(row.generation) }
  }
  const upsert = (text: string) =>
    database.db.execute(
      sql`insert into translations (key, locale, text) values ('trigger.test', 'en', ${text})
          on conflict (key, locale) do nothing`,
    )

  it('move for a statement that changes rows, and not for one that changes none', async () => {
    const start = await versions()

    await upsert('first')
    const inserted = await versions()
    expect(inserted).toEqual({ signal: start.signal + 1, generation: start.generation + 1 })

    // The row is there: the upsert, an update and a delete matching nothing change no row.
    await upsert('again')
    await database.db.execute(sql`update translations set text = 'x' where key = 'no.such.key'`)
    await database.db.execute(sql`delete from translations where key = 'no.such.key'`)
    expect(await versions()).toEqual(inserted)

    await database.db.execute(
      sql`update translations set text = 'changed' where key = 'trigger.test'`,
    )
    await database.db.execute(sql`delete from translations where key = 'trigger.test'`)
    expect(await versions()).toEqual({
      signal: inserted.signal + 2,
      generation: inserted.generation + 2,
    })
  })
})
