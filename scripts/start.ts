import { assertNodeVersion } from '../apps/server/src/platform/node-version.ts'
import { ensureBuild } from './ensure-build.ts'

/** `npm start`: builds what is missing or stale, then runs the server in this process. */
assertNodeVersion()
await ensureBuild()
await import('../apps/server/src/main.ts')
