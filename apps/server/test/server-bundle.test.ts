import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer, withSourceUrls } from '../../../scripts/build-server.ts'

// The browser journeys run the whole shop on this bundle (`npm test` builds it, the journeys'
// server is `scripts/start.ts`); these check what a journey would only show as a broken page.

const root = fileURLToPath(new URL('../../..', import.meta.url))

describe('the server bundle', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'optika-bundle-')), 'dist')
  let code = ''
  beforeAll(async () => {
    await buildServer(root, out)
    code = readdirSync(out)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(join(out, file), 'utf8'))
      .join('\n')
  }, 120_000)
  afterAll(() => rm(join(out, '..'), { recursive: true, force: true }))

  it('starts from main.mjs and keeps each file where its sources are', () => {
    expect(readdirSync(out)).toContain('main.mjs')
    expect(code).not.toMatch(/import\.meta\.(url|dirname|filename)/)
    const migrate = pathToFileURL(join(root, 'apps/server/src/platform/db/migrate.ts')).href
    expect(code).toContain(JSON.stringify(migrate))
  })

  it('holds drizzle-orm and the workspace packages, and imports the rest from node_modules', () => {
    expect(code).not.toMatch(/from "(drizzle-orm|@optika\/(domain|i18n))[/"]/)
    expect(code).toMatch(/from "fastify"/)
    expect(code).toMatch(/import\("exceljs"\)/)
  })

  it("shares the storefront's load context, imported as the storefront's build imports it", () => {
    expect(code).toContain('from "@optika/server/web/storefront/load-context"')
    expect(code).not.toMatch(/storefrontContext = /)
  })

  it('rewrites import.meta paths to the source file, and leaves other code alone', () => {
    const id = '/srv/app/src/x.ts'
    expect(
      withSourceUrls(
        'new URL("./m", import.meta.url); import.meta.dirname; import.meta.filename',
        id,
      ),
    ).toBe('new URL("./m", "file:///srv/app/src/x.ts"); "/srv/app/src"; "/srv/app/src/x.ts"')
    expect(withSourceUrls('const meta = 1', id)).toBeNull()
  })
})
