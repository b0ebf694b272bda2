import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const ROOT_ROUTE = fileURLToPath(new URL('app/root.tsx', import.meta.url))
/**
 * Small modules outside the root's imports that pages load anyway: every page route's meta tags,
 * and the price formatting of the header's search suggestions (and of most shop pages).
 */
const EVERY_PAGE = [/[\\/]app[\\/]page-meta\.ts$/, /[\\/]commerce[\\/]money\.ts$/]

interface ModuleGraph {
  getModuleInfo(id: string): { readonly importedIds: readonly string[] } | null
}

/** The root route and every module it imports statically, at any depth, per build. */
const shells = new WeakMap<ModuleGraph, Set<string>>()
function rootClosure(graph: ModuleGraph): Set<string> {
  let shell = shells.get(graph)
  if (!shell) {
    shell = new Set([ROOT_ROUTE])
    const pending = [ROOT_ROUTE]
    for (let id = pending.pop(); id !== undefined; id = pending.pop())
      for (const imported of graph.getModuleInfo(id)?.importedIds ?? [])
        if (!shell.has(imported)) {
          shell.add(imported)
          pending.push(imported)
        }
    shells.set(graph, shell)
  }
  return shell
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    client: {
      // One framework chunk instead of four shared ones that also carry other routes' code: the
      // home page then stays well inside its JS budget (each file is compressed on its own).
      // Every page is inside the root route, so the root and all the app code it imports (header,
      // footer, translations, routes, icons…) go into one `shell` chunk too, with EVERY_PAGE: one
      // file compresses better than a dozen small ones (the home page: -1.7 KB gzip).
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                },
                {
                  debugName: 'shell',
                  name: (id, graph) =>
                    rootClosure(graph).has(id) || EVERY_PAGE.some((file) => file.test(id))
                      ? 'shell'
                      : null,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // The server's load-context module must be the very instance the Fastify server created
      // its context key with, so Node loads it at run time instead of Vite copying it in.
      build: { rolldownOptions: { external: [/^@optika\/server\//] } },
    },
  },
})
