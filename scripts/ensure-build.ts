import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommand } from './run-command.ts'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** What the client builds are made from; a change to any of these makes the build stale. */
const SOURCES = [
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
]
const STAMP = 'apps/storefront/build/.built-at'
const OUTPUTS = ['apps/storefront/build/server/index.js', 'apps/admin/dist/index.html', STAMP]

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

/** Whether the storefront and admin builds are missing or older than their sources. */
export function buildIsStale(): boolean {
  if (OUTPUTS.some((output) => !existsSync(join(ROOT, output)))) return true
  const builtAt = statSync(join(ROOT, STAMP)).mtimeMs
  return SOURCES.some((source) => newestChange(join(ROOT, source)) > builtAt)
}

/** Builds the storefront and the back office when they are missing or stale. */
export async function ensureBuild(): Promise<void> {
  if (!buildIsStale()) return
  console.log('Building the storefront and the back office…')
  const code = await runCommand('npm', ['run', 'build', '--silent'], { cwd: ROOT })
  if (code !== 0) throw new Error(`The build failed (exit ${code}).`)
  writeFileSync(join(ROOT, STAMP), new Date().toISOString())
  console.log(`Built (${relative(ROOT, join(ROOT, STAMP))} written).`)
}
