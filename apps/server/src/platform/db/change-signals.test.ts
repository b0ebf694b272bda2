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
