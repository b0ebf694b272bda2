import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'

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

/** The title as a URL slug ("Nová kolekce" → "nova-kolekce"); the id when nothing is left. */
function slugOf(title: string, id: number): string {
  const slug = title
    .replace(/[łŁßđĐøØ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return slug || String(id)
}

/** A gallery's page: `/{locale}/galleries/{id}/{slug}`; the id finds it, the slug is for people. */
export function galleryUrl(locale: Locale, id: number, title: string): string {
  return generateUrl('gallery', { locale, id, slug: slugOf(title, id) })
}
