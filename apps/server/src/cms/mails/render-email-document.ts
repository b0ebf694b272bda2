/**
 * Turns an e-mail document (its subject and its body's HTML with `{{placeholders}}`) and the
 * values of one mail into the mail's subject, HTML and plain text. Values are text and are
 * escaped; tables and images the shop builds itself (`mailTable`, `mailImage`) are trusted
 * blocks inserted as they are, with their own plain-text form.
 */

const BLOCK = Symbol('trusted mail block')

/** HTML the shop built (a table, the QR image) with the same content as plain text. */
export interface TrustedMailBlock {
  readonly [BLOCK]: true
  readonly html: string
  readonly text: string
}

export type MailValue = string | number | boolean | null | undefined | TrustedMailBlock
export type MailValues = Readonly<Record<string, MailValue>>

export interface EmailTemplate {
  readonly subject: string
  /** The body's HTML (the `body` wysiwyg editable, sanitized when it was saved). */
  readonly bodyHtml: string
}

export interface RenderedEmail {
  readonly subject: string
  readonly html: string
  readonly text: string
  /** Placeholders the template uses that the mail has no value for (left visible). */
  readonly unknownPlaceholders: readonly string[]
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

export function isTrustedMailBlock(value: unknown): value is TrustedMailBlock {
  return typeof value === 'object' && value !== null && BLOCK in value
}

/** A block of HTML built by the shop's own code, never from what a visitor typed. */
export function trustedMailBlock(html: string, text: string): TrustedMailBlock {
  return { [BLOCK]: true, html, text }
}

/** A table of text cells (escaped) drawn as HTML and as `cell | cell` lines. */
export function mailTable(
  rows: readonly (readonly string[])[],
  heading?: readonly string[],
): TrustedMailBlock {
  const text: string[] = []
  if (heading) text.push(heading.join(' | '))
  for (const row of rows) text.push(row.filter((cell) => cell !== '').join(' | '))
  const head = heading
    ? `<thead><tr>${heading.map((c) => `<th align="left">${escapeHtml(c)}</th>`).join('')}</tr></thead>`
    : ''
  const body = rows
    .map((row) => `<tr>${row.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('')
  return trustedMailBlock(
    `<table cellpadding="4" cellspacing="0" border="1">${head}<tbody>${body}</tbody></table>`,
    text.join('\n'),
  )
}

/** An image (a data: URL or an address), shown in HTML only. */
export function mailImage(src: string, alt: string): TrustedMailBlock {
  return trustedMailBlock(
    `<p><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="240" height="240"></p>`,
    '',
  )
}

/** Plain text as the body of a document: paragraphs at blank lines, line breaks kept. */
export function textToMailHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('\n')
}

function hasValue(value: MailValue): boolean {
  if (isTrustedMailBlock(value)) return value.html !== '' || value.text !== ''
  return value !== null && value !== undefined && value !== '' && value !== false
}

function textOf(value: MailValue): string {
  if (isTrustedMailBlock(value)) return value.text
  if (value === null || value === undefined || typeof value === 'boolean') return ''
  return String(value)
}

/** A value in the body's text: escaped, line breaks kept, a bare web address made a link. */
function htmlOf(value: MailValue): string {
  if (isTrustedMailBlock(value)) return value.html
  const text = textOf(value)
  if (/^https?:\/\/\S+$/.test(text)) return `<a href="${escapeHtml(text)}">${escapeHtml(text)}</a>`
  return escapeHtml(text).replaceAll('\n', '<br>')
}

/** Fills placeholders in HTML: inside a tag (an attribute) as escaped text, elsewhere as `htmlOf`. */
function fillHtml(template: string, values: MailValues): string {
  const fill = (chunk: string, inTag: boolean) =>
    chunk.replace(PLACEHOLDER, (whole, name: string) => {
      if (!Object.hasOwn(values, name)) return whole
      return inTag ? escapeHtml(textOf(values[name])) : htmlOf(values[name])
    })
  return template
    .split(/(<[^>]*>)/)
    .map((chunk) => fill(chunk, chunk.startsWith('<')))
    .join('')
}

const SECTION = /\{\{\s*([#^])\s*(\w+)\s*\}\}([\s\S]*?)\{\{\s*\/\s*\2\s*\}\}/g
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g

/** `{{#name}}…{{/name}}` kept when name has a value, `{{^name}}…{{/name}}` when it has none. */
function applySections(template: string, values: MailValues): string {
  let previous: string
  let result = template
  // Sections may nest (different names): repeat until none is left.
  do {
    previous = result
    result = result.replace(SECTION, (_whole, sign: string, name: string, inner: string) => {
      const shown = hasValue(values[name]) === (sign === '#')
      return shown ? inner : ''
    })
  } while (result !== previous)
  return result
}

/**
 * Section markers and block placeholders stand outside paragraphs, wherever a rich-text editor
 * put them: a marker at a paragraph's start or end moves out of it, and a marker or a block
 * alone in a paragraph replaces the paragraph.
 */
function unwrapLoneMarkers(html: string, values: MailValues): string {
  let result = html
  let previous: string
  do {
    previous = result
    result = result
      .replace(/<p([^>]*)>\s*(\{\{\s*[#^]\s*\w+\s*\}\})/g, '$2<p$1>')
      .replace(/(\{\{\s*\/\s*\w+\s*\}\})\s*(?:<br\s*\/?>\s*)?<\/p>/g, '</p>$1')
  } while (result !== previous)
  return result.replace(
    /<p[^>]*>\s*(\{\{\s*(\w+)\s*\}\})\s*(?:<br\s*\/?>\s*)?<\/p>/g,
    (whole, marker: string, name: string) => (isTrustedMailBlock(values[name]) ? marker : whole),
  )
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
    }
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10))
    return ENTITIES[entity.toLowerCase()] ?? whole
  })
}

/** The plain-text form of a body's HTML: paragraphs apart by a blank line, table cells by ' | '. */
export function mailHtmlToText(html: string, blockNames: ReadonlySet<string> = new Set()): string {
  let text = html
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(PLACEHOLDER, (whole, name: string) =>
      blockNames.has(name) ? `\n\n${whole}\n\n` : whole,
    )
    .replace(
      /<a\b[^>]*?href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_whole, href: string, inner: string) => {
        const label = inner.replace(/<[^>]+>/g, '').trim()
        const target = decodeEntities(href)
        return label === '' || decodeEntities(label) === target ? href : `${inner} (${href})`
      },
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/t[dh]>\s*<t[dh][^>]*>/gi, ' | ')
    .replace(/<\/tr>/gi, '\n')
    .replace(/<\/table>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|li)>/gi, (_whole, tag: string) =>
      tag.toLowerCase() === 'li' ? '\n' : '\n\n',
    )
    .replace(/<hr[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
  text = decodeEntities(text)
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
}

function collectUnknown(template: string, values: MailValues, into: Set<string>): void {
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1]!
    if (!Object.hasOwn(values, name)) into.add(name)
  }
}

/** Fills a plain-text template (a subject, the text part). */
function fillText(template: string, values: MailValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? textOf(values[name]) : whole,
  )
}

/** Renders one mail from a document's subject and body with the mail's values. */
export function renderEmailDocument(template: EmailTemplate, values: MailValues): RenderedEmail {
  const unknown = new Set<string>()
  const subjectTemplate = applySections(template.subject, values)
  collectUnknown(subjectTemplate, values, unknown)
  const subject = fillText(subjectTemplate, values).replace(/\s+/g, ' ').trim()

  const bodyTemplate = applySections(unwrapLoneMarkers(template.bodyHtml, values), values)
  collectUnknown(bodyTemplate, values, unknown)
  const blocks = new Set(
    Object.entries(values)
      .filter(([, value]) => isTrustedMailBlock(value))
      .map(([name]) => name),
  )
  const bodyHtml = fillHtml(bodyTemplate, values).replace(/<p[^>]*>\s*(?:<br\s*\/?>\s*)?<\/p>/g, '')
  const text = fillText(mailHtmlToText(bodyTemplate, blocks), values)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return {
    subject,
    html: `<!doctype html><html><body>${bodyHtml.trim()}</body></html>`,
    text: text + '\n',
    unknownPlaceholders: [...unknown],
  }
}
