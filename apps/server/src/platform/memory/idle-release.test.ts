import { describe, expect, it } from 'vitest'
import { IdleMemoryRelease, lastResortCollection } from './idle-release.ts'

const MiB = 1024 * 1024

/** A release over a fake process whose resident memory the test sets. */
function watched(startRss: number) {
  const process = { rss: startRss, collections: 0, freesTo: startRss }
  const releases: { rssBefore: number; rssAfter: number }[] = []
  const release = new IdleMemoryRelease({
    rss: () => process.rss,
    collect: () => {
      process.collections += 1
      process.rss = process.freesTo
    },
    growthBytes: 32 * MiB,
    onRelease: ({ rssBefore, rssAfter }) => releases.push({ rssBefore, rssAfter }),
  })
  return { process, release, releases }
}

describe('releasing memory when the server goes idle', () => {
  it('collects once a whole interval passes without a request after the process grew', () => {
    const { process, release, releases } = watched(300 * MiB)
    process.rss = 480 * MiB
    process.freesTo = 330 * MiB
    release.noteRequest()
    expect(release.check()).toBe(false)
    expect(release.check()).toBe(true)
    expect(releases).toEqual([{ rssBefore: 480 * MiB, rssAfter: 330 * MiB }])
  })

  it('never collects while requests keep coming', () => {
    const { process, release } = watched(300 * MiB)
    process.rss = 900 * MiB
    for (let interval = 0; interval < 50; interval += 1) {
      release.noteRequest()
      expect(release.check()).toBe(false)
    }
    expect(process.collections).toBe(0)
  })

  it('leaves a quiet process alone until it has grown again since the last release', () => {
    const { process, release } = watched(300 * MiB)
    process.rss = 310 * MiB
    expect(release.check()).toBe(false)
    process.rss = 340 * MiB
    process.freesTo = 320 * MiB
    expect(release.check()).toBe(true)
    expect(release.check()).toBe(false)
    process.rss = 350 * MiB
    expect(release.check()).toBe(false)
    process.rss = 353 * MiB
    expect(release.check()).toBe(true)
    expect(process.collections).toBe(2)
  })
})

describe('the last-resort collection', () => {
  it('frees what is no longer reachable, without exposing gc to the process', () => {
    const collect = lastResortCollection()
    // Rows made in a scope that has ended: garbage once it returns.
    const withGarbage = (() => {
      const rows = Array.from({ length: 400_000 }, (_, index) => ({ index, text: `row ${index}` }))
      expect(rows.length).toBe(400_000)
      return process.memoryUsage().heapUsed
    })()
    collect()
    expect(process.memoryUsage().heapUsed).toBeLessThan(withGarbage - 10 * MiB)
    expect('gc' in globalThis).toBe(false)
  })
})
