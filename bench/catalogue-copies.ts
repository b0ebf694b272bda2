import pg from 'pg'

/**
 * Grows the demo catalogue in the database at `databaseUrl` to at least `target` products by
 * copying every demo product (with its colour variants and their stock) as often as needed: each
 * copy keeps the original's pictures, categories, filters and related products, with its own id,
 * key, code, names and slugs (suffix `-<copy>`). Returns the number of products afterwards. The
 * product index is not touched: run `index:rebuild` after it.
 */
export async function growDemoCatalogue(databaseUrl: string, target: number): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const count = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from objects where class_id = 'Product' and type = 'object'`,
          )
        ).rows[0]?.n ?? 0,
      )
    const originals = await count()
    if (originals === 0) throw new Error('the database has no demo products to copy')
    const copies = Math.ceil((target - originals) / originals)
    if (copies <= 0) return originals
    // Suffixes every language's name and slug with the copy number.
    await db.query(`
      create or replace function pg_temp.suffixed(value jsonb, suffix text) returns jsonb
      language sql immutable as $$
        select coalesce(jsonb_object_agg(key, to_jsonb(value #>> '{}' || suffix)), '{}'::jsonb)
          from jsonb_each(value) $$`)
    for (let copy = 1; copy <= copies; copy += 1) {
      await db.query('begin')
      await db.query(
        `create temporary table copied on commit drop as
           select o.id as original, nextval(pg_get_serial_sequence('objects', 'id')) as id
             from objects o where o.class_id = 'Product' and o.type = 'object' and o.key not like '%~%'`,
      )
      await db.query(
        `insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
         select c.id, o.parent_id, o.type, o.key || '~' || $1, o.path, o.index, o.published, o.class_id,
                o.data || jsonb_build_object(
                  'code', (o.data->>'code') || '-' || $1,
                  'name', pg_temp.suffixed(o.data->'name', ' ' || $1),
                  'slug', pg_temp.suffixed(o.data->'slug', '-' || $1))
           from copied c join objects o on o.id = c.original`,
        [String(copy)],
      )
      await db.query(
        `with variants as (
           select v.*, c.id as new_parent, o.path || o.key || '~' || $1 || '/' as new_path,
                  nextval(pg_get_serial_sequence('objects', 'id')) as new_id
             from copied c join objects o on o.id = c.original
             join objects v on v.parent_id = c.original and v.type = 'variant'),
         inserted as (
           insert into objects (id, parent_id, type, key, path, index, published, class_id, data)
           select new_id, new_parent, 'variant', key, new_path, index, published, class_id,
                  data || jsonb_build_object('code', (data->>'code') || '-' || $1)
             from variants returning id)
         insert into stock_levels (object_id, quantity)
         select v.new_id, coalesce(s.quantity, 0)
           from variants v left join stock_levels s on s.object_id = v.id`,
        [String(copy)],
      )
      await db.query('commit')
    }
    return await count()
  } finally {
    await db.end()
  }
}
