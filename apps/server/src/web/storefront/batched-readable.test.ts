import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { batchedReadable } from './batched-readable.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

async function chunksOf(stream: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: string[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array).toString())
  return chunks
}

describe('a web stream read as batches', () => {
  it('hands on what came together as one chunk, and what came later as the next', async () => {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of ['<html>', '<head>', '</head>']) controller.enqueue(bytes(part))
        await sleep(20)
        controller.enqueue(bytes('<body>'))
        controller.enqueue(bytes('</body></html>'))
        controller.close()
      },
    })
    expect(await chunksOf(batchedReadable(body))).toEqual([
      '<html><head></head>',
      '<body></body></html>',
    ])
  })

  it('passes a failure of the stream on as an error', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('part'))
        controller.error(new Error('render failed'))
      },
    })
    await expect(chunksOf(batchedReadable(body))).rejects.toThrow('render failed')
  })

  it('cancels the web stream when the reader goes away', async () => {
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytes('more'))
        return sleep(5)
      },
      cancel() {
        cancelled = true
      },
    })
    const stream = batchedReadable(body)
    for await (const _ of stream) break
    await expect.poll(() => cancelled).toBe(true)
  })
})
