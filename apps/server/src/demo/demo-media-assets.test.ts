import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets } from '../platform/db/schema/elements.ts'
import type { Database } from '../platform/db/client.ts'
import { createTestDatabase } from '../../test/test-database.ts'
import { insertDemoMediaAssets } from './demo-media-assets.ts'

let database: Database
let dataDir: string

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = await mkdtemp(join(tmpdir(), 'optika-demo-media-'))
})

afterAll(async () => {
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('demo media assets', () => {
  it('adds a PDF and a short video with their files, once', async () => {
    await insertDemoMediaAssets(database.db, dataDir)
    await insertDemoMediaAssets(database.db, dataDir)
    const rows = await database.db.select().from(assets)
    const files = rows.filter((r) => r.type === 'document' || r.type === 'video')
    expect(files.map((r) => [r.path, r.key, r.type, r.mimeType]).sort()).toEqual([
      ['/documents/', 'lens-care-guide.pdf', 'document', 'application/pdf'],
      ['/videos/', 'optika-demo.mp4', 'video', 'video/mp4'],
    ])
    for (const row of files) {
      const content = await readFile(join(dataDir, 'assets', row.storageKey!))
      expect(content.length).toBe(row.size)
      expect(content.length).toBeLessThan(16 * 1024)
    }
    const pdf = await readFile(join(dataDir, 'assets', 'documents', 'lens-care-guide.pdf'))
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
  })
})
