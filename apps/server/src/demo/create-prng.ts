/** A seeded pseudo-random source; the demo catalogue must come out the same on every run. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with probability p. */
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T
  /** n distinct items in random order (fewer if the list is shorter). */
  sample<T>(items: readonly T[], n: number): T[]
}

/** mulberry32: tiny, fast and good enough for demo data (not for anything secret). */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0
  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  function int(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1))
  }
  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list')
    return items[Math.floor(next() * items.length)] as T
  }
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
      let roll = next() * total
      for (const [value, weight] of entries) {
        roll -= weight
        if (roll < 0) return value
      }
      const last = entries.at(-1)
      if (!last) throw new Error('Cannot pick from an empty list')
      return last[0]
    },
    sample<T>(items: readonly T[], n: number): T[] {
      const pool = [...items]
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[pool[i], pool[j]] = [pool[j] as T, pool[i] as T]
      }
      return pool.slice(0, Math.min(n, pool.length))
    },
  }
}
