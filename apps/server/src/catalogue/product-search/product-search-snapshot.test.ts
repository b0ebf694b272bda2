import { mkdtempSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { productIndexPruned } from '../../platform/db/schema/pim.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { INDEX_FIXTURE, insertIndexFixture } from '../../../test/fixtures/product-index-fixture.ts'
import { pruneIndexChanges } from '../product-index/prune-index-changes.ts'
import { queryProductIndex, type ProductIndexQuery } from '../product-index/query-product-index.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'
import { createProductSearch, type ProductSearch } from './product-search.ts'
import { encodeSnapshot, readSnapshot } from './snapshot-file.ts'

const { categories: c, products: p, folders: f } = INDEX_FIXTURE

const glasses: ProductIndexQuery = {
  locale: 'en',
  categoryId: c.glasses,
  filters: [
    { name: 'brand', type: 'multiselect', column: 'brand', values: [] },
    { name: 'model', type: 'text', column: 'model', text: 'rb-' },
  ],
}

describe('product search snapshots (decision 072)', () => {
  let database: Database
  const dir = mkdtempSync(join(tmpdir(), 'optika-search-snapshot-'))
  const file = join(dir, 'cache', 'product-search.snapshot')
  const warnings: string[] = []
  const engines: ProductSearch[] = []
  const engine = () => {
    const search = createProductSearch(database.db, {
      snapshotFile: file,
      log: { warn: (_details: unknown, message?: string) => void warnings.push(message ?? '') },
    })
    engines.push(search)
    return search
  }
  /** An engine's first answer, after which its snapshot is written (the old one's on close). */
  const startAndAnswer = async (query = glasses) => {
    const search = engine()
    const answer = await search.query(query)
    return { search, answer, restored: search.stats().restored }
  }
  /** Closes the engine (which writes its last snapshot) and reads the snapshot back. */
  const written = async (search: ProductSearch) => {
    await search.close()
    return (await readSnapshot(file)) as { identity: string; xmin: number }
  }
  /** The newest change row's transaction: pruning below it plus one deletes every row. */
  const newestChange = async () => {
    const { rows } = await database.db.execute<{ xid: number }>(
      sql`select max(xid)::float8 as xid from product_index_changes`,
    )
    return Number(rows[0]?.xid ?? 0)
  }
  const unpublish = async (id: number) => {
    await database.db.update(objects).set({ published: false }).where(eq(objects.id, id))
    await updateProductIndex(database.db, [id])
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    await insertIndexFixture(database.db)
    await updateProductIndex(database.db, [f.products])
  })
  // Each test starts with nothing pruned. A mark left by the migration or an earlier test refuses
  // every snapshot while another database of the cluster holds a transaction open (a snapshot's
  // xmin is the cluster's), as the parallel test files on PostgreSQL do.
  beforeEach(async () => {
    await database.db.update(productIndexPruned).set({ throughXid: 0 })
  })
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((search) => search.close()))
    warnings.length = 0
  })
  afterAll(async () => {
    await database.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('restores the index a previous engine kept, answering as the database does', async () => {
    const first = await startAndAnswer()
    expect(first.restored).toBe(false)
    expect(first.answer).toEqual(await queryProductIndex(database.db, glasses))
    await written(first.search)

    const second = await startAndAnswer()
    expect(second.restored).toBe(true)
    expect(second.answer).toEqual(first.answer)
    expect(second.search.stats().products).toBe(first.search.stats().products)
  })

  it('applies the changes committed after the snapshot before its first answer', async () => {
    await written((await startAndAnswer()).search)
    await unpublish(p.alpha)
    const next = await startAndAnswer()
    expect(next.restored).toBe(true)
    expect(next.answer.ids).not.toContain(p.alpha)
    expect(next.answer).toEqual(await queryProductIndex(database.db, glasses))
    // The snapshot it writes holds the change; the one after restores it without re-reading.
    const before = ((await readSnapshot(file)) as { xmin: number }).xmin
    const after = await written(next.search)
    expect(after.xmin).toBeGreaterThanOrEqual(before)
    expect((await startAndAnswer()).answer).toEqual(next.answer)
  })

  it('loads from the database once a change since the snapshot may have been pruned', async () => {
    await written((await startAndAnswer()).search)
    await unpublish(p.beta)
    await pruneIndexChanges(database.db, (await newestChange()) + 1)
    const [mark] = await database.db.select().from(productIndexPruned)
    const { xmin } = (await readSnapshot(file)) as { xmin: number }
    expect(mark!.throughXid).toBeGreaterThanOrEqual(xmin)

    const next = await startAndAnswer()
    expect(next.restored).toBe(false)
    expect(next.answer.ids).not.toContain(p.beta)
    expect(next.answer).toEqual(await queryProductIndex(database.db, glasses))
  })

  it('never uses a snapshot of another database, nor one ahead of this database', async () => {
    await written((await startAndAnswer()).search)
    const snapshot = (await readSnapshot(file)) as { identity: string; xmin: number }
    for (const changed of [
      { identity: `${snapshot.identity}0` },
      { xmin: snapshot.xmin + 1_000_000 },
    ]) {
      await writeFile(file, encodeSnapshot({ ...snapshot, ...changed }))
      const next = await startAndAnswer()
      expect(next.restored).toBe(false)
      expect(next.answer).toEqual(await queryProductIndex(database.db, glasses))
      await next.search.close()
    }
  })

  it('loads from the database past an unreadable snapshot, and replaces it', async () => {
    await writeFile(file, 'not a snapshot')
    const next = await startAndAnswer()
    expect(next.restored).toBe(false)
    expect(next.answer).toEqual(await queryProductIndex(database.db, glasses))
    expect(warnings).toEqual(['the search index snapshot is unreadable; loading'])
    await written(next.search)
    expect((await startAndAnswer()).restored).toBe(true)
  })

  it('records the newest pruned transaction, never lowering it', async () => {
    const [before] = await database.db.select().from(productIndexPruned)
    await unpublish(p.gama)
    const xid = await newestChange()
    expect(await pruneIndexChanges(database.db, xid + 1)).toBeGreaterThan(0)
    const [after] = await database.db.select().from(productIndexPruned)
    expect(after!.throughXid).toBe(Math.max(before!.throughXid, xid))
    expect(await pruneIndexChanges(database.db, 1)).toBe(0)
    expect((await database.db.select().from(productIndexPruned))[0]).toEqual(after)
  })
})
