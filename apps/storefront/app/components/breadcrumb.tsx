import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import { ChevronRightIcon } from './icons.tsx'

export interface BreadcrumbLink {
  readonly name: string
  readonly url: string
}

/** Home, then `trail`, then the current page (named, not linked). */
export function Breadcrumb({
  locale,
  trail,
  current,
}: {
  locale: Locale
  trail: readonly BreadcrumbLink[]
  current: string
}) {
  const { t } = useTranslation()
  const links = [
    { name: t('shop.breadcrumb.home'), url: generateUrl('home', { locale }) },
    ...trail,
  ]
  return (
    <nav aria-label={t('shop.breadcrumb.label')} className="text-sm text-stone-500">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {links.map((link) => (
          <li key={link.url} className="flex min-w-0 items-center gap-1.5">
            <Link
              to={link.url}
              className="min-w-0 rounded [overflow-wrap:anywhere] hover:text-brand-800 hover:underline"
            >
              {link.name}
            </Link>
            <ChevronRightIcon className="size-3.5 shrink-0 text-stone-400" />
          </li>
        ))}
        <li className="min-w-0">
          <span aria-current="page" className="font-medium [overflow-wrap:anywhere] text-stone-700">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  )
}
