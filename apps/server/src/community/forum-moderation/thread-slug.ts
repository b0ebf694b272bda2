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

/**
 * A thread's address words from its title ("Brýle se mlží" → "bryle-se-mlzi"), at most 80
 * characters; 'thread' when nothing is left (a title of emoji). The id finds the thread; the slug
 * is only read by people.
 */
export function threadSlugOf(title: string): string {
  const slug = title
    .replace(/[łŁßđĐøØ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '')
  return slug || 'thread'
}
