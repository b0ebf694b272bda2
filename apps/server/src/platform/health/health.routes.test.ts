import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

describe('health and graceful shutdown', () => {
  let t: TestApp
  let releaseSlowRequest: () => void = () => {}
  let markStarted: () => void = () => {}
  const slowRequestStarted = new Promise<void>((resolve) => {
    markStarted = resolve
  })
  beforeAll(async () => {
    t = await buildTestApp({
      configure(app) {
        app.get('/test/slow', async () => {
          markStarted()
          await new Promise<void>((resolve) => {
            releaseSlowRequest = resolve
          })
          return { finished: true }
        })
      },
    })
  })
  afterAll(() => t.close())

  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({
      status: 'ready',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    })
  })

  it('finishes an in-flight request while closing, then refuses new ones', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as { port: number }
    const base = `http://127.0.0.1:${port}`
    const inFlight = fetch(`${base}/test/slow`)
    await slowRequestStarted
    const closing = t.app.close()
    releaseSlowRequest()
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ finished: true })
    await closing
    await expect(fetch(`${base}/healthz`)).rejects.toThrow()
  })
})
