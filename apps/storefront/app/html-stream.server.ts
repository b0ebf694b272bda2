import type { Writable } from 'node:stream'

type Listener = () => void

/**
 * React's HTML as a web stream, with what React writes between two of its flushes as one chunk.
 *
 * React writes a page in views of 4 kB and calls `flush()` when a part of the page is complete.
 * Through a PassThrough and `createReadableStreamFromReadable` each view crossed two streams on
 * its own (35 of them for a product page); here a flush is one chunk (issue 22). `encoded` holds
 * strings every page writes whole, such as the inline stylesheet (67 kB), as bytes made once.
 *
 * `destination` is what `pipe()` is given: React calls only `write`, `flush`, `end`, `destroy` and
 * `on` on it. `write` never asks React to wait: a page is done as it is written.
 */
export function htmlStream(options: {
  readonly encoded: ReadonlyMap<string, Uint8Array>
  /** Called once the page is ended: written whole, given up by React, or cancelled by the reader. */
  readonly onEnd: () => void
}): { readonly stream: ReadableStream<Uint8Array>; readonly destination: Writable } {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let pending: (string | Uint8Array)[] = []
  let done = false
  const closeListeners: Listener[] = []

  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController
    },
    // The client went away: React stops rendering ("the destination stream closed early").
    cancel() {
      done = true
      pending = []
      for (const listener of closeListeners) listener()
      options.onEnd()
    },
  })

  function flush(): void {
    if (done || pending.length === 0) return
    const parts = pending.map((chunk) =>
      typeof chunk === 'string' ? (options.encoded.get(chunk) ?? Buffer.from(chunk)) : chunk,
    )
    pending = []
    controller.enqueue(parts.length === 1 ? parts[0]! : Buffer.concat(parts))
  }

  function finish(error?: unknown): void {
    if (!done) {
      if (error === undefined) {
        flush()
        controller.close()
      } else controller.error(error)
      done = true
    }
    options.onEnd()
  }

  const destination = {
    write(chunk: string | Uint8Array): boolean {
      if (!done) pending.push(chunk)
      return true
    },
    flush,
    end: () => finish(),
    destroy: (error?: unknown) => finish(error ?? new Error('the page was not rendered')),
    on(event: string, listener: Listener) {
      if (event === 'close') closeListeners.push(listener)
      return destination
    },
  }
  return { stream, destination: destination as unknown as Writable }
}
