import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

interface ErrorBodyJson {
  code: string
  message: string
}

describe('same-origin guard', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_URL: 'https://shop.example' },
      configure: (app) => {
        app.post('/test/write', async () => ({ ok: true }))
        app.get('/test/read', async () => ({ ok: true }))
      },
    })
  })
  afterAll(() => t.close())

  const post = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/test/write',
      headers: { host: 'localhost:3000', ...headers },
    })

  it('refuses a POST the browser marks as cross-site', async () => {
    const res = await post({ 'sec-fetch-site': 'cross-site' })
    expect(res.statusCode).toBe(403)
    const body = res.json<ErrorBodyJson>()
    expect(body.code).toBe('CROSS_SITE_REQUEST')
    expect(body.message).not.toBe('')
  })

  it('refuses a POST from a foreign Origin, including the opaque "null" origin', async () => {
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await post({ origin: 'null' })).statusCode).toBe(403)
    expect((await post({ origin: 'http://localhost:3001' })).statusCode).toBe(403)
  })

  it('translates the refusal into the request language', async () => {
    const res = await post({ origin: 'https://evil.example', 'accept-language': 'en' })
    expect(res.json<ErrorBodyJson>().message).toBe(t.translator.t('en', 'server.forbidden'))
  })

  it('lets through the own origin, PUBLIC_URL, same-origin fetches and header-less clients', async () => {
    expect((await post({ origin: 'http://localhost:3000' })).statusCode).toBe(200)
    expect((await post({ origin: 'https://shop.example' })).statusCode).toBe(200)
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
    expect((await post({})).statusCode).toBe(200)
  })

  it('does not touch safe methods', async () => {
    const res = await t.app.inject({
      url: '/test/read',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.statusCode).toBe(200)
  })
})
