import { Link } from 'react-router'
import type { ResolvedCategoryTile } from '@optika/domain/cms/resolved-content'
import { ChevronRightIcon, GlassesIcon } from '../../../components/icons.tsx'
import { DocumentImage } from '../document-image.tsx'
import { BrickSection } from './brick-section.tsx'

/** Chosen categories as picture cards linking to their lists. */
export function CategoryTilesBrick({
  title,
  categories,
}: {
  title: string
  categories: readonly ResolvedCategoryTile[]
}) {
  if (categories.length === 0) return null
  return (
    <BrickSection title={title} brick="category-tiles">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {categories.map((category) => (
          <li key={category.id} className="flex">
            <Link
              to={category.href}
              className="group flex w-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white hover:shadow-lg hover:shadow-stone-900/5"
            >
              <div className="grid aspect-[4/3] place-items-center overflow-hidden bg-stone-50">
                {category.image ? (
                  <DocumentImage
                    image={{ ...category.image, alt: '' }}
                    sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
                    className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                  />
                ) : (
                  <GlassesIcon className="size-12 text-stone-300" />
                )}
              </div>
              <span className="flex items-center justify-between gap-2 p-3 text-sm font-semibold text-stone-900 sm:p-4 sm:text-base">
                <span className="min-w-0 break-words">{category.name}</span>
                <ChevronRightIcon className="size-4 shrink-0 text-brand-700" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </BrickSection>
  )
}
