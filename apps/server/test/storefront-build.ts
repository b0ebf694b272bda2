import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

const STOREFRONT_DIR = resolve(import.meta.dirname, '../../storefront')

/** The storefront's React Router build (apps/storefront/build), which page tests render. */
export const STOREFRONT_BUILD_DIR = join(STOREFRONT_DIR, 'build')

/** The pages need the storefront's React Router build; make it when a fresh checkout has none. */
export async function ensureStorefrontBuild(): Promise<void> {
  if (existsSync(join(STOREFRONT_BUILD_DIR, 'server', 'index.js'))) return
  const cli = resolve(import.meta.dirname, '../../../node_modules/.bin/react-router')
  await promisify(execFile)(cli, ['build'], { cwd: STOREFRONT_DIR })
}
