import type { ResolvedEditables } from '@optika/domain/cms/resolved-content'
import { BenefitIcon } from './benefit-icons.tsx'
import { pick, textOf } from './pick-editable.ts'

// Its own module: the home page draws these tiles without loading every brick.
/** The home page's benefit tiles (the `benefits` block: icon, title, text). */
export function DocumentBenefits({ editables }: { editables: ResolvedEditables }) {
  const items = pick(editables, 'benefits', 'block')?.items ?? []
  const tiles = items
    .map((item) => ({
      icon: textOf(item, 'icon'),
      title: textOf(item, 'title'),
      text: textOf(item, 'text'),
    }))
    .filter((tile) => tile.title || tile.text)
  if (tiles.length === 0) return null
  return (
    <ul data-document-part="benefits" className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
      {tiles.map((tile, index) => (
        <li
          key={index}
          className="flex items-start gap-3 rounded-2xl bg-stone-50 px-4 py-3 text-sm leading-snug text-stone-700"
        >
          <BenefitIcon name={tile.icon} className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <span className="min-w-0">
            {tile.title ? (
              <strong className="block font-semibold text-stone-900">{tile.title}</strong>
            ) : null}
            {tile.text ? <span className="block whitespace-pre-line">{tile.text}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  )
}
