import { mkdtempSync, readdirSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { decodeSnapshot, encodeSnapshot, readSnapshot, replaceFile } from './snapshot-file.ts'

const value = {
  name: 'ž',
  empty: new Uint32Array(0),
  odd: new Uint8Array([1, 2, 3]),
  words: new Uint32Array([0, 0xffff_ffff, 7]),
  signed: new Int32Array([-1, 5]),
  prices: new Float64Array([Number.NaN, 1.5, -0]),
  pairs: [
    [1, new Float64Array([2])],
    ['a', null],
  ],
}

describe('snapshot files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'optika-snapshot-'))
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('give back the plain values and every kind of typed array, each of its own', async () => {
    const file = join(dir, 'value.snapshot')
    await writeFile(file, encodeSnapshot(value))
    for (const decoded of [
      decodeSnapshot(encodeSnapshot(value)) as typeof value,
      (await readSnapshot(file)) as typeof value,
    ]) {
      expect(decoded).toEqual(value)
      expect(Object.is(decoded.prices[2], -0)).toBe(true)
      expect(decoded.words.buffer).not.toBe(decoded.signed.buffer)
      expect(decoded.words.byteOffset).toBe(0)
    }
  })

  it('read arrays more than one read can fill', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => new Uint8Array([i % 256, 1, 2]))
    const file = join(dir, 'many.snapshot')
    await writeFile(file, encodeSnapshot(many))
    expect(await readSnapshot(file)).toEqual(many)
  })

  it('refuse bytes that are not a whole snapshot', async () => {
    const bytes = encodeSnapshot(value)
    const header = bytes.readUInt32LE(8)
    const withHeader = (text: string) => {
      const json = Buffer.from(text)
      const out = Buffer.alloc(Math.ceil((16 + json.length) / 8) * 8)
      out.write('OPTKSNP1', 0, 'latin1')
      out.writeUInt32LE(json.length, 8)
      json.copy(out, 16)
      return out
    }
    const hostile: [string, Buffer][] = [
      ['empty', Buffer.alloc(0)],
      ['another format', Buffer.from('{"arrays":[],"size":0,"value":1}')],
      ['cut in the header', bytes.subarray(0, 16 + header - 1)],
      ['cut in the arrays', bytes.subarray(0, bytes.length - 8)],
      ['longer than written', Buffer.concat([bytes, Buffer.alloc(8)])],
      ['a header length past the end', Buffer.from(bytes).fill(0xff, 8, 12)],
      ['a header that is not JSON', withHeader('{"arrays":[')],
      [
        'an array past the end',
        withHeader(
          '{"arrays":[{"kind":"f64","offset":0,"length":9}],"size":0,"value":{"$array":0}}',
        ),
      ],
      [
        'a negative offset',
        withHeader('{"arrays":[{"kind":"u8","offset":-8,"length":1}],"size":0,"value":1}'),
      ],
      [
        'a fractional length',
        withHeader('{"arrays":[{"kind":"u8","offset":0,"length":0.5}],"size":0,"value":1}'),
      ],
      [
        'an unknown kind',
        withHeader('{"arrays":[{"kind":"bigint","offset":0,"length":0}],"size":0,"value":1}'),
      ],
      [
        'overlapping arrays',
        withHeader(
          '{"arrays":[{"kind":"u8","offset":0,"length":8},{"kind":"u8","offset":4,"length":4}],"size":8,"value":1}',
        ),
      ],
      ['a reference to no array', withHeader('{"arrays":[],"size":0,"value":{"$array":3}}')],
    ]
    const file = join(dir, 'hostile.snapshot')
    for (const [name, bad] of hostile) {
      expect(() => decodeSnapshot(bad), name).toThrow()
      await writeFile(file, bad)
      await expect(readSnapshot(file), name).rejects.toThrow()
    }
  })

  it('are replaced whole, leaving no temporary file, and read as null when missing', async () => {
    const file = join(dir, 'nested', 'index.snapshot')
    expect(await readSnapshot(file)).toBeNull()
    await replaceFile(file, encodeSnapshot({ n: 1 }))
    await Promise.all([2, 3, 4].map((n) => replaceFile(file, encodeSnapshot({ n }))))
    expect([2, 3, 4]).toContain(((await readSnapshot(file)) as { n: number }).n)
    expect(readdirSync(join(dir, 'nested'))).toEqual(['index.snapshot'])
  })

  it('refuse a value they cannot hold', () => {
    expect(() => encodeSnapshot({ big: new BigInt64Array(1) })).toThrow(/BigInt64Array/)
  })
})
