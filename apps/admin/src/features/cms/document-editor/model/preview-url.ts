/**
 * The storefront's address of a document's preview: its full path with `preview=1`, which draws
 * this user's session draft. `stamp` changes the address so the frame reloads after a new draft.
 */
export function previewUrl(path: string, stamp?: number): string {
  const clean = path === '' ? '/' : path
  const query = new URLSearchParams({ preview: '1' })
  if (stamp !== undefined) query.set('_', String(stamp))
  return `${encodeURI(clean)}?${query.toString()}`
}
