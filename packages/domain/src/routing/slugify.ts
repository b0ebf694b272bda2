/** Letters that Unicode does not decompose into a base letter plus a mark. */
const SPECIAL_LETTERS: Record<string, string> = {
  ł: 'l',
  Ł: 'l',
  ß: 'ss',
  đ: 'd',
  Đ: 'd',
  ø: 'o',
  Ø: 'o',
}

/** Slugs stay short: an id finds the page, the slug is for people. */
const MAX_SLUG = 80

/**
 * A name as a URL slug: lowercase ASCII words joined by hyphens, at most 80 characters ("Dámské
 * obruby" → "damske-obruby"); `fallback` when nothing is left (a title of emoji or Cyrillic).
 */
export function slugify(text: string, fallback = ''): string {
  const slug = text
    .replace(/[łŁßđĐøØ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '')
  return slug || fallback
}
