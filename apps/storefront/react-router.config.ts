import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every route's manifest entry comes with the page: the shop has few routes, and lazy
  // discovery would add a /__manifest round trip before client-side navigations.
  routeDiscovery: { mode: 'initial' },
} satisfies Config
