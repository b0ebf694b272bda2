/**
 * Runs Drizzle queries one after another and returns their results like `Promise.all`. Queries
 * are lazy until awaited, so nothing starts early: a transaction has one connection, and `pg`
 * must not be handed several queries on it at once.
 */
export async function inSequence<const T extends readonly PromiseLike<unknown>[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = []
  for (const query of queries) results.push(await query)
  return results as { -readonly [K in keyof T]: Awaited<T[K]> }
}
