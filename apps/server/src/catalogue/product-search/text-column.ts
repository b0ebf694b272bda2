/**
 * One text per slot (a product's name in one language), kept as UTF-8 in one growing buffer:
 * product names are mostly two-byte strings in V8 (any č or ł makes them so), here they take
 * about half, with no object per text. UTF-8's byte order is the code point order, which is
 * PostgreSQL's order for `text` under the C / C.UTF-8 collation both databases use, so a compare
 * is one `Buffer.compare` of two ranges. A changed text is appended; the buffer is compacted when
 * more than half of it is texts no slot uses any more.
 */
export class TextColumn {
  private bytes: Buffer = Buffer.alloc(64 * 1024)
  private used = 0
  private garbage = 0
  /** Byte offset of each slot's text; its length, or -1 for none (SQL null). */
  private start: Uint32Array
  private length: Int32Array

  constructor(capacity: number) {
    this.start = new Uint32Array(capacity)
    this.length = new Int32Array(capacity).fill(-1)
  }

  /** What a snapshot keeps (the live texts only); `restore` reads it back. */
  state(): TextColumnState {
    const live =
      this.garbage > 0
        ? this.compacted(this.used - this.garbage)
        : { bytes: this.bytes, start: this.start, length: this.length, used: this.used }
    return {
      bytes: new Uint8Array(live.bytes.buffer, live.bytes.byteOffset, live.used),
      start: live.start,
      length: live.length,
    }
  }

  static restore(state: TextColumnState, capacity: number): TextColumn {
    const { bytes, start, length } = state
    if (start.length !== capacity || length.length !== capacity) {
      throw new Error('a text column of another size')
    }
    for (let slot = 0; slot < capacity; slot++) {
      if (length[slot]! >= 0 && start[slot]! + length[slot]! > bytes.length) {
        throw new Error('a text column out of bounds')
      }
    }
    const column = new TextColumn(0)
    column.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    column.used = bytes.byteLength
    column.start = start
    column.length = length
    return column
  }

  /** Makes room for `capacity` slots (never fewer than there are). */
  resize(capacity: number): void {
    const start = new Uint32Array(capacity)
    start.set(this.start.subarray(0, Math.min(capacity, this.start.length)))
    const length = new Int32Array(capacity).fill(-1)
    length.set(this.length.subarray(0, Math.min(capacity, this.length.length)))
    this.start = start
    this.length = length
  }

  set(slot: number, text: string | undefined): void {
    this.clear(slot)
    if (text === undefined) return
    const size = Buffer.byteLength(text)
    if (this.used + size > this.bytes.length) this.makeRoom(size)
    this.bytes.write(text, this.used)
    this.start[slot] = this.used
    this.length[slot] = size
    this.used += size
  }

  clear(slot: number): void {
    const size = this.length[slot]!
    if (size > 0) this.garbage += size
    this.length[slot] = -1
  }

  has(slot: number): boolean {
    return this.length[slot]! >= 0
  }

  /** Code point order of the two slots' texts (both must have one). */
  compare(a: number, b: number): number {
    const startA = this.start[a]!
    const startB = this.start[b]!
    return this.bytes.compare(
      this.bytes,
      startB,
      startB + this.length[b]!,
      startA,
      startA + this.length[a]!,
    )
  }

  /** The bytes in use, for the engine's memory figure. */
  get byteLength(): number {
    return this.used - this.garbage
  }

  /** A new buffer with every live text, at half to two thirds full: growth and compaction. */
  private makeRoom(size: number): void {
    const needed = (this.used - this.garbage + size) * 1.5
    const next = this.compacted(Math.max(64 * 1024, 2 ** Math.ceil(Math.log2(needed))))
    this.bytes = next.bytes
    this.start = next.start
    this.used = next.used
    this.garbage = 0
  }

  /** The live texts copied into a buffer of `size` bytes, with their new offsets. */
  private compacted(size: number) {
    const bytes = Buffer.alloc(size)
    const start = new Uint32Array(this.start.length)
    let used = 0
    for (let slot = 0; slot < this.length.length; slot++) {
      const length = this.length[slot]!
      if (length < 0) continue
      this.bytes.copy(bytes, used, this.start[slot], this.start[slot]! + length)
      start[slot] = used
      used += length
    }
    return { bytes, start, length: this.length, used }
  }
}

export interface TextColumnState {
  readonly bytes: Uint8Array
  readonly start: Uint32Array
  readonly length: Int32Array
}
