import sanitizeHtml from 'sanitize-html'

/** Pictures in a body come from the shop's own media paths only (no tracking pixels, no hotlinks). */
const OWN_MEDIA = /^\/media\/(thumbnail|medium|large)\/(?!.*\.\.)[\w\-./%]+$/

/**
 * An article's body as the page draws it: the PIM's wysiwyg allow-list (common formatting, lists,
 * tables, http(s)/mailto links) plus pictures from the shop's own media. Sanitized again when
 * drawn, whatever the PIM stored (an import or an older version may have skipped its check).
 */
const ARTICLE_BODY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A body's headings start below the page's h1 (the title).
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_MEDIA.test(frame.attribs.src ?? ''),
}

/** Wysiwyg HTML of an article reduced to what the page may draw. */
export function sanitizeArticleBody(html: string): string {
  return sanitizeHtml(html, ARTICLE_BODY_OPTIONS)
}
