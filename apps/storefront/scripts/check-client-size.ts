/**
 * Sums the gzip size of the JavaScript a browser loads for the storefront's home page (the client
 * entry, the root route, the home route, everything they import, and the part of React Router's
 * manifest the page carries inline — routes are discovered lazily, decision 050), reading React
 * Router's own client manifest from the build. Prints the total and fails above the budget. Run
 * after `react-router build`: `node scripts/check-client-size.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_BYTES = 120 * 1024
const HOME_ROUTES = ['root', 'routes/home']
/** Routes whose manifest entries the home page carries inline besides its own (those matching '/'). */
const INLINE_ROUTES = [...HOME_ROUTES, 'routes/not-found']

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

function readBrowserManifest(): BrowserManifest {
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
  return JSON.parse(json) as BrowserManifest
}

function main(): void {
  const manifest = readBrowserManifest()
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])])
  for (const id of HOME_ROUTES) {
    const route = manifest.routes[id]
    if (!route) throw new Error(`The build has no route "${id}"`)
    files.add(route.module)
    for (const imported of route.imports ?? []) files.add(imported)
  }

  // What React Router writes into the page: the manifest with only the page's routes.
  const inline = {
    ...manifest,
    routes: Object.fromEntries(INLINE_ROUTES.map((id) => [id, manifest.routes[id]])),
  }
  const inlineSize = gzipSync(JSON.stringify(inline, null, 2)).length
  let total = inlineSize
  const rows: [string, number][] = [['(inline route manifest)', inlineSize]]
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
