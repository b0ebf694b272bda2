import { assertNodeVersion } from '../apps/server/src/platform/node-version.ts'
import { runCommand } from './run-command.ts'
import { ROOT } from './ensure-build.ts'

/** `npm run typecheck`: every workspace under its own tsconfig (the storefront after route typegen). */
assertNodeVersion()
const projects = [
  'packages/i18n',
  'packages/domain',
  'apps/server',
  'apps/storefront',
  'apps/admin',
  'tests/e2e',
  'bench',
  'scripts',
  'eslint-rules',
]
const typegen = await runCommand('react-router', ['typegen'], { cwd: `${ROOT}apps/storefront` })
if (typegen !== 0) process.exit(typegen)
let failed = 0
for (const project of projects) {
  const code = await runCommand('tsc', ['-p', `${project}/tsconfig.json`], { cwd: ROOT })
  if (code !== 0) {
    console.error(`typecheck failed: ${project}`)
    failed++
  }
}
process.exit(failed ? 1 : 0)
