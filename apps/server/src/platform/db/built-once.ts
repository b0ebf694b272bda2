import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'

/** Both engines' dialect: the casing of `client.ts`. */
const dialect = new PgDialect({ casing: 'snake_case' })

/**
 * A statement whose text is built once, with `sql.placeholder(name)` for what changes per run.
 * `db.execute(sql\`…\`)` builds the text from its fragments at every run: for the product page's
 * statement that was most of what a request kept alive across young-generation collections
 * (issue 22, decision 077). Runs as `db.execute` does, so the rows come back the same.
 */
export function builtOnce<
  Row extends Record<string, unknown>,
  Values extends Record<string, unknown>,
>(statement: SQL): (db: Db, values: Values) => Promise<{ rows: Row[] }> {
  const query = dialect.sqlToQuery(statement)
  return (db, values) =>
    db._.session.prepareQuery(query, undefined, undefined, false).execute(values) as Promise<{
      rows: Row[]
    }>
}
