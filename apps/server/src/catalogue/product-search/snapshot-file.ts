import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * A value of plain data (numbers, strings, booleans, null, arrays, objects) and typed arrays as
 * one file: a JSON header in which each typed array is a reference, then the arrays' bytes, each
 * at an 8-byte boundary. Writing copies the arrays once; reading copies each into an array of its
 * own, so nothing keeps the file's buffer alive (decision 072).
 */
const MAGIC = 'OPTKSNP1'
const PREFIX = 16

type ArrayKind = 'u8' | 'u32' | 'i32' | 'f64'
const KINDS = {
  u8: Uint8Array,
  u32: Uint32Array,
  i32: Int32Array,
  f64: Float64Array,
} as const

interface ArrayRef {
  readonly $array: number
}

interface Header {
  readonly arrays: readonly { kind: ArrayKind; offset: number; length: number }[]
  readonly size: number
  readonly value: unknown
}

function kindOf(view: ArrayBufferView): ArrayKind {
  if (view instanceof Uint8Array) return 'u8'
  if (view instanceof Uint32Array) return 'u32'
  if (view instanceof Int32Array) return 'i32'
  if (view instanceof Float64Array) return 'f64'
  throw new TypeError(`a snapshot cannot hold a ${view.constructor.name}`)
}

const align = (n: number) => Math.ceil(n / 8) * 8

/** The file's bytes for `value`. */
export function encodeSnapshot(value: unknown): Buffer {
  const views: ArrayBufferView[] = []
  const arrays: { kind: ArrayKind; offset: number; length: number }[] = []
  let offset = 0
  const plain = JSON.stringify(value, (_key, item: unknown) => {
    if (!ArrayBuffer.isView(item)) return item
    const kind = kindOf(item)
    arrays.push({ kind, offset, length: item.byteLength / KINDS[kind].BYTES_PER_ELEMENT })
    views.push(item)
    offset = align(offset + item.byteLength)
    return { $array: arrays.length - 1 } satisfies ArrayRef
  })
  const header = Buffer.from(
    `{"arrays":${JSON.stringify(arrays)},"size":${offset},"value":${plain}}`,
  )
  const body = align(PREFIX + header.length)
  const out = Buffer.alloc(body + offset)
  out.write(MAGIC, 0, 'latin1')
  out.writeUInt32LE(header.length, 8)
  header.copy(out, PREFIX)
  views.forEach((view, i) => {
    out.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), body + arrays[i]!.offset)
  })
  return out
}

type Arrays = InstanceType<(typeof KINDS)[ArrayKind]>[]

/**
 * The header of a snapshot of `size` bytes from its first bytes (the prefix and the header at
 * least), and where its arrays start; throws unless they describe a whole snapshot.
 */
function readHeader(first: Buffer, size: number): { header: Header; body: number } {
  if (first.length < PREFIX || first.toString('latin1', 0, 8) !== MAGIC) {
    throw new Error('not a snapshot')
  }
  const headerLength = first.readUInt32LE(8)
  if (PREFIX + headerLength > first.length) throw new Error('snapshot header cut short')
  const header = JSON.parse(first.toString('utf8', PREFIX, PREFIX + headerLength)) as Header
  const body = align(PREFIX + headerLength)
  if (body + header.size !== size) throw new Error('snapshot cut short')
  return { header, body }
}

/** An empty array for each of the header's, in the order they are written; throws on overlaps. */
function allocate(header: Header): Arrays {
  let end = 0
  return header.arrays.map(({ kind, offset, length }) => {
    const Kind = KINDS[kind] as (typeof KINDS)[ArrayKind] | undefined
    const whole =
      Number.isInteger(offset) && offset >= end && Number.isInteger(length) && length >= 0
    if (!Kind || !whole || offset + length * Kind.BYTES_PER_ELEMENT > header.size) {
      throw new Error('snapshot array out of bounds')
    }
    end = offset + length * Kind.BYTES_PER_ELEMENT
    return new Kind(length)
  })
}

function revive(item: unknown, arrays: Arrays): unknown {
  if (Array.isArray(item)) return item.map((entry) => revive(entry, arrays))
  if (item === null || typeof item !== 'object') return item
  if ('$array' in item) {
    const array = arrays[(item as ArrayRef).$array]
    if (!array) throw new Error('snapshot array reference out of bounds')
    return array
  }
  return Object.fromEntries(
    Object.entries(item).map(([key, entry]) => [key, revive(entry, arrays)]),
  )
}

const bytesOf = (array: ArrayBufferView) =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength)

/** The value `encodeSnapshot` wrote; throws on bytes that are not a whole snapshot. */
export function decodeSnapshot(bytes: Buffer): unknown {
  const { header, body } = readHeader(bytes, bytes.length)
  const arrays = allocate(header)
  arrays.forEach((array, i) => {
    const start = body + header.arrays[i]!.offset
    bytesOf(array).set(bytes.subarray(start, start + array.byteLength))
  })
  return revive(header.value, arrays)
}

/** Buffers one `readv` fills at most (Linux's IOV_MAX). */
const READV_BUFFERS = 1024

/**
 * The value of the snapshot file, or null when there is none; throws on a file that is not a whole
 * snapshot. The arrays are read straight into their own memory, a few calls for the whole file.
 */
export async function readSnapshot(file: string): Promise<unknown> {
  let handle: FileHandle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  try {
    const { size } = await handle.stat()
    const prefix = Buffer.alloc(PREFIX)
    await handle.read(prefix, 0, PREFIX, 0)
    const first = Buffer.alloc(Math.min(size, PREFIX + prefix.readUInt32LE(8)))
    await handle.read(first, 0, first.length, 0)
    const { header, body } = readHeader(first, size)
    const arrays = allocate(header)
    // The arrays and the padding between them, in file order.
    const buffers: Uint8Array[] = []
    let at = 0
    arrays.forEach((array, i) => {
      const offset = header.arrays[i]!.offset
      if (offset > at) buffers.push(Buffer.alloc(offset - at))
      buffers.push(bytesOf(array))
      at = offset + array.byteLength
    })
    let position = body
    for (let i = 0; i < buffers.length; i += READV_BUFFERS) {
      const group = buffers.slice(i, i + READV_BUFFERS)
      const expected = group.reduce((sum, buffer) => sum + buffer.byteLength, 0)
      const { bytesRead } = await handle.readv(group, position)
      if (bytesRead !== expected) throw new Error('snapshot cut short')
      position += bytesRead
    }
    return revive(header.value, arrays)
  } finally {
    await handle.close()
  }
}

let written = 0

/** Writes `bytes` to a file beside `file` and renames it over: a reader sees the old or the new. */
export async function replaceFile(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${(written += 1)}.tmp`
  try {
    await writeFile(temporary, bytes)
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
