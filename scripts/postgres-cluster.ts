import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PostgresCluster {
  readonly url: string
  /**
   * Stops the server but keeps the cluster, for tests of a database outage: `fast` as an
   * administrator's shutdown (the backends end their sessions), `immediate` as a crash.
   */
  stopServer(mode?: 'fast' | 'immediate'): void
  /** Starts the stopped server again, on the same port. */
  startServer(): void
  /** Stops the server and deletes the cluster. */
  stop(): void
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * A free port below the kernel's range for outgoing connections, so that while a test has the
 * server stopped no client socket can take its port and keep it from starting again.
 */
async function freePort(): Promise<number> {
  let ephemeralFrom = 32_768
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)
    if (Number(low) > 11_000) ephemeralFrom = Number(low)
  } catch {
    // Not Linux: keep the usual boundary.
  }
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = 10_000 + Math.floor(Math.random() * (ephemeralFrom - 10_000))
    if (await isFree(port)) return port
  }
  throw new Error('No free port for PostgreSQL below the ephemeral port range')
}

/**
 * Starts a throw-away PostgreSQL cluster on 127.0.0.1 with trust auth, for the test run only.
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
export async function startPostgresCluster(binDir: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'optika-pg-'))
  const dataDir = join(dir, 'data')
  const port = await freePort()
  const asRoot = process.getuid?.() === 0
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(binDir, program), ...args]]
      : [join(binDir, program), args]
    execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'inherit'] })
  }
  if (asRoot) {
    chmodSync(dir, 0o755)
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`
  const startServer = () =>
    run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'log'), '-w', '-o', options, 'start'])
  const stopServer = (mode: 'fast' | 'immediate' = 'immediate') =>
    run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop'])
  startServer()
  let running = true
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopServer(mode) {
      stopServer(mode)
      running = false
    },
    startServer() {
      startServer()
      running = true
    },
    stop() {
      try {
        if (running) stopServer('immediate')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
