import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import { ChevronRightIcon } from './icons.tsx'

export interface CategoryOverviewNode {
  readonly id: number
  readonly name: string
  readonly url: string
  readonly children: readonly CategoryOverviewNode[]
}

/** The top categories as cards, each listing its subcategories. */
export function CategoryOverview({
  categories,
  headingId,
}: {
  categories: readonly CategoryOverviewNode[]
  headingId: string
}) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby={headingId} id="categories" className="scroll-mt-28">
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-stone-900">
        {t('shop.home.categoriesTitle')}
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {categories.map((category) => (
          <li
            key={category.id}
            className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
          >
            <h3>
              <Link
                to={category.url}
                className="group flex items-center justify-between gap-2 rounded text-base font-semibold text-stone-900 hover:text-brand-800 sm:text-lg"
              >
                {/* Long Hungarian or Czech words break rather than push a phone's page wider. */}
                <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">
                  {category.name}
                </span>
                <ChevronRightIcon className="size-5 shrink-0 text-stone-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700" />
              </Link>
            </h3>
            {category.children.length > 0 ? (
              <ul className="mt-3 space-y-1.5 text-sm">
                {category.children.map((child) => (
                  <li key={child.id}>
                    <Link
                      to={child.url}
                      className="rounded hyphens-auto text-stone-600 [overflow-wrap:anywhere] hover:text-brand-800 hover:underline"
                    >
                      {child.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
