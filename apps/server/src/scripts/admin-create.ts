import { createInterface } from 'node:readline/promises'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { assertNodeVersion } from '../platform/node-version.ts'
import { loadEnv } from '../platform/env.ts'
import { openDatabase } from '../platform/db/client.ts'
import { migrate } from '../platform/db/migrate.ts'
import {
  AdminUsernameTakenError,
  createAdminUser,
} from '../identity/admin-users/create-admin-user.ts'

/**
 * `npm run admin:create -- --username eva --email eva@example.com [--name "Eva Nová"]`
 * The password comes from OPTIKA_ADMIN_PASSWORD (for scripts) or is asked for without echo.
 * It is never printed, logged or passed on the command line, where `ps` would show it.
 */
const PASSWORD_ENV = 'OPTIKA_ADMIN_PASSWORD'

/** Reads one line without echoing it; on a pipe there is no echo to suppress. */
async function readSecret(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, terminal: false })
    process.stderr.write(question)
    for await (const line of rl) {
      rl.close()
      return line
    }
    return ''
  }
  let muted = false
  const output = new Writable({
    write(chunk: Buffer, encoding: BufferEncoding, callback: () => void) {
      if (!muted) process.stdout.write(chunk, encoding)
      callback()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: true })
  rl.on('SIGINT', () => {
    rl.close()
    process.stdout.write('\n')
    process.exit(130)
  })
  process.stdout.write(question)
  muted = true
  try {
    return await rl.question('')
  } finally {
    muted = false
    rl.close()
    process.stdout.write('\n')
  }
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env[PASSWORD_ENV]
  if (fromEnv) return fromEnv
  const password = await readSecret('Password (at least 12 characters): ')
  if (process.stdin.isTTY) {
    const repeated = await readSecret('Repeat the password: ')
    if (repeated !== password) throw new Error('The passwords do not match.')
  }
  return password
}

assertNodeVersion()
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
  },
})
if (!values.username || !values.email) {
  console.error(
    'Usage: npm run admin:create -- --username <name> --email <address> [--name "<full name>"]',
  )
  console.error(`The password is read from ${PASSWORD_ENV} or asked for.`)
  process.exit(2)
}

const env = loadEnv()
let exitCode = 0
try {
  const password = await readPassword()
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  try {
    await migrate(database)
    const admin = await createAdminUser(database.db, {
      username: values.username,
      email: values.email,
      password,
      ...(values.name === undefined ? {} : { name: values.name }),
    })
    console.log(`Administrator "${admin.username}" <${admin.email}> created (id ${admin.id}).`)
  } finally {
    await database.close()
  }
} catch (error) {
  exitCode = 1
  if (error instanceof z.ZodError) console.error(`Not created:\n${z.prettifyError(error)}`)
  else if (error instanceof AdminUsernameTakenError) console.error(`Not created: ${error.message}`)
  else if (error instanceof Error) console.error(`Not created: ${error.message}`)
  else throw error
}
process.exitCode = exitCode
