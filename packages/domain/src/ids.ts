import { z } from 'zod'

/** The largest value of a PostgreSQL `integer` column (int4), the type of most id columns. */
export const MAX_INT4_ID = 2_147_483_647

/** The field message of a malformed id: the general form error, translated by the error handler. */
const ID_ERROR = 'validation.formError'

/**
 * A database id as a request names it — in a path, a query string or a JSON body: a positive
 * integer an `integer` id column can hold. Anything else is a 400 before any lookup, so an id
 * beyond the column's range never reaches PostgreSQL (which would fail with "out of range").
 * Text ("42") is read as a number, since paths and query strings carry text.
 */
export const IdSchema = z.coerce
  .number<number>({ error: ID_ERROR })
  .int(ID_ERROR)
  .positive(ID_ERROR)
  .max(MAX_INT4_ID, ID_ERROR)

/**
 * The id of a row of a `bigint` id column (objects, assets, versions, orders, carts, ratings, the
 * logs): a positive integer exact in a JavaScript number. Otherwise as `IdSchema`.
 */
export const BigIdSchema = z.coerce
  .number<number>({ error: ID_ERROR })
  .int(ID_ERROR)
  .positive(ID_ERROR)
  .max(Number.MAX_SAFE_INTEGER, ID_ERROR)

/** `/…/{id}` of a row of an `integer` id column. */
export const IdParamsSchema = z.object({ id: IdSchema })

/** `/…/{id}` of a row of a `bigint` id column. */
export const BigIdParamsSchema = z.object({ id: BigIdSchema })
