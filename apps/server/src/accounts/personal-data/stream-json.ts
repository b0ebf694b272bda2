/**
 * Rows read page by page (keyset paging), for a JSON array that is written while it is read:
 * only one page is ever held in memory.
 */
export interface StreamedRows {
  readonly kind: 'streamedRows'
  readonly pages: () => AsyncIterable<readonly unknown[]>
}

export function streamedRows(pages: () => AsyncIterable<readonly unknown[]>): StreamedRows {
  return { kind: 'streamedRows', pages }
}

export function isStreamedRows(value: unknown): value is StreamedRows {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'streamedRows'
  )
}

/**
 * Pages of rows by ascending id: `read(afterId, limit)` answers the next `limit` rows after
 * `afterId`, until a short page ends it.
 */
export async function* keysetPages<T extends { id: number }>(
  read: (afterId: number, limit: number) => Promise<T[]>,
  pageSize: number,
): AsyncGenerator<T[]> {
  let afterId = 0
  for (;;) {
    const page = await read(afterId, pageSize)
    if (page.length > 0) yield page
    if (page.length < pageSize) return
    afterId = page[page.length - 1]!.id
  }
}

const indent = (json: string) => json.replace(/\n/g, '\n  ')

/**
 * Writes `{ key: value, … }` as JSON text, one chunk per plain field and one per page of a
 * streamed array, so a person with 10,000 orders leaves the server while it is read.
 */
export async function* streamJsonObject(
  fields: Readonly<Record<string, unknown>>,
): AsyncGenerator<string> {
  const entries = Object.entries(fields)
  yield '{'
  for (const [index, [key, value]] of entries.entries()) {
    const head = `${index === 0 ? '' : ','}\n  ${JSON.stringify(key)}: `
    if (!isStreamedRows(value)) {
      yield head + indent(JSON.stringify(value ?? null, null, 2))
      continue
    }
    yield `${head}[`
    let first = true
    for await (const page of value.pages()) {
      if (page.length === 0) continue
      const rows = page.map((row) => `\n    ${JSON.stringify(row)}`).join(',')
      yield (first ? '' : ',') + rows
      first = false
    }
    yield first ? ']' : '\n  ]'
  }
  yield '\n}\n'
}
