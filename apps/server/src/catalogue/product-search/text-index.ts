import { andInto, clearBit, forEachSlot, hasBit, resized, setBit, type Bitset } from './bitset.ts'

/**
 * The slots whose text holds one trigram: a list while it is short (in the order added, stale and
 * repeated entries possible), a bitset once the list would be larger than one (exact: a changed
 * text clears its old bits).
 */
interface Posting {
  slots: Uint32Array
  length: number
  bits: Bitset | null
}

/** Below this many characters a needle has no trigram: its search scans every text. */
const GRAM = 3
const NO_SLOTS = new Uint32Array(0)

/**
 * The products' search texts and a trigram index over them (issue 22): "which texts contain this
 * needle" reads the slots under the needle's rarest trigram, keeps those every common trigram's
 * bitset has, and checks only those texts, instead of every text in the shop.
 *
 * A rare trigram's list only ever grows: a changed or removed text leaves its old slots in it,
 * and every candidate is checked against its current text, so a stale entry costs a check, never
 * a wrong answer. Once stale entries could make up a quarter of the lists, the next search
 * rebuilds them. The first index is built a slice at a time (`buildSome`) after the catalogue
 * loads, or whole by the first search that needs it.
 */
export class TextIndex {
  private readonly texts: string[] = []
  private postings: Map<number, Posting> | null = null
  /** The first postings while `buildSome` builds them: texts below `builtUpTo` are in. */
  private building: Map<number, Posting> | null = null
  private builtUpTo = 0
  /** Texts changed since the postings were built: an upper bound on their stale entries. */
  private changed = 0
  private live = 0

  /** `rebuildFloor`: the postings are never rebuilt for fewer than a quarter of this many changes. */
  private readonly rebuildFloor: number

  constructor(rebuildFloor = 1024) {
    this.rebuildFloor = rebuildFloor
  }

  /**
   * What a snapshot keeps: every slot's text joined by NUL (which PostgreSQL's text never holds)
   * and, once built, the postings as four flat arrays (`restore` reads them back).
   */
  state(): TextIndexState {
    const texts = Buffer.from(this.texts.join('\u0000'))
    const state = { texts: new Uint8Array(texts.buffer, texts.byteOffset, texts.length) }
    if (!this.postings) return { ...state, postings: null }
    const grams = new Float64Array(this.postings.size)
    // Per trigram: its list's length, or minus its bitset's words.
    const sizes = new Int32Array(this.postings.size)
    let listed = 0
    let words = 0
    for (const { length, bits } of this.postings.values()) {
      if (bits) words += bits.length
      else listed += length
    }
    const slots = new Uint32Array(listed)
    const bits = new Uint32Array(words)
    let i = 0
    listed = 0
    words = 0
    for (const [gram, posting] of this.postings) {
      grams[i] = gram
      if (posting.bits) {
        sizes[i] = -posting.bits.length
        bits.set(posting.bits, words)
        words += posting.bits.length
      } else {
        sizes[i] = posting.length
        slots.set(posting.slots.subarray(0, posting.length), listed)
        listed += posting.length
      }
      i++
    }
    return { ...state, postings: { grams, sizes, slots, bits, changed: this.changed } }
  }

  /** The index `state` described; without postings they are built as for a new one. */
  static restore(state: TextIndexState, rebuildFloor?: number): TextIndex {
    const index = new TextIndex(rebuildFloor)
    const { texts } = state
    const bytes = Buffer.from(texts.buffer, texts.byteOffset, texts.byteLength)
    // Each text decoded on its own: pieces split off one decoded whole would keep all of it
    // alive, and one character beyond Latin-1 anywhere makes such a whole two bytes a character.
    // Texts are separated by NUL; an empty state holds no text at all.
    let start = bytes.length > 0 ? 0 : -1
    while (start >= 0) {
      const end = bytes.indexOf(0, start)
      const text = bytes.toString('utf8', start, end < 0 ? bytes.length : end)
      index.texts.push(text)
      if (text !== '') index.live++
      start = end < 0 ? -1 : end + 1
    }
    if (!state.postings) return index
    const { grams, sizes, slots, bits, changed } = state.postings
    if (sizes.length !== grams.length) throw new Error('a text index of another size')
    const postings = new Map<number, Posting>()
    let listed = 0
    let words = 0
    for (let i = 0; i < grams.length; i++) {
      const size = sizes[i]!
      if (size < 0) {
        postings.set(grams[i]!, {
          slots: NO_SLOTS,
          length: 0,
          bits: bits.subarray(words, words - size),
        })
        words -= size
      } else {
        postings.set(grams[i]!, {
          slots: slots.subarray(listed, listed + size),
          length: size,
          bits: null,
        })
        listed += size
      }
    }
    if (listed !== slots.length || words !== bits.length) {
      throw new Error('a text index of another size')
    }
    index.postings = postings
    index.builtUpTo = index.texts.length
    index.changed = changed
    return index
  }

  /** Whether the postings are built (else the first search or `buildSome` builds them). */
  get built(): boolean {
    return this.postings !== null
  }

  set(slot: number, text: string): void {
    const before = this.texts[slot] ?? ''
    if (before === text) return
    this.live += (text === '' ? 0 : 1) - (before === '' ? 0 : 1)
    this.texts[slot] = text
    const postings = this.postings ?? (slot < this.builtUpTo ? this.building : null)
    if (!postings) return
    if (before !== '') {
      this.changed += 1
      for (let i = 0; i + GRAM <= before.length; i++) {
        const bits = postings.get(gramAt(before, i))?.bits
        if (bits) clearBit(bits, slot)
      }
    }
    this.add(postings, slot, text)
  }

  /** Indexes up to `count` more texts into the first postings; true once they are complete. */
  buildSome(count: number): boolean {
    if (this.postings) return true
    this.building ??= new Map()
    const end = Math.min(this.texts.length, this.builtUpTo + count)
    for (; this.builtUpTo < end; this.builtUpTo++) {
      const text = this.texts[this.builtUpTo]
      if (text) this.add(this.building, this.builtUpTo, text)
    }
    if (this.builtUpTo < this.texts.length) return false
    this.postings = this.building
    this.building = null
    return true
  }

  /**
   * The slots among `alive` whose text contains `needle` (non-empty), as a new set of `words`
   * words.
   */
  matches(needle: string, alive: Bitset, words: number): Bitset {
    const out = new Uint32Array(words)
    const check = (slot: number) => {
      if (hasBit(alive, slot) && this.texts[slot]!.includes(needle)) setBit(out, slot)
    }
    if (needle.length < GRAM) {
      for (let slot = 0; slot < this.texts.length; slot++) if (this.texts[slot]) check(slot)
      return out
    }
    const postings = this.current()
    const lists: Posting[] = []
    const sets: Bitset[] = []
    for (let i = 0; i + GRAM <= needle.length; i++) {
      const posting = postings.get(gramAt(needle, i))
      // No text has this trigram, so none contains the needle.
      if (!posting) return out
      if (posting.bits) sets.push(posting.bits)
      else lists.push(posting)
    }
    const rarest = lists.reduce<Posting | null>((a, b) => (a && a.length <= b.length ? a : b), null)
    if (rarest) {
      for (let i = 0; i < rarest.length; i++) {
        const slot = rarest.slots[i]!
        if (sets.every((bits) => hasBit(bits, slot))) check(slot)
      }
      return out
    }
    // Only common trigrams: their bitsets' intersection, exact for a needle of one trigram.
    out.set(alive.subarray(0, words))
    for (const bits of sets) andInto(out, bits)
    if (needle.length === GRAM) return out
    forEachSlot(out, (slot) => {
      if (!this.texts[slot]!.includes(needle)) clearBit(out, slot)
    })
    return out
  }

  /** The postings, built (or rebuilt once too stale) now. */
  private current(): Map<number, Posting> {
    if (this.postings && this.changed * 4 > Math.max(this.live, this.rebuildFloor)) {
      this.postings = null
      this.builtUpTo = 0
      this.changed = 0
    }
    this.buildSome(Number.POSITIVE_INFINITY)
    return this.postings!
  }

  private add(postings: Map<number, Posting>, slot: number, text: string): void {
    // A bitset over every slot; a list longer than its words takes more room.
    const words = Math.ceil(this.texts.length / 32)
    for (let i = 0; i + GRAM <= text.length; i++) {
      const gram = gramAt(text, i)
      let posting = postings.get(gram)
      if (!posting) {
        posting = { slots: new Uint32Array(4), length: 0, bits: null }
        postings.set(gram, posting)
      }
      if (posting.bits) {
        if (slot >>> 5 >= posting.bits.length) posting.bits = resized(posting.bits, words)
        setBit(posting.bits, slot)
        continue
      }
      // The same trigram again in this text: listed already.
      if (posting.length > 0 && posting.slots[posting.length - 1] === slot) continue
      if (posting.length >= words) {
        const bits = new Uint32Array(words)
        for (let k = 0; k < posting.length; k++) {
          const listed = posting.slots[k]!
          // Only slots whose text still holds the trigram: a bitset has no stale entries.
          if (this.texts[listed]?.includes(text.slice(i, i + GRAM))) setBit(bits, listed)
        }
        setBit(bits, slot)
        posting.bits = bits
        posting.slots = NO_SLOTS
        posting.length = 0
        continue
      }
      if (posting.length === posting.slots.length) {
        const grown = new Uint32Array(posting.length + (posting.length >> 1))
        grown.set(posting.slots)
        posting.slots = grown
      }
      posting.slots[posting.length++] = slot
    }
  }
}

export interface TextIndexState {
  /** Every slot's text, joined by NUL, as UTF-8. */
  readonly texts: Uint8Array
  readonly postings: {
    readonly grams: Float64Array
    readonly sizes: Int32Array
    readonly slots: Uint32Array
    readonly bits: Uint32Array
    readonly changed: number
  } | null
}

/** Three UTF-16 code units as one number (exact: 48 bits). */
function gramAt(text: string, at: number): number {
  return (
    text.charCodeAt(at) * 0x1_0000_0000 +
    text.charCodeAt(at + 1) * 0x1_0000 +
    text.charCodeAt(at + 2)
  )
}
