import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    client: {
      // One framework chunk instead of four shared ones that also carry other routes' code: the
      // home page then stays well inside its JS budget (each file is compressed on its own).
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
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
