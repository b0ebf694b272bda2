import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { toJsonText, useJsonText, type JsonText } from './json-text.ts'

const detail = { id: 7, name: 'Brýle „Ocello“ <b>', prices: [{ amount: 1990, currency: 'CZK' }] }

function Shown({ text, seen }: { text: JsonText<typeof detail>; seen: (value: unknown) => void }) {
  const value = useJsonText(text)
  seen(value)
  return <p>{value.name}</p>
}

describe('a loader value sent as JSON text', () => {
  it('shows turbo-stream only its text', () => {
    const text = toJsonText(detail)
    expect(Object.keys(text)).toEqual(['json'])
    expect(JSON.parse(text.json)).toEqual(detail)
  })

  it('renders on the server from the value itself, not a parsed copy', () => {
    let seen: unknown
    const html = renderToString(<Shown text={toJsonText(detail)} seen={(v) => (seen = v)} />)
    expect(seen).toBe(detail)
    expect(html).toBe('<p>Brýle „Ocello“ &lt;b&gt;</p>')
  })

  it('renders in the browser from the text alone', () => {
    // What arrives: the enumerable properties only.
    const arrived = { ...toJsonText(detail) } as JsonText<typeof detail>
    let seen: unknown
    renderToString(<Shown text={arrived} seen={(v) => (seen = v)} />)
    expect(seen).toEqual(detail)
    expect(seen).not.toBe(detail)
  })

  it('takes a text already at hand', () => {
    const json = JSON.stringify(detail)
    expect(toJsonText(detail, json).json).toBe(json)
  })
})
