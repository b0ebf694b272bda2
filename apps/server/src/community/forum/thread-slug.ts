/** A thread title as the URL's slug ("Jak vybrat obrubu?" → "jak-vybrat-obrubu"); never empty. */
export function threadSlug(title: string): string {
  const slug = title
    .replace(/[łŁ]/g, 'l')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return slug || 'thread'
}
