/** A glossary term ready to be drawn: what to find and what to draw it as. */
export interface GlossaryEntry {
  readonly text: string
  readonly link: string
  readonly abbr: string
  readonly acronym: string
  readonly caseSensitive: boolean
  readonly exactMatch: boolean
}

/** Terms used on one page so far: each term is drawn at its first occurrence only. */
export type GlossaryPageState = Set<string>

/** Text inside these is never a term: links, headings, code, existing abbreviations, controls. */
const SKIPPED = new Set([
  'a',
  'abbr',
  'acronym',
  'button',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'kbd',
  'pre',
  'samp',
  'script',
  'style',
  'textarea',
  'select',
  'option',
  'label',
  'svg',
])

interface PreparedTerm {
  readonly key: string
  readonly regex: RegExp
  readonly entry: GlossaryEntry
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/**
 * Prepares terms for `applyGlossary`: longest first (so "UV 400 filter" wins over "UV"), each a
 * literal regex (never the editor's pattern) over the text as it stands in HTML (entities escaped).
 */
export function prepareGlossary(entries: readonly GlossaryEntry[]): readonly PreparedTerm[] {
  return [...entries]
    .filter((e) => e.text.trim() !== '')
    .sort((a, b) => b.text.length - a.text.length || (a.text < b.text ? -1 : 1))
    .map((entry) => {
      const literal = escapeRegex(escapeHtml(entry.text))
      // Never inside an entity (`&amp;`); whole words unless the term says otherwise.
      const source = entry.exactMatch
        ? `(?<![\\p{L}\\p{N}_&])(?<!&#?[\\p{L}\\p{N}]*)${literal}(?![\\p{L}\\p{N}_])`
        : `(?<!&#?[\\p{L}\\p{N}]*)${literal}`
      return {
        key: entry.caseSensitive ? entry.text : entry.text.toLocaleLowerCase(),
        regex: new RegExp(source, entry.caseSensitive ? 'gu' : 'giu'),
        entry,
      }
    })
}

/** The markup a found term is drawn with; `found` is the text as the page has it (HTML). */
function markup(entry: GlossaryEntry, found: string): string {
  const title = entry.abbr || entry.acronym
  const inner = title ? `<abbr title="${escapeHtml(title)}">${found}</abbr>` : found
  return entry.link
    ? `<a href="${escapeHtml(entry.link)}" class="glossary-term">${inner}</a>`
    : inner
}

/**
 * Draws glossary terms into sanitized HTML: the first occurrence of each term on the page (the
 * state is shared by every piece of text of one page), never inside links, headings, code or
 * abbreviations, whole words unless a term says otherwise, longest term first. The input must be
 * sanitized HTML (tags closed, `<` and `>` escaped in text and attributes), as the shop stores it.
 */
export function applyGlossary(
  html: string,
  terms: readonly PreparedTerm[],
  used: GlossaryPageState = new Set(),
): string {
  if (terms.length === 0 || html === '') return html
  const tokens = html.split(/(<[^>]*>)/)
  const open = new Map<string, number>()
  let skipped = 0
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!
    if (token.startsWith('<')) {
      const tag = /^<(\/?)([a-zA-Z][\w-]*)/.exec(token)
      if (!tag) continue
      const name = tag[2]!.toLowerCase()
      if (!SKIPPED.has(name) || token.endsWith('/>')) continue
      const count = open.get(name) ?? 0
      const next = tag[1] ? Math.max(0, count - 1) : count + 1
      open.set(name, next)
      skipped += next - count
      continue
    }
    if (skipped > 0 || token.trim() === '') continue
    tokens[i] = drawTerms(token, terms, used)
  }
  return tokens.join('')
}

/** One text node: repeatedly the earliest (then longest) unused term, until none is left. */
function drawTerms(text: string, terms: readonly PreparedTerm[], used: GlossaryPageState): string {
  let out = ''
  let rest = text
  for (;;) {
    let best: { index: number; length: number; term: PreparedTerm } | null = null
    for (const term of terms) {
      if (used.has(term.key)) continue
      term.regex.lastIndex = 0
      const found = term.regex.exec(rest)
      if (!found) continue
      if (!best || found.index < best.index) {
        best = { index: found.index, length: found[0].length, term }
      }
    }
    if (!best) return out + rest
    used.add(best.term.key)
    out +=
      rest.slice(0, best.index) +
      markup(best.term.entry, rest.slice(best.index, best.index + best.length))
    rest = rest.slice(best.index + best.length)
  }
}
