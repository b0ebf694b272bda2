import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'rolldown'

/**
 * The server as a bundle (decision 072): `apps/server/src/main.ts` with every module of the
 * server and of the workspace packages in one file (and one per lazily imported feature), so a
 * start reads, resolves and links one module where it did about 1,000. Packages from node_modules
 * stay external, loaded by Node as before, except drizzle-orm: Node 24 parses a package's
 * `exports` map again for each of its files it loads, and drizzle-orm's is 179 KB over about 200
 * files.
 */
const BUNDLED_PACKAGES = ['@optika', 'drizzle-orm']

/**
 * `import.meta.url` (and `dirname`, `filename`) as the source file's own, so paths made from it
 * (migrations, fonts, the client builds) stay where they are in the sources.
 */
export function withSourceUrls(code: string, id: string): string | null {
  if (!code.includes('import.meta.')) return null
  const values: Record<string, string> = {
    url: pathToFileURL(id).href,
    dirname: dirname(id),
    filename: id,
  }
  return code.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key: string) =>
    JSON.stringify(values[key]),
  )
}

/** Bare imports stay imports, except of the bundled packages; paths are bundled. */
function isExternal(id: string): boolean {
  if (id.startsWith('.') || id.startsWith('/') || id.startsWith('\0')) return false
  return !BUNDLED_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`))
}

/**
 * Server modules the storefront's build imports at run time (`@optika/server/…`, external there):
 * the bundle imports them the same way, so both sides share one instance (the load context's key).
 */
const SHARED_WITH_STOREFRONT = ['web/storefront/load-context']

/** Bundles the server into `outDir` (replaced whole): `main.mjs` and its chunks. */
export async function buildServer(root: string, outDir: string): Promise<void> {
  const staging = `${outDir}.${process.pid}.tmp`
  await rm(staging, { recursive: true, force: true })
  await build({
    input: join(root, 'apps/server/src/main.ts'),
    platform: 'node',
    external: isExternal,
    logLevel: 'warn',
    plugins: [
      { name: 'source-urls', transform: withSourceUrls },
      {
        name: 'shared-with-storefront',
        async resolveId(source, importer, options) {
          const shared = SHARED_WITH_STOREFRONT.find((path) =>
            source.endsWith(`${basename(path)}.ts`),
          )
          if (!shared || !importer) return null
          const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
          return resolved?.id === join(root, 'apps/server/src', `${shared}.ts`)
            ? { id: `@optika/server/${shared}`, external: true }
            : null
        },
      },
    ],
    output: {
      dir: staging,
      format: 'esm',
      entryFileNames: 'main.mjs',
      chunkFileNames: '[name]-[hash].mjs',
    },
  })
  await rm(outDir, { recursive: true, force: true })
  await rename(staging, outDir)
}
