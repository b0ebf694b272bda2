import { cpus, loadavg, platform, release, totalmem } from 'node:os'
import { sql } from 'drizzle-orm'
import { rebuildProductIndex } from '../src/catalogue/product-index/rebuild-product-index.ts'
import { objects } from '../src/platform/db/schema/elements.ts'
import { buildTestApp } from '../test/build-test-app.ts'
import setupTemplate from '../test/global-setup.ts'

/**
 * `node bench/suggest.ts` (also run by `npm run bench`): GET /api/search/suggest on a catalogue
 * of `count` products, 200 categories, 40 brands and 300 articles, on a fresh database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL), as people type: every prefix of a set of words, one
 * request after the other through the whole app (routing, validation, serialization; no socket).
 * The first pass meets every prefix for the first time; later passes repeat them.
 */

const BRANDS = ['Ray', 'Vogue', 'Lumen', 'Optika', 'Nordlys', 'Ocello', 'Vistara', 'Žabka']
const SHAPES = ['Aviator', 'Wayfarer', 'Kulaté', 'Hranaté', 'Motýlí', 'Pilot', 'Clubmaster']
const TYPED = [
  'ray aviator',
  'brýle',
  'bryle kulate',
  'vogue',
  'optika pilot',
  'motyli',
  'slunecni',
  'clubmaster 12',
  'lumen',
  'zabka hranate',
  'jak vybrat',
  'čočky',
]

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** Every prefix of every typed text, as the header asks while someone types. */
function typingSequence(): string[] {
  return TYPED.flatMap((text) =>
    Array.from(text, (_, i) => text.slice(0, i + 1)).filter((q) => q.trim() !== ''),
  )
}

export async function runSuggestBenchmarks(options: {
  readonly count: number
  readonly passes: number
}): Promise<{ lines: string[]; targetMet: boolean }> {
  const { count, passes } = options
  if (process.env.TEST_DATABASE_URL) await setupTemplate()
  const testApp = await buildTestApp()
  const { app, database } = testApp
  const db = database.db
  const lines: string[] = []
  const log = (line = '') => {
    console.log(line)
    lines.push(line)
  }
  try {
    log('# Search suggestion benchmarks (issue 18)')
    log()
    log(
      `Machine: ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
        `${Math.round(totalmem() / 2 ** 30)} GiB RAM, ${platform()} ${release()}, Node ${process.version}, ` +
        `database ${database.engine}, load average at start ${loadavg()[0]?.toFixed(1)} ` +
        `(other work on the machine inflates the figures). Run ${new Date().toISOString()}.`,
    )
    log()
    let started = performance.now()
    const folder = (id: number, parentId: number | null, key: string) => ({
      id,
      parentId,
      type: 'folder' as const,
      key,
      path: '/',
      published: true,
    })
    await db
      .insert(objects)
      .values([
        folder(1, null, ''),
        folder(2, 1, 'Categories'),
        folder(3, 1, 'Products'),
        folder(4, 1, 'Brands'),
        folder(5, 1, 'Articles'),
      ])
    const categories = 200
    const brands = sql.raw(`array[${BRANDS.map((b) => `'${b}'`).join(',')}]`)
    const shapes = sql.raw(`array[${SHAPES.map((s) => `'${s}'`).join(',')}]`)
    await db.execute(sql`
      insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
      select 10 + g, 2, 'object', 'c-' || g, '/Categories/', g, true, 'Category',
        jsonb_build_object(
          'name', jsonb_build_object('cs', 'Sluneční brýle ' || (${shapes})[1 + g % 7] || ' ' || g,
            'en', 'Sunglasses ' || (${shapes})[1 + g % 7] || ' ' || g),
          'slug', jsonb_build_object('cs', 'slunecni-' || g, 'en', 'sunglasses-' || g),
          'description', '{}'::jsonb)
      from generate_series(1, ${sql.raw(String(categories))}) g`)
    await db.execute(sql`
      insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
      select 300 + g, 4, 'object', 'b-' || g, '/Brands/', g, true, 'Brand',
        jsonb_build_object('name', (${brands})[1 + g % 8] || ' ' || g)
      from generate_series(1, 40) g`)
    await db.execute(sql`
      insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
      select 400 + g, 5, 'object', 'a-' || g, '/Articles/', g, g % 5 <> 0, 'Article',
        jsonb_build_object('title', jsonb_build_object('cs', 'Jak vybrat brýle, díl ' || g,
          'en', 'How to choose glasses, part ' || g))
      from generate_series(1, 300) g`)
    const first = 1000
    await db.execute(sql`
      insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
      select ${sql.raw(String(first))} + g, 3, 'object', 'p-' || g, '/Products/', g, true, 'Product',
        jsonb_build_object(
          'code', 'B-' || g,
          'kind', 'frame',
          'name', jsonb_build_object(
            'cs', (${brands})[1 + g % 8] || ' ' || (${shapes})[1 + g % 7] || ' brýle ' || g,
            'en', (${brands})[1 + g % 8] || ' ' || (${shapes})[1 + g % 7] || ' glasses ' || g),
          'slug', jsonb_build_object('cs', 'bryle-' || g, 'en', 'glasses-' || g),
          'description', '{}'::jsonb,
          'brand', (${brands})[1 + g % 8],
          'model', 'M-' || (g % 997),
          'genders', '["unisex"]'::jsonb,
          'categoryIds', jsonb_build_array(11 + g % ${sql.raw(String(categories))}),
          'prices', jsonb_build_object('CZK', jsonb_build_object('catalog', 100000 + g % 5000)),
          'releasedAt', '2025-01-01')
      from generate_series(1, ${sql.raw(String(count))}) g`)
    await db.execute(sql`
      insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
      select ${sql.raw(String(first + count))} + (o.id - ${sql.raw(String(first))}), o.id, 'variant', 'black',
        '/Products/' || o.key || '/', 0, true, 'Product',
        jsonb_build_object('code', (o.data->>'code') || '-BK', 'colorKey', 'black',
          'colorCss', '#111111', 'colorName', jsonb_build_object('en', 'Black'),
          'imageIds', '[]'::jsonb, 'availability', 'inStock')
      from objects o where o.parent_id = 3`)
    await db.execute(
      sql`select setval(pg_get_serial_sequence('objects', 'id'), (select max(id) from objects))`,
    )
    await rebuildProductIndex(db)
    await db.execute(sql`analyze`)
    log(
      `Generated and indexed ${count} products, ${categories} categories, 40 brands and 300 ` +
        `articles (240 published) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    )
    log()

    const ask = async (q: string) => {
      const response = await app.inject({
        url: `/api/search/suggest?q=${encodeURIComponent(q)}&locale=cs`,
      })
      if (response.statusCode !== 200) throw new Error(`${q}: HTTP ${response.statusCode}`)
      return response.json<{ products: unknown[] }>()
    }
    started = performance.now()
    await ask('a')
    log(
      `First request (loads the engine and the indexes): ${(performance.now() - started).toFixed(0)} ms.`,
    )
    log()
    const sequence = typingSequence()
    log(
      `Typed: ${TYPED.map((t) => `“${t}”`).join(', ')} — every prefix, ${sequence.length} requests ` +
        'a pass, anonymous, Czech.',
    )
    log()
    log('| pass | requests | p50 ms | p95 ms | p99 ms | max ms |')
    log('| --- | ---: | ---: | ---: | ---: | ---: |')
    const all: number[] = []
    for (let pass = 1; pass <= passes; pass++) {
      const times: number[] = []
      for (const q of sequence) {
        const t0 = performance.now()
        await ask(q)
        times.push(performance.now() - t0)
      }
      all.push(...times)
      const f = (v: number) => v.toFixed(2)
      log(
        `| ${pass === 1 ? '1 (every prefix new)' : String(pass)} | ${times.length} | ` +
          `${f(percentile(times, 50))} | ${f(percentile(times, 95))} | ${f(percentile(times, 99))} | ` +
          `${f(Math.max(...times))} |`,
      )
    }
    const p95 = percentile(all, 95)
    const targetMet = p95 < 10
    log()
    log(
      `All ${all.length} requests: p50 ${percentile(all, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
        `— target p95 < 10 ms ${targetMet ? 'met' : 'MISSED'}.`,
    )
    return { lines, targetMet }
  } finally {
    await testApp.close()
  }
}
