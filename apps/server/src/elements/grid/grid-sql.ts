import { sql, type SQL } from 'drizzle-orm'

/** `value` as a literal part of a LIKE pattern. */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** Contains `value`, case-insensitive (a grid's string filter). */
export function containsCondition(expression: SQL, value: string): SQL {
  return sql`${expression}::text ilike ${`%${likeLiteral(value)}%`}`
}

/** From and to, both inclusive, compared after `cast` (a grid's number filter). */
export function rangeCondition(expression: SQL, from: unknown, to: unknown, cast: SQL): SQL[] {
  const parts: SQL[] = []
  if (from !== undefined) parts.push(sql`${expression} >= ${from}${cast}`)
  if (to !== undefined) parts.push(sql`${expression} <= ${to}${cast}`)
  return parts
}

/** A timestamp between two ISO days; the `to` day counts whole. */
export function dayRangeCondition(
  expression: SQL,
  from: string | undefined,
  to: string | undefined,
): SQL[] {
  const parts: SQL[] = []
  if (from !== undefined) parts.push(sql`${expression} >= ${from}::date`)
  if (to !== undefined) parts.push(sql`${expression} < (${to}::date + interval '1 day')`)
  return parts
}

/** Equals one of `values` as text (a grid's list filter); no values = no condition. */
export function inListCondition(expression: SQL, values: readonly string[]): SQL[] {
  if (values.length === 0) return []
  const list = sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )
  return [sql`${expression} in (${list})`]
}
