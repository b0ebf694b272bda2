import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts'

export interface StartedShop {
  /** Resolves once GET /readyz answers 200 (at most 180 s). */
  ready: () => Promise<void>
  /** Stops the server and removes its data directory. */
  stop: () => Promise<void>
}

/**
 * Starts `node <script>` in `root` as the built shop with demo data on a fresh embedded database
 * (a temporary directory named `<dataDirPrefix>…`), listening on 127.0.0.1:`port`.
 */
export function startShop(options: {
  root: string
  script: string
  port: number
  dataDirPrefix: string
}): StartedShop {
  const base = `http://127.0.0.1:${options.port}`
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix))
  const server = spawn('node', [...SERVER_NODE_FLAGS, options.script], {
    cwd: options.root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })

  async function ready(): Promise<void> {
    const deadline = Date.now() + 180_000
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) return
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    throw new Error('The server did not become ready within 180 s.')
  }

  async function stop(): Promise<void> {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }

  return { ready, stop }
}
