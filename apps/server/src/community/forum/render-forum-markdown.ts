import sanitizeHtml from 'sanitize-html'

/** What the forum draws a post's body (its Markdown subset) as. */
export interface ForumMarkdown {
  /** A post's body as sanitized HTML. */
  render(body: string): string
  /** A post's body as one line of plain text, for quotes and mails. */
  excerpt(body: string, max?: number): string
}

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

const SAFE_LINK = /^https?:\/\/[^\s]+$/i

/**
 * The forum's Markdown subset: paragraphs, line breaks, emphasis, lists, quotes, code and
 * http(s) links. Raw HTML is text (`html: false`); headings, images, tables and autolinks are
 * off. Nesting stops at 20 levels, so a thousand `>` cannot recurse the renderer deep.
 * markdown-it is loaded by the first post drawn: the server starts without it (decision 071).
 */
async function createForumMarkdown(): Promise<ForumMarkdown> {
  const { default: MarkdownIt } = await import('markdown-it')
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
  markdown.validateLink = (url) => SAFE_LINK.test(url.trim())
  return {
    render: (body) => sanitizeHtml(markdown.render(body), SANITIZE).trim(),
    excerpt(body, max = 200) {
      const text = sanitizeHtml(markdown.render(body), { allowedTags: [], allowedAttributes: {} })
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/\s+/g, ' ')
        .trim()
      return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
    },
  }
}

let loading: Promise<ForumMarkdown> | null = null

/** The forum's renderer, made once (later calls return the same one). */
export function loadForumMarkdown(): Promise<ForumMarkdown> {
  loading ??= createForumMarkdown()
  return loading
}
