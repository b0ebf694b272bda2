import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { waitFor } from './wait-for.ts'

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url))

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface ServerProcess {
  readonly url: string
  readonly process: ChildProcess
  /** What the process printed (for a failing test's message). */
  output(): string
  /** SIGKILL, as a crash or a pulled plug: nothing is finished or handed back. */
  kill(): Promise<void>
  /** SIGTERM, the orderly stop. */
  stop(): Promise<void>
}

/**
 * Starts a real server process (`node apps/server/src/main.ts`, the repository's Node) on a free
 * port with `env` (DATABASE_URL, DATA_DIR …) and resolves once GET /readyz answers 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  try {
    await waitFor(
      `the server on port ${port} to be ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`it exited: ${output}`)
        const response = await fetch(`${url}/readyz`).catch(() => null)
        return response?.status === 200
      },
      { timeoutMs: options.timeoutMs ?? 60_000, everyMs: 200 },
    )
  } catch (error) {
    await end('SIGKILL')
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error })
  }
  return {
    url,
    process: child,
    output: () => output,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  }
}

/** A browser-like HTTP client: keeps the cookies it is given, whichever server sets them. */
export function cookieClient() {
  const cookies = new Map<string, string>()
  return {
    cookies,
    async call<T = unknown>(
      server: { url: string },
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<{ status: number; body: T; text: string; headers: Headers }> {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          'accept-language': 'en',
          ...(method === 'GET' ? {} : { origin: server.url }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const at = pair.indexOf('=')
        const name = pair.slice(0, at).trim()
        const value = pair.slice(at + 1).trim()
        if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name)
        else cookies.set(name, value)
      }
      const text = await response.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // Not JSON (a CSV download): the text is the body.
      }
      return { status: response.status, body: parsed as T, text, headers: response.headers }
    },
  }
}
