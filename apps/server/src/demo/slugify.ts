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

/** Turns a name into a URL slug: lowercase ASCII words joined by hyphens ("Dámské obruby" → "damske-obruby"). */
export function slugify(text: string): string {
  return text
    .replace(/[łŁßđĐøØ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
