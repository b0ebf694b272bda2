import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerAdminSpa } from './admin-spa.plugin.ts'

/** What `vite build` writes, in miniature: one entry script, one preload, the nonce meta tag. */
const INDEX_HTML = `<!doctype html>
<html lang="cs">
  <head>
    <meta charset="UTF-8" />
    <title>Optika</title>
    <meta property="csp-nonce" nonce="OPTIKA_CSP_NONCE">
    <script type="module" crossorigin src="/admin/static/index-abc123.js" nonce="OPTIKA_CSP_NONCE"></script>
    <link rel="modulepreload" crossorigin href="/admin/static/vendor-def456.js" nonce="OPTIKA_CSP_NONCE">
    <link rel="stylesheet" crossorigin href="/admin/static/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
    <script>window.__late = true</script>
  </body>
</html>
`

let distDir: string
let apps: FastifyInstance[] = []

beforeEach(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'optika-admin-dist-'))
})

afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()))
  apps = []
  await rm(distDir, { recursive: true, force: true })
})

async function writeBuild(dir: string): Promise<void> {
  await mkdir(join(dir, 'static'), { recursive: true })
  await writeFile(join(dir, 'index.html'), INDEX_HTML)
  await writeFile(join(dir, 'static', 'index-abc123.js'), 'console.log("admin")\n')
}

/** A tiny app with the security plugin's contract: a fresh `request.cspNonce` per request. */
async function buildApp(options: { ignoreTrailingSlash?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    routerOptions: { ignoreTrailingSlash: options.ignoreTrailingSlash ?? false },
  })
  apps.push(app)
  app.decorateRequest('cspNonce', '')
  let issued = 0
  app.addHook('onRequest', async (request) => {
    issued += 1
    ;(request as unknown as { cspNonce: string }).cspNonce = `test-nonce-${issued}`
  })
  await registerAdminSpa(app, { distDir })
  await app.ready()
  return app
}

describe('admin SPA', () => {
  beforeEach(() => writeBuild(distDir))

  it('serves index.html at /admin, uncached', async () => {
    const app = await buildApp()
    const response = await app.inject({ method: 'GET', url: '/admin' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<div id="root"></div>')
  })

  it('serves index.html at a client route, beneath it and at /admin/', async () => {
    const app = await buildApp()
    for (const url of [
      '/admin/data-objects',
      '/admin/data-objects/42/edit',
      '/admin/recycle-bin',
      '/admin/',
    ]) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('<div id="root"></div>')
    }
  })

  it('puts the request’s own nonce on every script tag', async () => {
    const app = await buildApp()
    const first = await app.inject({ method: 'GET', url: '/admin' })
    const second = await app.inject({ method: 'GET', url: '/admin/assets' })

    for (const [response, nonce] of [
      [first, 'test-nonce-1'],
      [second, 'test-nonce-2'],
    ] as const) {
      const scripts = response.body.match(/<script\b[^>]*>/g) ?? []
      expect(scripts).toHaveLength(2)
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
      expect(response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`)
      expect(response.body).toContain(
        `rel="modulepreload" crossorigin href="/admin/static/vendor-def456.js" nonce="${nonce}"`,
      )
      expect(response.body).not.toContain('OPTIKA_CSP_NONCE')
    }
  })

  it('caches hashed assets for a year as immutable', async () => {
    const app = await buildApp()
    const response = await app.inject({ method: 'GET', url: '/admin/static/index-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.body).toBe('console.log("admin")\n')
  })

  it('does not serve the SPA on admin API paths or unknown paths outside the screens', async () => {
    const app = await buildApp()
    for (const url of [
      '/admin/object/get',
      '/admin/asset/get-data-by-id',
      '/admin/settings',
      '/admin/no-such-screen',
    ]) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('<div id="root"></div>')
    }
  })

  it('redirects the asset library’s old address, and what lies beneath it, to /admin/assets', async () => {
    const app = await buildApp()
    for (const [url, location] of [
      ['/admin/asset-library', '/admin/assets'],
      ['/admin/asset-library/42?tab=versions', '/admin/assets/42?tab=versions'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(301)
      expect(response.headers.location, url).toBe(location)
    }
    const library = await app.inject({ method: 'GET', url: '/admin/assets/42' })
    expect(library.body).toContain('<div id="root"></div>')
  })

  it('redirects the documents’ old address, and what lies beneath it, to /admin/documents', async () => {
    const app = await buildApp()
    for (const [url, location] of [
      ['/admin/document-tree', '/admin/documents'],
      ['/admin/document-tree/7', '/admin/documents/7'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(301)
      expect(response.headers.location, url).toBe(location)
    }
    const screen = await app.inject({ method: 'GET', url: '/admin/documents/7' })
    expect(screen.body).toContain('<div id="root"></div>')
  })

  it('answers a missing asset with 404, not with the SPA', async () => {
    const app = await buildApp()
    const response = await app.inject({ method: 'GET', url: '/admin/static/missing-000.js' })
    expect(response.statusCode).toBe(404)
  })

  it('coexists with routers that ignore trailing slashes', async () => {
    const app = await buildApp({ ignoreTrailingSlash: true })
    const response = await app.inject({ method: 'GET', url: '/admin/' })
    expect(response.statusCode).toBe(200)
  })
})

describe('admin SPA before it is built', () => {
  it('answers 503 ADMIN_NOT_BUILT, saying how to build it', async () => {
    const app = await buildApp()
    const response = await app.inject({ method: 'GET', url: '/admin/data-objects' })
    expect(response.statusCode).toBe(503)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json<{ code: string; message: string }>()
    expect(body.code).toBe('ADMIN_NOT_BUILT')
    expect(body.message).toContain('npm run build')
  })

  it('serves the app once it has been built, without a restart', async () => {
    const app = await buildApp()
    expect((await app.inject({ method: 'GET', url: '/admin' })).statusCode).toBe(503)
    await writeBuild(distDir)
    const response = await app.inject({ method: 'GET', url: '/admin' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('nonce="test-nonce-2"')
  })
})
