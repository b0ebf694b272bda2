/**
 * Sets of index slots as 32-bit words: one bit per product slot. Every set of one index has the
 * same number of words, so AND/OR/popcount are straight loops over typed arrays.
 */
export type Bitset = Uint32Array

export function hasBit(set: Bitset, slot: number): boolean {
  return ((set[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0
}

export function setBit(set: Bitset, slot: number): void {
  set[slot >>> 5]! |= 1 << (slot & 31)
}

export function clearBit(set: Bitset, slot: number): void {
  set[slot >>> 5]! &= ~(1 << (slot & 31))
}

function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * `popcount(a ∧ b)` over only the given words of `a` (its non-zero ones): for a small `a`, far
 * fewer words than the whole set.
 */
export function popcountAndAt(a: Bitset, b: Bitset, words: readonly number[]): number {
  let n = 0
  for (const i of words) {
    const w = a[i]! & b[i]!
    if (w !== 0) n += bitCount(w)
  }
  return n
}

export function popcount(set: Bitset): number {
  let n = 0
  for (let i = 0; i < set.length; i++) {
    const w = set[i]!
    if (w !== 0) n += bitCount(w)
  }
  return n
}

/** |a ∧ b| without allocating. */
export function popcountAnd(a: Bitset, b: Bitset): number {
  let n = 0
  for (let i = 0; i < a.length; i++) {
    const w = a[i]! & b[i]!
    if (w !== 0) n += bitCount(w)
  }
  return n
}

/** The indexes of the set's words that hold a slot. */
export function nonZeroWords(set: Bitset): number[] {
  const words: number[] = []
  for (let i = 0; i < set.length; i++) if (set[i] !== 0) words.push(i)
  return words
}

/** Whether a ∧ b has any slot, looking at `words` only (stops at the first). */
export function intersectsAt(a: Bitset, b: Bitset, words: readonly number[]): boolean {
  for (const i of words) if ((a[i]! & b[i]!) !== 0) return true
  return false
}

/** Whether a ∧ b has any slot (stops at the first). */
export function intersects(a: Bitset, b: Bitset): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i]! & b[i]!) !== 0) return true
  return false
}

/** a ∧ b into a new set. */
export function and(a: Bitset, b: Bitset): Bitset {
  const out = new Uint32Array(a.length)
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & b[i]!
  return out
}

/** target ∧= b. */
export function andInto(target: Bitset, b: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i]! &= b[i]!
}

/** target ∨= b. */
export function orInto(target: Bitset, b: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i]! |= b[i]!
}

/** a ∧ ¬b into a new set. */
export function andNot(a: Bitset, b: Bitset): Bitset {
  const out = new Uint32Array(a.length)
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & ~b[i]!
  return out
}

/** target ∧= ¬b. */
export function andNotInto(target: Bitset, b: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i]! &= ~b[i]!
}

/** Calls `visit` for every slot in the set, in slot order. */
export function forEachSlot(set: Bitset, visit: (slot: number) => void): void {
  for (let i = 0; i < set.length; i++) {
    let w = set[i]!
    while (w !== 0) {
      const low = w & -w
      visit((i << 5) + (31 - Math.clz32(low)))
      w ^= low
    }
  }
}

/** A copy with `words` words (longer: zero-filled). */
export function resized(set: Bitset, words: number): Bitset {
  const out = new Uint32Array(words)
  out.set(set.length <= words ? set : set.subarray(0, words))
  return out
}
