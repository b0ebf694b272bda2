import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    ssr: {
      // The server's load-context module must be the very instance the Fastify server created
      // its context key with, so Node loads it at run time instead of Vite copying it in.
      build: { rolldownOptions: { external: [/^@optika\/server\//] } },
    },
  },
})
