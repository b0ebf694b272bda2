import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

/**
 * The forum's Markdown subset: paragraphs, line breaks, emphasis, lists, quotes, code and
 * http(s) links. Raw HTML is text (`html: false`); headings, images, tables and autolinks are
 * off. Nesting stops at 20 levels, so a thousand `>` cannot recurse the renderer deep.
 */
const markdown = new MarkdownIt('zero', { html: false, breaks: true, linkify: false })
  .set({ maxNesting: 20 })
  .enable([
    'blockquote',
    'code',
    'fence',
    'list',
    'newline',
    'emphasis',
    'backticks',
    'link',
    'escape',
    'entity',
  ])

const SAFE_LINK = /^https?:\/\/[^\s]+$/i
markdown.validateLink = (url) => SAFE_LINK.test(url.trim())

/** What may reach the page after markdown-it: its own output's tags, nothing else. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'em', 'strong', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { href: attribs.href ?? '', rel: 'nofollow ugc noopener' },
    }),
  },
}

/** A post's body (the Markdown subset) as sanitized HTML. */
export function renderForumMarkdown(body: string): string {
  return sanitizeHtml(markdown.render(body), SANITIZE).trim()
}

/** A post's body as one line of plain text, for quotes and mails. */
export function forumExcerpt(body: string, max = 200): string {
  const text = sanitizeHtml(markdown.render(body), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}
