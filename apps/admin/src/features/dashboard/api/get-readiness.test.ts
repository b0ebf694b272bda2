import { describe, expect, it } from 'vitest'
import { parseReadiness } from './get-readiness.ts'

describe('parseReadiness', () => {
  it('reads a ready server and its database engine', () => {
    expect(parseReadiness({ status: 'ready', database: 'pglite' })).toEqual({
      state: 'ready',
      database: { engine: 'pglite', state: 'ready' },
    })
  })

  it('reads an unavailable server (the 503 answer) as not ready, database included', () => {
    expect(parseReadiness({ status: 'unavailable', database: 'postgres' })).toEqual({
      state: 'not-ready',
      database: { engine: 'postgres', state: 'not-ready' },
    })
  })

  it('reports an unknown engine rather than guessing', () => {
    expect(parseReadiness({ status: 'ready', database: 'mysql' })?.database.engine).toBe('unknown')
    expect(parseReadiness({ status: 'ready' })?.database.engine).toBe('unknown')
  })

  it('does not take an error answer for a readiness', () => {
    expect(parseReadiness({ code: 'INTERNAL', message: 'boom' })).toBeNull()
    expect(parseReadiness(null)).toBeNull()
    expect(parseReadiness('ready')).toBeNull()
  })
})
