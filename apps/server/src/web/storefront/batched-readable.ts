import { Readable } from 'node:stream'

const TURN = Symbol('turn')
const nextTurn = () => new Promise<typeof TURN>((resolve) => setImmediate(resolve, TURN))

/**
 * A web stream as a Node stream that hands on, as one chunk, every chunk that came in the same
 * turn of the event loop. React writes a page in pieces of at most 2 kB, all at once when a part
 * of it is ready: sent one by one, each is a system call with its chunked-encoding framing (25 for
 * a product page, 8 batched; decision 073). Nothing waits longer than that turn.
 */
export function batchedReadable(body: ReadableStream<Uint8Array>): Readable {
  const reader = body.getReader()
  let pending: ReturnType<typeof reader.read> | null = null
  /** Reads one batch and pushes it; a failure destroys the stream (this never rejects). */
  async function pull(stream: Readable): Promise<void> {
    const chunks: Uint8Array[] = []
    let turn: Promise<typeof TURN> | null = null
    let done = false
    try {
      for (;;) {
        pending ??= reader.read()
        const next = turn ? await Promise.race([pending, turn]) : await pending
        if (next === TURN) break
        pending = null
        if (next.done) {
          done = true
          break
        }
        chunks.push(next.value)
        turn ??= nextTurn()
      }
    } catch (error) {
      stream.destroy(error instanceof Error ? error : new Error(String(error)))
      return
    }
    if (chunks.length > 0) stream.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))
    if (done) stream.push(null)
  }
  return new Readable({
    read() {
      void pull(this)
    },
    destroy(error, callback) {
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        () => callback(error),
      )
    },
  })
}
