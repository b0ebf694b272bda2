import { connect } from 'node:net'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locale } from '@optika/i18n/locales'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

/** Headers registerSecurityHeaders sets on every answer. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'permissions-policy',
]

describe("Fastify's own refusals", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  /** Asserts the house answer: status, `{ code, message }` in `locale`, request id, security headers. */
  function expectHouseAnswer(
    response: LightMyRequestResponse,
    expected: { status: number; code: string; key: string; locale: Locale },
  ): void {
    expect(response.statusCode).toBe(expected.status)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.json()).toEqual({
      code: expected.code,
      message: t.translator.t(expected.locale, expected.key),
    })
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(response.headers['cache-control']).toBe('no-store')
    for (const header of SECURITY_HEADERS) expect(response.headers).toHaveProperty(header)
    expect(response.headers['content-security-policy']).toMatch(/script-src 'nonce-/)
  }

  it('answers bad percent-encoding anywhere with a translated 400 that does not repeat the URL', async () => {
    const requests = [
      { method: 'DELETE', url: '/api/remove/%ZZ' },
      { method: 'GET', url: '/api/%ZZ' },
      { method: 'GET', url: '/admin/%ZZ' },
      { method: 'GET', url: '/cs/%ZZ' },
      { method: 'GET', url: '/media/thumbnail/%ZZ.webp' },
      { method: 'GET', url: '/%E0%A4%A' },
    ] as const
    for (const locale of ['cs', 'en'] as const) {
      for (const { method, url } of requests) {
        const response = await t.app.inject({
          method,
          url,
          headers: { 'accept-language': locale },
        })
        expectHouseAnswer(response, {
          status: 400,
          code: 'BAD_REQUEST',
          key: 'server.badRequest',
          locale,
        })
        expect(response.body).not.toContain('%')
      }
    }
    expect(t.translator.t('cs', 'server.badRequest')).not.toBe(
      t.translator.t('en', 'server.badRequest'),
    )
  })

  it('takes the language of a refused URL from the locale cookie first, and keeps a proxy’s request id', async () => {
    const response = await t.app.inject({
      url: '/api/%ZZ',
      headers: {
        'accept-language': 'cs',
        cookie: 'other=1; locale=en',
        'x-request-id': 'proxy-req-12345',
      },
    })
    expect(response.json<{ message: string }>().message).toBe(
      t.translator.t('en', 'server.badRequest'),
    )
    expect(response.headers['x-request-id']).toBe('proxy-req-12345')
  })

  it('answers an over-long path parameter with a translated 414 that does not repeat it', async () => {
    const digits = '9'.repeat(600)
    for (const locale of ['cs', 'en'] as const) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/remove/${digits}`,
        headers: { 'accept-language': locale },
      })
      expectHouseAnswer(response, {
        status: 414,
        code: 'URI_TOO_LONG',
        key: 'server.uriTooLong',
        locale,
      })
      expect(response.body).not.toContain('9999')
    }
  })

  it('answers body failures (media type, malformed JSON, size) in the house shape', async () => {
    const post = (locale: Locale, contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pridat-do-kosiku',
        headers: { 'accept-language': locale, 'content-type': contentType },
        payload,
      })
    for (const locale of ['cs', 'en'] as const) {
      expectHouseAnswer(await post(locale, 'application/x-shockwave-flash', 'hello'), {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        key: 'server.unsupportedMediaType',
        locale,
      })
      const malformed = await post(locale, 'application/json', '{"productId": <script>')
      expectHouseAnswer(malformed, {
        status: 400,
        code: 'BAD_REQUEST',
        key: 'server.badRequest',
        locale,
      })
      expect(malformed.body).not.toContain('script')
      expectHouseAnswer(await post(locale, 'application/json', 'x'.repeat(2 * 1024 * 1024)), {
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        key: 'server.payloadTooLarge',
        locale,
      })
    }
  })

  it('answers an unknown API address with a translated 404', async () => {
    for (const locale of ['cs', 'en'] as const) {
      const response = await t.app.inject({
        url: '/api/no-such-thing?token=secret',
        headers: { 'accept-language': locale },
      })
      expectHouseAnswer(response, {
        status: 404,
        code: 'NOT_FOUND',
        key: 'server.notFound',
        locale,
      })
      expect(response.body).not.toContain('no-such-thing')
    }
  })

  it('answers a request the HTTP parser cannot read in the house shape, in Czech', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as { port: number }
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /cs HTTP/1.1\r\nHost: shop\r\nBad Header\r\n\r\n')
      })
      let received = ''
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
      socket.on('close', () => resolve(received))
      socket.on('error', reject)
    })
    const [head = '', body = ''] = raw.split('\r\n\r\n')
    const [statusLine, ...headerLines] = head.split('\r\n')
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request')
    const headers = Object.fromEntries(
      headerLines.map((line) => {
        const at = line.indexOf(':')
        return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()]
      }),
    )
    for (const header of SECURITY_HEADERS) expect(headers).toHaveProperty(header)
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.parse(body)).toEqual({
      code: 'BAD_REQUEST',
      message: t.translator.t('cs', 'server.badRequest'),
    })
  })
})
