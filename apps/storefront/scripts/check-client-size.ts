/**
 * Sums the gzip size of the JavaScript a browser loads for the storefront's home page (the client
 * entry, the root route, the home route, everything they import, and React Router's manifest
 * script), reading React Router's own client manifest from the build. Prints the total and fails
 * above the budget. Run after `react-router build`: `node scripts/check-client-size.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_BYTES = 120 * 1024
const HOME_ROUTES = ['root', 'routes/home']

interface ManifestEntry {
  readonly module: string
  readonly imports?: readonly string[]
}
interface BrowserManifest {
  readonly url?: string
  readonly entry: ManifestEntry
  readonly routes: Readonly<Record<string, ManifestEntry | undefined>>
}

const clientDir = resolve(import.meta.dirname, '..', 'build', 'client')
const assetsDir = join(clientDir, 'assets')

function readBrowserManifest(): { file: string; manifest: BrowserManifest } {
  let names: string[]
  try {
    names = readdirSync(assetsDir).filter((name) => /^manifest-[\w-]+\.js$/.test(name))
  } catch {
    throw new Error(`No storefront build in ${clientDir}: run \`npm run build\` first.`)
  }
  if (names.length !== 1)
    throw new Error(`Expected one React Router manifest in ${assetsDir}, found ${names.length}`)
  const file = `/assets/${names[0]}`
  const source = readFileSync(join(clientDir, file), 'utf8')
  const json = source.replace(/^window\.__reactRouterManifest\s*=\s*/, '').replace(/;\s*$/, '')
  return { file, manifest: JSON.parse(json) as BrowserManifest }
}

function main(): void {
  const { file, manifest } = readBrowserManifest()
  const files = new Set<string>([file, manifest.entry.module, ...(manifest.entry.imports ?? [])])
  for (const id of HOME_ROUTES) {
    const route = manifest.routes[id]
    if (!route) throw new Error(`The build has no route "${id}"`)
    files.add(route.module)
    for (const imported of route.imports ?? []) files.add(imported)
  }

  let total = 0
  const rows: [string, number][] = []
  for (const url of files) {
    const size = gzipSync(readFileSync(join(clientDir, url))).length
    total += size
    rows.push([url, size])
  }
  rows.sort((a, b) => b[1] - a[1])
  for (const [url, size] of rows) console.log(`${kb(size).padStart(9)}  ${url}`)
  console.log(`Home page client JS: ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`)
  if (total > BUDGET_BYTES) {
    console.error('Over budget: keep heavy code out of the root and the home route.')
    process.exitCode = 1
  }
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

main()
