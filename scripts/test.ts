import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { assertNodeVersion } from '../apps/server/src/platform/node-version.ts'
import { ensureBuild, ROOT } from './ensure-build.ts'
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts'
import { runCommand } from './run-command.ts'
import { findChromium, findPostgresBin } from './system-dependencies.ts'

/**
 * `npm test`: the one command that checks everything, as CI runs it. Typecheck, lint, format,
 * unit and integration tests on PGlite, the integration tests again on a private PostgreSQL
 * cluster, the production build with its size budget, and the browser journeys in Chromium.
 * Prints one closing line: `tests: N passed, N failed`.
 */
assertNodeVersion()
const reports = mkdtempSync(join(tmpdir(), 'optika-test-reports-'))
const counts = { passed: 0, failed: 0, skipped: 0 }
const failedSteps: string[] = []
let cluster: PostgresCluster | undefined

async function step(name: string, body: () => Promise<number>): Promise<void> {
  const started = performance.now()
  console.log(`\n▶ ${name}`)
  let code: number
  try {
    code = await body()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    code = 1
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`${code === 0 ? '✔' : '✘'} ${name} (${seconds} s)`)
  if (code !== 0) failedSteps.push(name)
}

/** Adds a Vitest JSON report's counts; a missing report means the runner itself failed. */
function countVitest(file: string): void {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numPendingTests: number
    numTodoTests: number
  }
  counts.passed += report.numPassedTests
  counts.failed += report.numFailedTests
  counts.skipped += report.numPendingTests + report.numTodoTests
}

function countPlaywright(file: string): void {
  if (!existsSync(file)) return
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  }
  counts.passed += stats.expected + stats.flaky
  counts.failed += stats.unexpected
  counts.skipped += stats.skipped
}

/**
 * Integration test files spend much of their time waiting on PostgreSQL, server processes and
 * the job queue, so they run at least two at a time (Vitest's default is one on two cores);
 * each file has its own database, so they never share state.
 */
const INTEGRATION_WORKERS = Math.max(2, availableParallelism())

function vitest(project: string, report: string, env: NodeJS.ProcessEnv = process.env) {
  return runCommand(
    'vitest',
    [
      'run',
      '--project',
      project,
      ...(project === 'integration' ? [`--maxWorkers=${INTEGRATION_WORKERS}`] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: ROOT, env },
  ).then((code) => {
    countVitest(report)
    return code
  })
}

try {
  await step('typecheck', () => runCommand('node', ['scripts/typecheck.ts'], { cwd: ROOT }))
  await step('lint', () => runCommand('eslint', ['--max-warnings=0', '.'], { cwd: ROOT }))
  await step('format', () =>
    runCommand('prettier', ['--check', '--log-level=warn', '.'], { cwd: ROOT }),
  )
  await step('unit tests', () => vitest('unit', join(reports, 'unit.json')))
  await step('integration tests on PGlite', () =>
    vitest('integration', join(reports, 'integration-pglite.json'), {
      ...process.env,
      TEST_DATABASE_URL: '',
    }),
  )
  await step('integration tests on PostgreSQL', async () => {
    let url = process.env.TEST_DATABASE_URL
    if (!url) {
      cluster = await startPostgresCluster(findPostgresBin())
      url = cluster.url
      console.log(`Private PostgreSQL cluster at ${url}`)
    }
    return vitest('integration', join(reports, 'integration-postgres.json'), {
      ...process.env,
      TEST_DATABASE_URL: url,
    })
  })
  cluster?.stop()
  cluster = undefined
  await step('build and client size budget', async () => {
    await ensureBuild()
    return runCommand('node', ['apps/storefront/scripts/check-client-size.ts'], { cwd: ROOT })
  })
  await step('browser journeys (Playwright, Chromium)', async () => {
    const chromium = findChromium()
    const dataDir = join(tmpdir(), `optika-e2e-${process.pid}`)
    rmSync(dataDir, { recursive: true, force: true })
    mkdirSync(dataDir, { recursive: true })
    const report = join(reports, 'e2e.json')
    const code = await runCommand(
      'playwright',
      ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          CHROMIUM_PATH: chromium,
          E2E_DATA_DIR: dataDir,
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        },
      },
    )
    countPlaywright(report)
    rmSync(dataDir, { recursive: true, force: true })
    return code
  })
} finally {
  cluster?.stop()
  rmSync(reports, { recursive: true, force: true })
}

if (failedSteps.length) console.error(`\nFailed steps: ${failedSteps.join(', ')}`)
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
process.exit(failedSteps.length ? 1 : 0)
