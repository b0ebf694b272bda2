import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommand } from './run-command.ts'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

interface Build {
  /** What it is made from: a change to any of these makes it stale. */
  readonly sources: readonly string[]
  /** Written last: its time is the build's. */
  readonly stamp: string
  readonly outputs: readonly string[]
}

/** The storefront and the back office (Vite). */
const CLIENTS: Build = {
  sources: [
    'apps/storefront/app',
    'apps/storefront/public',
    'apps/storefront/vite.config.ts',
    'apps/storefront/react-router.config.ts',
    'apps/admin/src',
    'apps/admin/index.html',
    'apps/admin/vite.config.ts',
    'packages/domain/src',
    'packages/i18n/src',
    'package-lock.json',
  ],
  stamp: 'apps/storefront/build/.built-at',
  outputs: ['apps/storefront/build/server/index.js', 'apps/admin/dist/index.html'],
}

/** The server's bundle (`build-server.ts`), which `npm start` runs. */
export const SERVER_BUNDLE = 'apps/server/dist/main.mjs'
const SERVER: Build = {
  sources: ['apps/server/src', 'packages', 'package-lock.json', 'scripts/build-server.ts'],
  stamp: 'apps/server/dist/.built-at',
  outputs: [SERVER_BUNDLE],
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx'))
      continue
    newest = Math.max(newest, newestChange(join(path, entry)))
  }
  return newest
}

/** Whether the build's outputs are missing or older than its sources. */
function isStale(build: Build): boolean {
  if ([...build.outputs, build.stamp].some((output) => !existsSync(join(ROOT, output)))) return true
  const builtAt = statSync(join(ROOT, build.stamp)).mtimeMs
  return build.sources.some((source) => newestChange(join(ROOT, source)) > builtAt)
}

function stamp(build: Build): void {
  writeFileSync(join(ROOT, build.stamp), new Date().toISOString())
  console.log(`Built (${build.stamp} written).`)
}

/** Builds the storefront, the back office and the server's bundle when missing or stale. */
export async function ensureBuild(): Promise<void> {
  if (isStale(CLIENTS)) {
    console.log('Building the storefront and the back office…')
    const code = await runCommand('npm', ['run', 'build', '--silent'], { cwd: ROOT })
    if (code !== 0) throw new Error(`The build failed (exit ${code}).`)
    stamp(CLIENTS)
  }
  if (isStale(SERVER)) {
    console.log('Bundling the server…')
    const { buildServer } = await import('./build-server.ts')
    await buildServer(ROOT, join(ROOT, dirname(SERVER_BUNDLE)))
    stamp(SERVER)
  }
}
