import sanitizeHtml from 'sanitize-html'
import { WYSIWYG_OPTIONS } from '../../pim/classes/validate-object.ts'

/**
 * An article's body as the page draws it: the PIM's wysiwyg allow-list (common formatting, lists,
 * tables, http(s)/mailto links, pictures from the shop's own media only) plus figures, with
 * headings below the page's h1 and pictures loaded lazily. Sanitized again when drawn, whatever
 * the PIM stored (an import or an older version may have skipped its check).
 */
const ARTICLE_BODY_OPTIONS: sanitizeHtml.IOptions = {
  ...WYSIWYG_OPTIONS,
  allowedTags: [...WYSIWYG_OPTIONS.allowedTags, 'figure', 'figcaption'],
  allowedAttributes: {
    ...WYSIWYG_OPTIONS.allowedAttributes,
    img: [...WYSIWYG_OPTIONS.allowedAttributes.img, 'loading', 'decoding'],
  },
  transformTags: {
    ...WYSIWYG_OPTIONS.transformTags,
    h1: 'h2',
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' },
    }),
  },
}

/** Wysiwyg HTML of an article reduced to what the page may draw. */
export function sanitizeArticleBody(html: string): string {
  return sanitizeHtml(html, ARTICLE_BODY_OPTIONS)
}
