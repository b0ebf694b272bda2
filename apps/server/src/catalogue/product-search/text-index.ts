import { hasBit, setBit, type Bitset } from './bitset.ts'

/** The slots whose text holds one trigram, in the order they were added (duplicates possible). */
interface Posting {
  slots: Uint32Array
  length: number
}

/** Below this many characters a needle has no trigram: its search scans every text. */
const GRAM = 3

/**
 * The products' search texts and a trigram index over them (issue 22): "which texts contain
 * this needle" reads the slots listed under the needle's two rarest trigrams and checks only
 * those texts, instead of every text in the shop.
 *
 * The index only ever adds: a changed or removed text leaves its old slots in the postings, and
 * every candidate is checked against its current text, so a stale entry costs a check, never a
 * wrong answer. Once stale entries could make up a quarter of the postings, the next search
 * rebuilds them. The postings are built on the first search, not while the catalogue loads.
 */
export class TextIndex {
  private readonly texts: string[] = []
  private postings: Map<number, Posting> | null = null
  /** Texts changed since the postings were built: an upper bound on their stale entries. */
  private changed = 0
  private live = 0

  /** `rebuildFloor`: the postings are never rebuilt for fewer than a quarter of this many changes. */
  private readonly rebuildFloor: number

  constructor(rebuildFloor = 1024) {
    this.rebuildFloor = rebuildFloor
  }

  set(slot: number, text: string): void {
    const before = this.texts[slot] ?? ''
    if (before === text) return
    this.live += (text === '' ? 0 : 1) - (before === '' ? 0 : 1)
    this.texts[slot] = text
    if (!this.postings) return
    if (before !== '') this.changed += 1
    this.add(this.postings, slot, text)
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
    for (let i = 0; i + GRAM <= needle.length; i++) {
      const posting = postings.get(gramAt(needle, i))
      // No text has this trigram, so none contains the needle.
      if (!posting) return out
      lists.push(posting)
    }
    lists.sort((a, b) => a.length - b.length)
    const [rarest, next] = lists as [Posting, Posting | undefined]
    if (!next || next === rarest) {
      for (let i = 0; i < rarest.length; i++) check(rarest.slots[i]!)
      return out
    }
    // Candidates: in both rarest lists; each is checked against its text.
    const marked = new Uint32Array(words)
    for (let i = 0; i < rarest.length; i++) setBit(marked, rarest.slots[i]!)
    for (let i = 0; i < next.length; i++) {
      const slot = next.slots[i]!
      if (hasBit(marked, slot)) check(slot)
    }
    return out
  }

  /** The postings, built (or rebuilt once too stale) now. */
  private current(): Map<number, Posting> {
    if (this.postings && this.changed * 4 <= Math.max(this.live, this.rebuildFloor))
      return this.postings
    const postings = new Map<number, Posting>()
    for (let slot = 0; slot < this.texts.length; slot++) {
      const text = this.texts[slot]
      if (text) this.add(postings, slot, text)
    }
    this.postings = postings
    this.changed = 0
    return postings
  }

  private add(postings: Map<number, Posting>, slot: number, text: string): void {
    for (let i = 0; i + GRAM <= text.length; i++) {
      const gram = gramAt(text, i)
      let posting = postings.get(gram)
      if (!posting) {
        posting = { slots: new Uint32Array(4), length: 0 }
        postings.set(gram, posting)
      } else if (posting.slots[posting.length - 1] === slot) {
        // The same trigram again in this text: listed already.
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

/** Three UTF-16 code units as one number (exact: 48 bits). */
function gramAt(text: string, at: number): number {
  return (
    text.charCodeAt(at) * 0x1_0000_0000 +
    text.charCodeAt(at + 1) * 0x1_0000 +
    text.charCodeAt(at + 2)
  )
}
