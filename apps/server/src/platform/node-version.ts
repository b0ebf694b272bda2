/** The oldest Node the shop runs on. npm may run on an older system Node; the server may not. */
export const MINIMUM_NODE_MAJOR = 24

/** Stops the process with a clear message on an older Node (e.g. after `npm ci --ignore-scripts`). */
export function assertNodeVersion(version: string = process.versions.node): void {
  const major = Number(version.split('.')[0])
  if (major < MINIMUM_NODE_MAJOR) {
    throw new Error(
      `Optika needs Node ${MINIMUM_NODE_MAJOR} or newer, but this is Node ${version}. ` +
        'Run it through npm (`npm start`), which uses the Node 24 that `npm ci` installs ' +
        'into node_modules/.bin, or install Node 24.',
    )
  }
}
