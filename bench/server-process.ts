import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts'
import { ensureBuild, SERVER_BUNDLE } from '../scripts/ensure-build.ts'

export interface ServerProcess {
  readonly pid: number
  readonly url: string
  /** From the spawn to the first 200 of `readyPath`. */
  readonly startedInMs: number
  stop(): Promise<void>
}

/**
 * The shop's server as `npm start` runs it (its bundle, built first when stale, with
 * `SERVER_NODE_FLAGS`; production, demo data) in its own process on 127.0.0.1, once `readyPath`
 * answers 200 (4 minutes at most: the first start seeds the demo data). Without `databaseUrl` it
 * opens the embedded database in `dataDir`.
 */
export async function startServerProcess(options: {
  readonly root: string
  readonly dataDir: string
  readonly databaseUrl?: string
  readonly port?: number
  readonly nodeArgs?: readonly string[]
  readonly env?: Readonly<Record<string, string>>
  readonly readyPath?: string
}): Promise<ServerProcess> {
  const port = options.port ?? 4100 + Math.floor(Math.random() * 800)
  await ensureBuild()
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), join(options.root, SERVER_BUNDLE)],
    {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: options.dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 240_000
  for (;;) {
    const ok = await fetch(`${url}${options.readyPath ?? '/readyz'}`)
      .then(async (response) => (await response.arrayBuffer(), response.ok))
      .catch(() => false)
    if (ok) break
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    if (Date.now() > deadline) throw new Error('the server did not become ready in 4 minutes')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    pid: child.pid!,
    url,
    startedInMs: performance.now() - started,
    async stop() {
      child.kill('SIGTERM')
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}
