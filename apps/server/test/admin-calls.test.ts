import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './build-test-app.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * The seed's 449 admin calls (docs/admin-calls.md, a copy of the contract the shop was built to, shared/ADMIN-CALLS.md),
 * as method and route: `diff-versions/1/2` stands for `diff-versions/{from}/{to}`.
 */
const calls = readFileSync(new URL('../../../docs/admin-calls.md', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => /^(GET|POST|PUT|DELETE)\s+(\/\S+)$/.exec(line.trim()))
  .filter((match): match is RegExpExecArray => match !== null)
  .map(([, method, path]) => ({
    method: method as Method,
    path: path!,
    route: path!.replace('/diff-versions/1/2', '/diff-versions/:from/:to'),
  }))

describe('the seed’s admin calls, all of them', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => t.close())

  it('lists 449 calls', () => {
    expect(calls).toHaveLength(449)
  })

  it('registers every call at its method and path', () => {
    const missing = calls.filter(({ method, route }) => !t.app.hasRoute({ method, url: route }))
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([])
  })

  it('refuses every call to an anonymous caller', async () => {
    const answered: string[] = []
    for (const { method, path } of calls) {
      const response = await t.app.inject({ method, url: path })
      if (response.statusCode !== 401) answered.push(`${method} ${path} → ${response.statusCode}`)
    }
    expect(answered).toEqual([])
  })
})
