import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DrizzleQueryError, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { AppError } from './app-error.ts'

describe('error handling', () => {
  let t: TestApp
  const logLines: string[] = []
  beforeAll(async () => {
    t = await buildTestApp({
      env: { LOG_LEVEL: 'info' },
      deps: {
        logStream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logLines.push(chunk.toString())
            done()
          },
        }),
      },
      configure(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>()
        typed.get('/test/app-error', async () => {
          throw new AppError(409, 'COUPON_INVALID', 'cart.couponInvalid')
        })
        typed.post(
          '/test/validated',
          {
            schema: { body: z.object({ email: z.email(), quantity: z.number().int().positive() }) },
          },
          async () => ({ ok: true }),
        )
        typed.get('/test/crash', async () => {
          throw new Error('secret internals at /srv/app.ts:12')
        })
        typed.get('/test/database-gone', async () => {
          // What drizzle throws when PostgreSQL ends the connection under a query.
          const terminated = Object.assign(
            new Error('terminating connection due to administrator command'),
            { code: '57P01' },
          )
          throw new DrizzleQueryError('select secret_column from orders', [], terminated)
        })
        typed.get('/test/s3-refused', async () => {
          throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:9000'), {
            code: 'ECONNREFUSED',
          })
        })
        typed.get('/test/sql', async (request) => {
          await request.ctx.db.execute(sql`select * from no_such_table_xyz`)
          return {}
        })
        typed.post('/test/nul', async (request) => {
          const { text } = request.body as { text: string }
          await request.ctx.db.execute(sql`select ${text}::text`)
          return {}
        })
        typed.post('/test/login', async () => ({ ok: true }))
        typed.post(
          '/test/keyed',
          {
            schema: {
              body: z
                .object({
                  name: z.string().trim().min(1, 'validation.required'),
                  password: z.string().min(8, 'validation.minLength'),
                  phone: z.string(),
                  note: z.string().min(2, 'not a key: keep as is'),
                })
                .superRefine((value, ctx) => {
                  if (!value.phone.startsWith('+')) {
                    ctx.addIssue({
                      code: 'custom',
                      path: ['phone'],
                      message: 'validation.phoneFormat',
                      params: { phone: '+420 601 234 567' },
                    })
                  }
                }),
            },
          },
          async () => ({ ok: true }),
        )
      },
    })
  })
  afterAll(() => t.close())

  it('answers an application error with its status, code and message in the request language', async () => {
    const response = await t.app.inject({
      url: '/test/app-error',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      code: 'COUPON_INVALID',
      message: 'The coupon you have selected is not valid',
    })
  })

  it('prefers the locale cookie over Accept-Language', async () => {
    const response = await t.app.inject({
      url: '/test/app-error',
      headers: { 'accept-language': 'en', cookie: 'locale=cs' },
    })
    expect(response.json<{ message: string }>().message).toBe(
      t.translator.t('cs', 'cart.couponInvalid'),
    )
    expect(response.json<{ message: string }>().message).not.toBe(
      t.translator.t('en', 'cart.couponInvalid'),
    )
  })

  it('lists the invalid fields under the seed’s general form error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: { 'accept-language': 'en' },
      payload: { email: 'not-an-email', quantity: -1 },
    })
    expect(response.statusCode).toBe(400)
    const body = response.json<{ code: string; message: string; errors: { path: string }[] }>()
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.message).toBe(
      'The data are not entered correctly. Please fix it and send the form again.',
    )
    expect(body.errors.map((e) => e.path).sort()).toEqual(['body/email', 'body/quantity'])
  })

  it('translates validation messages that are catalogue keys, with their parameters', async () => {
    const payload = { name: ' ', password: 'short', phone: '601', note: 'x' }
    const messages = async (language: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/test/keyed',
        headers: { 'accept-language': language },
        payload,
      })
      expect(response.statusCode).toBe(400)
      const body = response.json<{ errors: { path: string; message: string }[] }>()
      return Object.fromEntries(body.errors.map((e) => [e.path, e.message]))
    }
    expect(await messages('en')).toEqual({
      'body/name': 'The field is required',
      'body/password': 'The field must contain a minimum of 8 characters',
      'body/note': 'not a key: keep as is',
      'body/phone': 'Wrong phone number format, expected like +420 601 234 567',
    })
    const cs = await messages('cs')
    expect(cs['body/phone']).toBe(
      'Nesprávný formát telefonního čísla, zadejte jej ve tvaru např. +420 601 234 567',
    )
    expect(cs['body/password']).toBe('Pole musí obsahovat minimálně 8 znaků')
  })

  it('answers malformed JSON with a translated 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request is not valid.' })
  })

  it('answers an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ email: 'a@b.cz', pad: 'x'.repeat(1_100_000) }),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: { 'content-type': 'application/x-shockwave-flash' },
      payload: 'x',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json<{ code: string }>().code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('hides the cause of an unexpected failure from the client but logs it', async () => {
    const response = await t.app.inject({
      url: '/test/crash',
      headers: { 'accept-language': 'en' },
    })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong. Please try again; if the problem persists, contact us.',
    })
    expect(response.body).not.toContain('secret internals')
    expect(logLines.join('')).toContain('secret internals')
  })

  it('answers a database that went away with a translated 503 and a retry-after', async () => {
    for (const locale of ['cs', 'en'] as const) {
      const response = await t.app.inject({
        url: '/test/database-gone',
        headers: { 'accept-language': locale },
      })
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.json()).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: t.translator.t(locale, 'server.databaseUnavailable'),
      })
      expect(response.body).not.toMatch(/secret_column|select/i)
    }
    expect(logLines.join('')).toContain('database unavailable')
    expect(logLines.join('')).not.toContain('secret_column')
  })

  it('does not take another service refusing a connection for the database', async () => {
    const response = await t.app.inject({ url: '/test/s3-refused' })
    expect(response.statusCode).toBe(500)
    expect(response.json<{ code: string }>().code).toBe('INTERNAL_ERROR')
  })

  it('never sends SQL to the client', async () => {
    const response = await t.app.inject({ url: '/test/sql' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toMatch(/no_such_table_xyz|select/i)
  })

  it('answers text the database cannot store (a NUL character) with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/nul',
      headers: { 'accept-language': 'en' },
      payload: { text: 'a\u0000b' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The data are not entered correctly. Please fix it and send the form again.',
    })
  })

  it('answers an unknown API path with a translated JSON 404', async () => {
    const response = await t.app.inject({
      url: '/api/nothing-here',
      headers: { 'accept-language': 'pl' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Żądany adres nie istnieje.' })
  })

  it('keeps passwords and cookies out of the log', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/test/login',
      headers: { cookie: 'session=top-secret-cookie', authorization: 'Bearer top-secret-token' },
      payload: { password: 'hunter2-secret' },
    })
    const log = logLines.join('')
    expect(log).toContain('/test/login')
    expect(log).not.toContain('top-secret-cookie')
    expect(log).not.toContain('top-secret-token')
    expect(log).not.toContain('hunter2-secret')
  })
})
