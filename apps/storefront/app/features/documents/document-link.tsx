import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { ResolvedLink } from '@optika/domain/cms/resolved-content'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/**
 * A link of a document: the shop's own pages through the router, other addresses as plain
 * anchors; a new window is announced to screen readers and keeps no opener.
 */
export function DocumentLink({
  link,
  className = '',
  children,
}: {
  link: ResolvedLink
  className?: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const content = (
    <>
      {children ?? link.text}
      {link.newWindow ? <span className="sr-only"> ({t('cmsBricks.newWindow')})</span> : null}
    </>
  )
  const common = {
    className,
    title: link.title || undefined,
    target: link.newWindow ? '_blank' : undefined,
    rel: link.newWindow || link.external ? 'noopener noreferrer' : undefined,
  }
  return link.external ? (
    <a href={link.href} {...common}>
      {content}
    </a>
  ) : (
    <Link to={link.href} {...common}>
      {content}
    </Link>
  )
}
