import { describe, expect, it } from 'vitest'
import { applyGlossary, prepareGlossary, type GlossaryEntry } from './apply-glossary.ts'

const term = (text: string, meaning: Partial<GlossaryEntry> = {}): GlossaryEntry => ({
  text,
  link: '',
  abbr: '',
  acronym: '',
  caseSensitive: false,
  exactMatch: true,
  ...meaning,
})

describe('drawing the glossary into sanitized HTML', () => {
  it('links the first occurrence on the page only, across its pieces of text', () => {
    const terms = prepareGlossary([term('polarized', { link: '/en/articles/1/polarized' })])
    const used = new Set<string>()
    const first = applyGlossary('<p>Polarized lenses. More polarized lenses.</p>', terms, used)
    const second = applyGlossary('<p>Still polarized.</p>', terms, used)
    expect(first).toBe(
      '<p><a href="/en/articles/1/polarized" class="glossary-term">Polarized</a> lenses. More polarized lenses.</p>',
    )
    expect(second).toBe('<p>Still polarized.</p>')
  })

  it('never draws inside links, headings, code or abbreviations', () => {
    const terms = prepareGlossary([term('UV', { abbr: 'ultraviolet' })])
    const html =
      '<h2>UV</h2><p><a href="/x">UV</a> <code>UV</code> <abbr title="y">UV</abbr> then UV here</p>'
    expect(applyGlossary(html, terms)).toBe(
      '<h2>UV</h2><p><a href="/x">UV</a> <code>UV</code> <abbr title="y">UV</abbr> then <abbr title="ultraviolet">UV</abbr> here</p>',
    )
  })

  it('prefers the longest term, keeps word boundaries, and honours case sensitivity', () => {
    const terms = prepareGlossary([
      term('UV', { abbr: 'ultraviolet' }),
      term('UV 400', { abbr: 'all UV up to 400 nm' }),
      term('Ray', { link: '/en/brand/ray', caseSensitive: true }),
    ])
    expect(applyGlossary('<p>UV 400 and UV; ray, Rayon, Ray.</p>', terms)).toBe(
      '<p><abbr title="all UV up to 400 nm">UV 400</abbr> and <abbr title="ultraviolet">UV</abbr>; ray, Rayon, <a href="/en/brand/ray" class="glossary-term">Ray</a>.</p>',
    )
  })

  it('matches inside words only when the term says so, and never inside an entity', () => {
    const inside = prepareGlossary([term('amp', { abbr: 'x', exactMatch: false })])
    expect(applyGlossary('<p>R&amp;D lamp</p>', inside)).toBe(
      '<p>R&amp;D l<abbr title="x">amp</abbr></p>',
    )
  })

  it('escapes what it writes, and matches terms with HTML characters as the page has them', () => {
    const terms = prepareGlossary([term('R&D', { abbr: 'research "and" <development>' })])
    expect(applyGlossary('<p>Our R&amp;D team</p>', terms)).toBe(
      '<p>Our <abbr title="research &quot;and&quot; &lt;development&gt;">R&amp;D</abbr> team</p>',
    )
  })

  it('treats a term as literal text, never as a pattern', () => {
    const terms = prepareGlossary([term('(a+)+$', { abbr: 'x' }), term('.*', { abbr: 'y' })])
    const started = performance.now()
    expect(applyGlossary(`<p>${'a'.repeat(5000)}!</p>`, terms)).toBe(`<p>${'a'.repeat(5000)}!</p>`)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('draws links and abbreviations together, inside the link', () => {
    const terms = prepareGlossary([term('PD', { link: '/en/pd', abbr: 'pupillary distance' })])
    expect(applyGlossary('<p>Measure your PD.</p>', terms)).toBe(
      '<p>Measure your <a href="/en/pd" class="glossary-term"><abbr title="pupillary distance">PD</abbr></a>.</p>',
    )
  })
})
