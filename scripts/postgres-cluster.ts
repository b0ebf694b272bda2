import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PostgresCluster {
  readonly url: string
  stop(): void
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
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
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`,
    'start',
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
