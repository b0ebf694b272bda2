import { useMemo } from 'react'

/** The value itself, kept beside its text for the server's own render (no enumerable key). */
const VALUE = Symbol('value')

/**
 * A loader's large plain value, sent to the browser as one JSON text. React Router encodes loader
 * data with turbo-stream, which walks every value one by one (an index, a map entry and a few
 * strings each): for a product page or a list of tiles that was most of the server's work and
 * garbage per request, where one `JSON.stringify` is a single native pass (decision 076). The
 * server's render reads the value it holds; the browser parses the text once. Only for plain
 * data: no dates, maps or promises.
 */
export interface JsonText<T> {
  readonly json: string
  readonly [VALUE]?: T
}

/** `value` as a `JsonText`; `json` when its text is already at hand (a kept answer's). */
export function toJsonText<T>(value: T, json = JSON.stringify(value)): JsonText<T> {
  // Not enumerable: turbo-stream sends only `json`.
  return Object.defineProperty({ json }, VALUE, { value })
}

/** The value of a `JsonText`: the server's own, or in the browser its text parsed once. */
export function useJsonText<T>(text: JsonText<T>): T {
  return useMemo(() => text[VALUE] ?? (JSON.parse(text.json) as T), [text])
}
