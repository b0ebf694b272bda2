import { Suspense, use } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { htmlStream } from './html-stream.server.ts'

const bigText = 'x'.repeat(20_000)

function Later({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>
}

function Page({ later }: { later: Promise<string> }) {
  return (
    <html lang="cs">
      <body>
        <style dangerouslySetInnerHTML={{ __html: bigText }} />
        <ul>
          {Array.from({ length: 2_000 }, (_, i) => (
            <li key={i}>{`položka ${String(i)}`}</li>
          ))}
        </ul>
        <Suspense fallback={<p>čekám</p>}>
          <Later value={later} />
        </Suspense>
      </body>
    </html>
  )
}

/** Renders `Page` into an `htmlStream`; resolves with the stream's chunks and whether it ended. */
function render(later: Promise<string>, encoded = new Map<string, Uint8Array>()) {
  let ended = 0
  const errors: string[] = []
  const { stream, destination } = htmlStream({ encoded, onEnd: () => (ended += 1) })
  const { pipe } = renderToPipeableStream(<Page later={later} />, {
    onShellReady: () => pipe(destination),
    onError: (error) => void errors.push(error instanceof Error ? error.message : String(error)),
  })
  return { stream, ended: () => ended, errors }
}

async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}

describe('the HTML stream of a page', () => {
  it('carries the whole page, a part of it per flush instead of 4 kB views', async () => {
    let resolve!: (value: string) => void
    const rendering = render(new Promise<string>((r) => (resolve = r)))
    const reading = chunksOf(rendering.stream)
    setTimeout(() => resolve('hotovo'), 0)
    const chunks = await reading
    const html = Buffer.concat(chunks).toString()
    expect(html).toContain('<li>položka 1999</li>')
    expect(html).toContain(bigText)
    expect(html).toContain('hotovo')
    // The shell (over 60 kB of views) in one chunk, the boundary that came later in another.
    expect(chunks.length).toBeLessThanOrEqual(3)
    expect(rendering.ended()).toBe(1)
  })

  it('writes a string it was given the bytes of as those bytes', async () => {
    const bytes = Buffer.from(bigText.toUpperCase())
    const rendering = render(Promise.resolve('hotovo'), new Map([[bigText, bytes]]))
    const html = Buffer.concat(await chunksOf(rendering.stream)).toString()
    expect(html).toContain(bigText.toUpperCase())
    expect(html).not.toContain(bigText)
  })

  it('stops the rendering when the reader goes away', async () => {
    const never = new Promise<string>(() => {})
    const rendering = render(never)
    const reader = rendering.stream.getReader()
    const first = await reader.read()
    expect(Buffer.from(first.value!).toString()).toContain('čekám')
    await reader.cancel()
    // React is told, and gives up the boundary it was waiting for.
    expect(rendering.ended()).toBe(1)
    await expect.poll(() => rendering.errors).toEqual(['The destination stream closed early.'])
  })
})
