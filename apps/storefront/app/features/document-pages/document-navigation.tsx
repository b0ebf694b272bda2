import { useId } from 'react'
import { Link } from 'react-router'
import type { DocumentNavLink } from '@optika/domain/cms/document-page'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

function LinkList({ links }: { links: readonly DocumentNavLink[] }) {
  return (
    <ul className="mt-3 space-y-2">
      {links.map((link) => (
        <li key={link.href}>
          <Link
            to={link.href}
            aria-current={link.current ? 'page' : undefined}
            className="rounded [overflow-wrap:anywhere] hover:text-brand-800 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-stone-900"
          >
            {link.title}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The pages beside this one and below it, from the document tree (published, not excluded). */
export function DocumentNavigation({
  navigation,
  subpages,
}: {
  navigation: readonly DocumentNavLink[]
  subpages: readonly DocumentNavLink[]
}) {
  const { t } = useTranslation()
  const siblingsHeading = useId()
  const childrenHeading = useId()
  const siblings = navigation.length > 1 ? navigation : []
  if (siblings.length === 0 && subpages.length === 0) return null
  return (
    <div className="space-y-8 text-sm text-stone-600">
      {subpages.length > 0 ? (
        <nav aria-labelledby={childrenHeading}>
          <h2 id={childrenHeading} className="font-semibold text-stone-900">
            {t('cmsPages.children.label')}
          </h2>
          <LinkList links={subpages} />
        </nav>
      ) : null}
      {siblings.length > 0 ? (
        <nav aria-labelledby={siblingsHeading}>
          <h2 id={siblingsHeading} className="font-semibold text-stone-900">
            {t('cmsPages.navigation.label')}
          </h2>
          <LinkList links={siblings} />
        </nav>
      ) : null}
    </div>
  )
}
