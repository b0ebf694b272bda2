import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
// A relative import, so Vite bundles it into the config: Node loads bare workspace imports as is,
// and older Node cannot run a .ts file.
import {
  ADMIN_API_AREAS,
  ADMIN_SIGN_IN_SCREENS,
} from '../../packages/domain/src/admin/admin-screens.ts'

/** Where `vite dev` forwards API calls: the Fastify server on its default port. */
const API_ORIGIN = 'http://localhost:3000'

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  html: {
    // Vite writes this placeholder into every script, modulepreload and style tag, and into a
    // `<meta property="csp-nonce">` its preload helper reads; the server swaps in the per-request
    // nonce when it serves index.html (apps/server/src/web/admin-spa).
    cspNonce: 'OPTIKA_CSP_NONCE',
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Not `assets`: /admin/assets is the asset library's screen (ADMIN_STATIC_PREFIX).
    assetsDir: 'static',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries the frame needs go into long-cached vendor chunks, split by how often they
          // change; libraries only a lazy screen uses stay with that screen.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/readyz': API_ORIGIN,
      [`^(${ADMIN_API_AREAS.join('|')})(/|$)`]: {
        target: API_ORIGIN,
        // The sign-in screens share their paths with the sign-in API: GET is the screen (served
        // by Vite here), anything else is the API.
        bypass: (req) => {
          const path = (req.url ?? '').split('?')[0] ?? ''
          const isScreen = (ADMIN_SIGN_IN_SCREENS as readonly string[]).includes(path)
          return req.method === 'GET' && isScreen ? '/admin/index.html' : undefined
        },
      },
    },
  },
})
