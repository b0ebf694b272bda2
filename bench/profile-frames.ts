/** The parts of a V8 `.cpuprofile` (Node's `--cpu-prof`) the summary reads. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number
    readonly callFrame: {
      readonly functionName: string
      readonly url: string
      readonly lineNumber: number
    }
  }[]
  readonly samples: readonly number[]
  readonly timeDeltas: readonly number[]
}

export interface Frame {
  readonly name: string
  /** File and line, relative to the repository (node_modules/…, apps/…, node:…). */
  readonly where: string
  /** Share of all sampled time spent in the function itself. */
  readonly percent: number
}

/**
 * The flame graph's top frames by self time: the functions the samples landed in, summed by
 * function and place, the `limit` largest first (idle time left out, so shares are of work).
 * Samples of the first `skipMs` (the server starting and warming up) are left out too.
 */
export function topFrames(profile: CpuProfile, limit: number, skipMs = 0): Frame[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, { name: string; where: string; micros: number }>()
  let total = 0
  let elapsed = 0
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0
    elapsed += micros
    const frame = byId.get(id)?.callFrame
    if (!frame || frame.functionName === '(idle)' || elapsed < skipMs * 1000) return
    total += micros
    const where = frame.url
      ? `${frame.url.replace(/^.*?\/(node_modules|apps|packages)\//, '$1/').replace(/^file:\/\//, '')}:${frame.lineNumber + 1}`
      : '(native)'
    const key = `${frame.functionName}@${where}`
    const entry = self.get(key) ?? { name: frame.functionName || '(anonymous)', where, micros: 0 }
    entry.micros += micros
    self.set(key, entry)
  })
  return [...self.values()]
    .sort((a, b) => b.micros - a.micros)
    .slice(0, limit)
    .map((entry) => ({
      name: entry.name,
      where: entry.where,
      percent: total === 0 ? 0 : (100 * entry.micros) / total,
    }))
}
