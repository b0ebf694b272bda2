import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // A page carries only its own routes' manifest entries inline; the routes its links lead to are
  // fetched from /__manifest once the page is idle, so navigations rarely wait (decision 050).
  routeDiscovery: { mode: 'lazy' },
} satisfies Config
