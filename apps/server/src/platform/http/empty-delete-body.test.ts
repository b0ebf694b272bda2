import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

describe('a DELETE that says JSON but sends no body', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      configure(app) {
        app.delete('/api/test/things/:id', async (request) => ({ body: request.body ?? null }))
      },
    })
  })
  afterAll(() => t.close())

  it('is taken as having no body, as browsers’ fetch wrappers send it', async () => {
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json; charset=utf-8', 'content-length': '0' },
    ]) {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/test/things/1', headers })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ body: null })
    }
  })

  it('still reads a JSON body that is there, and refuses a malformed one with a translated 400', async () => {
    const given = await t.app.inject({
      method: 'DELETE',
      url: '/api/test/things/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"reason":"duplicate"}',
    })
    expect(given.statusCode).toBe(200)
    expect(given.json()).toEqual({ body: { reason: 'duplicate' } })

    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/test/things/1',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"reason":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: t.translator.t('en', 'server.badRequest'),
    })
  })
})
