import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

/**
 * Finds the system programs the suite needs, installing Debian's packages when they are missing
 * and we may (root with apt-get, as Playwright's --with-deps does; OPTIKA_NO_INSTALL=1 forbids it).
 */
function mayInstall(): boolean {
  return (
    process.env.OPTIKA_NO_INSTALL !== '1' &&
    process.getuid?.() === 0 &&
    spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0
  )
}

let aptUpdated = false
function aptInstall(pkg: string): void {
  console.log(`Installing Debian's ${pkg}…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    aptUpdated = true
  }
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env })
}

const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]

/** The path of a Chromium to drive, or throws saying how to get one. */
export function findChromium(): string {
  const given = process.env.CHROMIUM_PATH
  if (given) {
    if (existsSync(given)) return given
    throw new Error(`CHROMIUM_PATH=${given} does not exist.`)
  }
  const found = CHROMIUM_CANDIDATES.find((path) => existsSync(path))
  if (found) return found
  if (mayInstall()) {
    aptInstall('chromium')
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  }
  throw new Error(
    'No Chromium found. Install it (Debian: `apt-get install chromium`) or set CHROMIUM_PATH.',
  )
}

/** The folder holding initdb/pg_ctl/postgres of the newest installed PostgreSQL, if any. */
export function findInstalledPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql'
  return existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `${base}/${v}/bin`)
        .find((dir) => existsSync(`${dir}/initdb`) && existsSync(`${dir}/pg_ctl`))
    : undefined
}

/** The folder holding initdb/pg_ctl/postgres of the newest installed PostgreSQL, or throws. */
export function findPostgresBin(): string {
  const found = findInstalledPostgresBin()
  if (found) return found
  if (mayInstall()) {
    aptInstall('postgresql')
    const installed = findInstalledPostgresBin()
    if (installed) return installed
  }
  throw new Error(
    'No PostgreSQL server binaries found. Install them (Debian: `apt-get install postgresql`) ' +
      'or set TEST_DATABASE_URL to a server the tests may create databases on.',
  )
}
