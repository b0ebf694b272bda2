import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('response compression', () => {
  it('sends large text answers brotli-compressed to browsers that accept it', async () => {
    const plain = await t.app.inject({ url: '/api/translations/cs' })
    const res = await t.app.inject({
      url: '/api/translations/cs',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body)
  })

  it('falls back to gzip, and sends plain text to clients that ask for none', async () => {
    const gzip = await t.app.inject({
      url: '/api/translations/en',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toHaveProperty(['cart.empty'])
    const plain = await t.app.inject({ url: '/api/translations/en' })
    expect(plain.headers['content-encoding']).toBeUndefined()
  })
})
