import { assertNodeVersion } from '../apps/server/src/platform/node-version.ts'
import { ensureBuild, SERVER_BUNDLE } from './ensure-build.ts'

/** `npm start`: builds what is missing or stale, then runs the server's bundle in this process. */
assertNodeVersion()
await ensureBuild()
await import(`../${SERVER_BUNDLE}`)
