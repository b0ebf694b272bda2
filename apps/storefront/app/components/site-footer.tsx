import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import type { DocumentNavLink } from '@optika/domain/cms/document-page'
import { GlassesIcon, TruckIcon } from './icons.tsx'
import { PAGE_VIEW_ANCHOR, type PageView } from '@optika/domain/community/page-view'
import { PageViewToggle } from '../features/page-view/page-view-toggle.tsx'

/** The footer's links per language: the navigation snippet `/<locale>/snippets/footer`. */
export type FooterLinks = Partial<Record<Locale, readonly DocumentNavLink[]>>

/**
 * The footer; its information links come from the language's navigation snippet (`links`),
 * or, without one (deleted, unpublished), the terms, data-protection and contact pages.
 */
export function SiteFooter({
  locale,
  links: snippetLinks,
  view,
}: {
  locale: Locale
  links: readonly DocumentNavLink[] | null
  /** The layout this device asked for (the mobile-view toggle). */
  view: PageView
}) {
  const { t } = useTranslation()
  const links = [
    ...(snippetLinks
      ? snippetLinks.map((link) => ({ href: link.href, label: link.title, target: link.target }))
      : [
          { href: generateUrl('terms', { locale }), label: t('page.terms') },
          { href: generateUrl('privacy', { locale }), label: t('page.privacy') },
          { href: generateUrl('contact', { locale }), label: t('shop.contact.title') },
        ]),
    // The shop's own pages (issue 18), whatever the editors put in the snippet.
    { href: generateUrl('articles', { locale }), label: t('article.list.title') },
    { href: generateUrl('galleries', { locale }), label: t('page.galleries') },
    { href: generateUrl('forum', { locale }), label: t('forum.title') },
    { href: generateUrl('dealers', { locale }), label: t('dealerMap.title') },
  ]
  return (
    <footer className="mt-20 border-t border-stone-200 bg-stone-50 text-sm text-stone-600">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1.5fr] lg:px-8">
        <div className="max-w-md">
          <p className="flex items-center gap-2 text-base font-semibold text-stone-900">
            <GlassesIcon className="size-6 text-brand-700" />
            {t('shop.brand.name')}
          </p>
          <p className="mt-3 leading-relaxed">{t('shop.footer.about')}</p>
        </div>
        <nav aria-label={t('shop.footer.navLabel')}>
          <h2 className="font-semibold text-stone-900">{t('shop.footer.navLabel')}</h2>
          <ul className="mt-3 space-y-2">
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  {...('target' in link && link.target === '_blank'
                    ? { target: '_blank', rel: 'noopener noreferrer' }
                    : {})}
                  className="rounded hover:text-brand-800 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="flex items-start gap-3 leading-relaxed">
          <TruckIcon className="mt-0.5 size-6 shrink-0 text-brand-700" />
          {t('shipping.forwardingFromGermany')}
        </p>
      </div>
      <div className="border-t border-stone-200">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 text-xs text-stone-600 sm:px-6 lg:px-8">
          <p className="py-2">{t('shop.footer.copyright', { year: new Date().getFullYear() })}</p>
          <PageViewToggle view={view} id={PAGE_VIEW_ANCHOR} />
        </div>
      </div>
    </footer>
  )
}
