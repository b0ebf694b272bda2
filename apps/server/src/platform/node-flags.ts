/**
 * V8 flags every server process starts with: `npm start` (package.json), the browser journeys and
 * the benchmarks pass them on the command line, and `WORKERS=N` processes inherit them. They cannot
 * be set from inside: V8 sizes its heap when the process starts.
 *
 * `--max-semi-space-size=16`: on a machine with a lot of memory V8 lets the young generation grow
 * to 128 MiB, almost all of it garbage between collections; at 16 MiB per semi-space (32 MiB in
 * all) a server under load keeps about 100 MiB less, at the same throughput (decision 071).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16']
