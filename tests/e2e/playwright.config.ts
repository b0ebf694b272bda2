import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'
import { SERVER_NODE_FLAGS } from '../../apps/server/src/platform/node-flags.ts'
import { scaled } from './machine-pace.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${port}`

/**
 * Browser journeys against the real app as `npm start` runs it (the built storefront and back
 * office, the server's bundle, demo data on a fresh embedded database) in Debian's Chromium.
 * `npm test` builds first and passes CHROMIUM_PATH and a fresh E2E_DATA_DIR.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Journeys wait on states; these are the limits, grown with the machine's load (machine-pace.ts).
  timeout: scaled(45_000),
  expect: { timeout: scaled(10_000) },
  outputDir: `${root}test-results`,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: ['node', ...SERVER_NODE_FLAGS, 'scripts/start.ts'].join(' '),
    cwd: root,
    url: `${baseURL}/readyz`,
    timeout: scaled(120_000),
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: process.env.E2E_DATA_DIR ?? `${root}tests/e2e/.data`,
    },
  },
})
