import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

describe('POST /api/page-view', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  function post(body: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/page-view',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    })
  }

  it('remembers the desktop layout for 400 days and returns to the page, at the toggle', async () => {
    const response = await post('view=desktop&back=%2Fcs%2Fsearch%3Fq%3Da')
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/cs/search?q=a#page-view')
    const cookie = response.cookies.find((c) => c.name === 'optika-view')
    expect(cookie).toMatchObject({ value: 'desktop', maxAge: 400 * 24 * 60 * 60, path: '/' })
  })

  it('forgets the choice when the mobile layout (the default) is chosen', async () => {
    const response = await post('view=mobile&back=%2Fcs')
    expect(response.headers.location).toBe('/cs#page-view')
    const cookie = response.cookies.find((c) => c.name === 'optika-view')
    expect(cookie?.value).toBe('')
  })

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    '/cs\r\nSet-Cookie: x=1',
    'cs',
  ])('never sends the visitor to another site (%j): home page instead', async (back) => {
    const response = await post(`view=desktop&back=${encodeURIComponent(back)}`)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/#page-view')
  })

  it('refuses an unknown view with a translated 400 and sets nothing', async () => {
    const response = await post('view=tablet')
    expect(response.statusCode).toBe(400)
    expect(response.cookies).toEqual([])
  })
})
