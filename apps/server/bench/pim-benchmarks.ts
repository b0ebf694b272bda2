import { cpus, loadavg, platform, release, totalmem } from 'node:os'
import { sql } from 'drizzle-orm'
import { objects } from '../src/platform/db/schema/elements.ts'
import { productIndex } from '../src/platform/db/schema/pim.ts'
import { insertAdminUser, signIn } from '../test/kits/admin-users-test-kit.ts'
import { rebuildProductIndex } from '../src/catalogue/product-index/rebuild-product-index.ts'
import { queryProductIndex } from '../src/catalogue/product-index/query-product-index.ts'
import { buildTestApp } from '../test/build-test-app.ts'

/**
 * `node bench/pim.ts` (also run by `npm run bench`): the back office and product index at scale,
 * in-process on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * (a) paging the children of a folder holding 100,000 objects through the admin route
 *     /admin/object/tree-get-children-by-id (app.inject, so no network in the figure);
 * (b) rebuilding the product index for those 100,000 products (200,000 variants);
 * (c) a filtered, faceted category query on the full index.
 * Returns the report as Markdown lines (bench/pim.ts writes bench/results/pim.md).
 */
const FOLDER = 2
const CATEGORY = 3

function ms(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

export async function runPimBenchmarks(count: number): Promise<string[]> {
  const testApp = await buildTestApp()
  const { app, database } = testApp
  const db = database.db
  const lines: string[] = []
  const log = (line: string) => {
    console.log(line)
    lines.push(line)
  }

  try {
    log(`# PIM benchmarks`)
    log('')
    log(
      `Machine: ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
        `${Math.round(totalmem() / 2 ** 30)} GiB RAM, ${platform()} ${release()}, Node ${process.version}, ` +
        `database ${database.engine}, load average at start ${loadavg()[0]?.toFixed(1)} ` +
        `(other work on the machine inflates the figures). Run ${new Date().toISOString()}.`,
    )
    log('')

    let started = performance.now()
    await db.insert(objects).values([
      { id: 1, parentId: null, type: 'folder', key: '', path: '/', published: true },
      { id: FOLDER, parentId: 1, type: 'folder', key: 'Bench', path: '/', published: true },
      {
        id: CATEGORY,
        parentId: 1,
        type: 'object',
        key: 'bench-category',
        path: '/',
        published: true,
        classId: 'Category',
        data: { name: { en: 'Bench' }, slug: { en: 'bench' }, showSubcategoryProducts: true },
      },
    ])
    await db.execute(sql`
    insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
    select 10 + g, ${sql.raw(String(FOLDER))}, 'object', 'p-' || lpad(g::text, 6, '0'), '/Bench/', g, true, 'Product',
      jsonb_build_object(
        'code', 'B-' || g,
        'kind', 'frame',
        'name', jsonb_build_object('cs', 'Brýle ' || g, 'en', 'Glasses ' || g),
        'brand', (array['Ray', 'Vogue', 'Lumen', 'Optika'])[1 + g % 4],
        'model', 'M-' || (g % 997),
        'genders', jsonb_build_array((array['women', 'men', 'children', 'unisex'])[1 + g % 4]),
        'categoryIds', jsonb_build_array(${sql.raw(String(CATEGORY))}),
        'lensWidth', 40 + g % 23,
        'bridgeWidth', 14 + g % 11,
        'prices', jsonb_build_object('CZK', jsonb_build_object('catalog', 100000 + g % 5000)),
        'statuses', '[]'::jsonb,
        'releasedAt', to_char(date '2024-01-01' + (g % 700), 'YYYY-MM-DD'))
    from generate_series(1, ${sql.raw(String(count))}) g`)
    await db.execute(sql`
    insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
    select 10 + ${sql.raw(String(count))} + (o.id - 10) * 2 + c.idx, o.id, 'variant', c.key, '/Bench/' || o.key || '/',
      c.idx, true, 'Product',
      jsonb_build_object('code', (o.data->>'code') || '-' || c.key, 'colorKey', c.key,
        'colorCss', c.css, 'colorName', jsonb_build_object('en', c.key), 'imageIds', '[]'::jsonb,
        'availability', 'inStock')
    from objects o
    cross join (values ('black', '#111111', 0), ('red', '#cc0000', 1)) as c(key, css, idx)
    where o.parent_id = ${sql.raw(String(FOLDER))}`)
    await db.execute(
      sql`select setval(pg_get_serial_sequence('objects', 'id'), (select max(id) from objects))`,
    )
    await db.execute(sql`analyze objects`)
    log(`Generated ${count} products and ${count * 2} variants in one folder in ${ms(started)} ms.`)
    log('')

    // (a) Tree paging.
    const adminId = await insertAdminUser(db, { username: 'bench', isAdmin: true })
    const cookie = await signIn(db, adminId)
    const probe = await app.inject({
      method: 'GET',
      url: `/admin/object/tree-get-children-by-id?node=${FOLDER}&start=0&limit=50`,
      headers: { cookie },
    })
    const viaRoute = probe.statusCode === 200
    log(
      `## (a) Children of a folder with ${count} objects, 50 per page — ` +
        (viaRoute
          ? 'admin route GET /admin/object/tree-get-children-by-id (app.inject, in-process)'
          : `direct SQL of the same shape (the admin route answered ${probe.statusCode})`),
    )
    log('')
    log('| page start | runs | p50 ms | p95 ms | max ms |')
    log('| ---: | ---: | ---: | ---: | ---: |')
    for (const start of [0, Math.floor(count / 2), count - 50]) {
      const times: number[] = []
      for (let run = 0; run < 20; run++) {
        const t = performance.now()
        if (viaRoute) {
          const response = await app.inject({
            method: 'GET',
            url: `/admin/object/tree-get-children-by-id?node=${FOLDER}&start=${start}&limit=50`,
            headers: { cookie },
          })
          if (response.statusCode !== 200) throw new Error(`tree page: ${response.statusCode}`)
        } else {
          await db.execute(sql`
          select o.id, o.key, o.type, o.class_id, o.published, o.index,
            exists(select 1 from objects ch where ch.parent_id = o.id) as has_children,
            count(*) over () as total
          from objects o where o.parent_id = ${FOLDER} and o.type <> 'variant'
          order by o.key limit 50 offset ${start}`)
        }
        times.push(performance.now() - t)
      }
      log(
        `| ${start} | ${times.length} | ${percentile(times, 50).toFixed(1)} | ` +
          `${percentile(times, 95).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`,
      )
    }
    log('')

    // (b) Index rebuild.
    started = performance.now()
    let lastReport = 0
    const rebuilt = await rebuildProductIndex(db, {
      onProgress: ({ done, total }) => {
        if (done - lastReport >= 20_000 || done === total) {
          lastReport = done
          console.log(`  indexed ${done}/${total} products`)
        }
      },
    })
    const rebuildMs = ms(started)
    const [indexed] = await db.select({ n: sql<number>`count(*)::int` }).from(productIndex)
    log(`## (b) Product index rebuild`)
    log('')
    log(
      `Rebuilt ${rebuilt.done} products (${indexed?.n ?? 0} rows, ${count * 2} variant rows) in ` +
        `${(rebuildMs / 1000).toFixed(1)} s (${Math.round(rebuilt.done / (rebuildMs / 1000))} products/s), one transaction.`,
    )
    log('')

    // (c) A faceted category page on the full index.
    await db.execute(sql`analyze product_index`)
    const times: number[] = []
    let total = 0
    for (let run = 0; run < 10; run++) {
      const t = performance.now()
      const result = await queryProductIndex(db, {
        locale: 'cs',
        categoryId: CATEGORY,
        sort: 'price.asc',
        page: 3,
        pageSize: 24,
        filters: [
          { name: 'brand', type: 'multiselect', column: 'brand', values: ['Ray', 'Vogue'] },
          { name: 'color', type: 'color', column: 'color', values: ['red'] },
          { name: 'genders', type: 'multiselect', column: 'genders', values: [] },
          { name: 'lensWidth', type: 'range', column: 'lensWidth', min: 45, max: 55 },
        ],
      })
      total = result.total
      times.push(performance.now() - t)
    }
    log(`## (c) Faceted category query on ${count} indexed products`)
    log('')
    log(
      `Category + 2 multiselect/colour filters + 1 range, price sort, page 3 of 24, with facet counts ` +
        `for 4 filters: ${total} matches; p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `max ${Math.max(...times).toFixed(1)} ms (10 runs).`,
    )
    log('')
    return lines
  } finally {
    await testApp.close()
  }
}
