/**
 * Typography for the editors' HTML (wysiwyg editables): the shop's own look for the tags the
 * save path lets through (cms/content sanitizes every wysiwyg; nothing else is drawn as HTML).
 */
const PROSE =
  'max-w-none text-base leading-relaxed text-pretty text-stone-700 ' +
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-stone-900 ' +
  '[&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-stone-900 ' +
  '[&_h4]:mt-5 [&_h4]:font-semibold [&_h4]:text-stone-900 ' +
  '[&_p]:mt-4 [&>*:first-child]:mt-0 ' +
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 ' +
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800 ' +
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-stone-200 [&_blockquote]:pl-4 [&_blockquote]:italic ' +
  '[&_table]:mt-4 [&_table]:w-full [&_table]:text-sm [&_td]:border-t [&_td]:border-stone-200 [&_td]:py-2 [&_td]:pr-3 [&_th]:py-2 [&_th]:pr-3 [&_th]:text-left ' +
  '[&_img]:h-auto [&_img]:max-w-full [&_strong]:font-semibold [&_strong]:text-stone-900 ' +
  'break-words'

/** An editor's HTML, sanitized when it was saved; empty draws nothing. */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  if (html.trim() === '') return null
  return (
    <div
      className={`${PROSE} ${className}`}
      // Sanitized on save (cms/content: no scripts, no event handlers, no javascript: URLs).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
