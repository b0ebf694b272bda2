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

/** Slugs stay short: the id finds the article, the slug is for people. */
const MAX_SLUG = 80

/**
 * An article's URL slug from its title: lowercase ASCII words joined by hyphens ("Proč
 * polarizační skla" → "proc-polarizacni-skla"). Articles have no slug field; the id is what the
 * page looks up, so a changed title only moves the page (the old address redirects).
 */
export function articleSlug(title: string): string {
  return title
    .replace(/[łŁßđĐøØ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '')
}
