import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, openSync, closeSync, writeSync } from 'node:fs'
import { rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readTranslationFile, sniffTranslationFile } from './read-translation-file.ts'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'optika-translation-file-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('reading an import file', () => {
  it('streams a 50 MB CSV: the first rows arrive after reading a small part of it', async () => {
    const path = join(dir, 'big.csv')
    const fd = openSync(path, 'w')
    writeSync(fd, 'key;cs;en;hu;pl;ro;sk\n')
    const lines: string[] = []
    for (let i = 0; i < 5000; i += 1) {
      lines.push(
        `big.key${i};Text ${i} česky;Text ${i};Szöveg ${i};Tekst ${i};Text ${i};Text ${i}\n`,
      )
    }
    const chunk = lines.join('')
    let size = 0
    for (let round = 0; size < 50 * 1024 * 1024; round += 1) {
      size += writeSync(fd, chunk.replaceAll('big.key', `big.r${round}k`))
    }
    closeSync(fd)
    expect((await stat(path)).size).toBeGreaterThanOrEqual(50 * 1024 * 1024)

    const dialect = await sniffTranslationFile(path)
    expect(dialect).toEqual({ format: 'csv', encoding: 'utf-8', delimiter: ';' })
    let bytesRead = 0
    let rows = 0
    for await (const row of readTranslationFile(path, dialect, (n) => (bytesRead = n))) {
      rows += 1
      if (rows === 1) expect(row.texts.cs).toBe('Text 0 česky')
      if (rows === 1000) break
    }
    expect(rows).toBe(1000)
    // Read so far: a few 64 KiB chunks, not the file.
    expect(bytesRead).toBeLessThan(2 * 1024 * 1024)
  })

  it('reads UTF-16 with a BOM and tab delimiters', async () => {
    const path = join(dir, 'utf16.csv')
    const text = '\uFEFFkey\tsk\npromo.x\tŽltý kôň\n'
    await writeFile(path, Buffer.from(text, 'utf16le'))
    const dialect = await sniffTranslationFile(path)
    expect(dialect).toEqual({ format: 'csv', encoding: 'utf-16le', delimiter: '\t' })
    const rows = []
    for await (const row of readTranslationFile(path, dialect)) rows.push(row)
    expect(rows).toEqual([{ line: 2, key: 'promo.x', texts: { sk: 'Žltý kôň' }, modifiedAt: null }])
  })
})
