import pg from 'pg'

/** A statement becomes a prepared one at its third run in this process. */
const RUNS_BEFORE_PREPARED = 3
/** At most this many statements are prepared (on every connection that runs them). */
const MAX_PREPARED = 1_000
/** The run counts of statements not yet prepared are forgotten beyond this many texts. */
const MAX_COUNTED = 10_000

/**
 * Names for the parameterized statements this process runs again and again (decision 074).
 * PostgreSQL plans an unnamed statement at every run; planning the shop's statements cost more
 * than running them (a product page's statement: 1.4 ms of planning, 1.0 ms of execution). A
 * named one is parsed once per connection and, after five runs, PostgreSQL keeps its generic plan
 * when that is as good as the custom ones.
 *
 * A text gets a name at its `RUNS_BEFORE_PREPARED`th run, so statements built with literals
 * never pile up, and `MAX_PREPARED` bounds what each connection keeps. The same text always gets
 * the same name, as node-postgres requires of a name on every connection.
 */
export class StatementNames {
  readonly #names = new Map<string, string>()
  readonly #runs = new Map<string, number>()

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.#names.get(text)
    if (name !== undefined || this.#names.size >= MAX_PREPARED) return name
    const runs = (this.#runs.get(text) ?? 0) + 1
    if (runs < RUNS_BEFORE_PREPARED) {
      if (this.#runs.size >= MAX_COUNTED) this.#runs.clear()
      this.#runs.set(text, runs)
      return undefined
    }
    this.#runs.delete(text)
    const named = `optika_${this.#names.size + 1}`
    this.#names.set(text, named)
    return named
  }

  get size(): number {
    return this.#names.size
  }
}

interface QueryConfigLike {
  readonly text?: unknown
  readonly name?: unknown
  readonly values?: unknown
  readonly submit?: unknown
}

const hasValues = (values: unknown) => Array.isArray(values) && values.length > 0

/**
 * A node-postgres client class for `pg.Pool`'s `Client` option that runs parameterized statements
 * under the names `names` gives them. Statements without parameters (transaction control, a
 * migration's several statements) go as they are, by the simple protocol.
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  class PreparingClient extends pg.Client {}
  PreparingClient.prototype.query = function (
    this: pg.Client,
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) {
    const statement = config as QueryConfigLike | null
    if (
      statement !== null &&
      typeof statement === 'object' &&
      typeof statement.text === 'string' &&
      statement.name === undefined &&
      statement.submit === undefined &&
      (hasValues(values) || hasValues(statement.values))
    ) {
      const name = names.nameFor(statement.text)
      if (name !== undefined) config = { ...statement, name }
    }
    return (pg.Client.prototype.query as (...args: unknown[]) => unknown).call(
      this,
      config,
      values,
      callback,
    )
  } as typeof pg.Client.prototype.query
  return PreparingClient
}
