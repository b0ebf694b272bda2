import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  DatabaseNotAnswering,
  isDatabaseUnavailable,
  markDatabaseError,
} from './database-unavailable.ts'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })
const viaDrizzle = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error)

describe('telling a database that is away from a failed statement', () => {
  it('knows PostgreSQL’s shutdown and connection-exception states', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006']) {
      expect(isDatabaseUnavailable(viaDrizzle(withCode('terminating connection', code)))).toBe(true)
    }
  })

  it('knows node-postgres’s own words for a lost connection and a pool timeout', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(viaDrizzle(new Error(message)))).toBe(true)
    }
    expect(isDatabaseUnavailable(new DatabaseNotAnswering(2000))).toBe(true)
  })

  it('counts a refused or reset socket only when it was the database’s', () => {
    const refused = () => withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')
    // S3 or SMTP refusing a connection is no database outage.
    expect(isDatabaseUnavailable(refused())).toBe(false)
    expect(isDatabaseUnavailable(markDatabaseError(refused()))).toBe(true)
    expect(isDatabaseUnavailable(viaDrizzle(withCode('read ECONNRESET', 'ECONNRESET')))).toBe(true)
    // A host with several addresses fails with an AggregateError of them all.
    const both = new AggregateError([refused(), refused()], '')
    expect(isDatabaseUnavailable(markDatabaseError(both))).toBe(true)
  })

  it('leaves wrong statements and other failures alone', () => {
    expect(isDatabaseUnavailable(viaDrizzle(withCode('syntax error', '42601')))).toBe(false)
    expect(isDatabaseUnavailable(viaDrizzle(withCode('duplicate key', '23505')))).toBe(false)
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})
