import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import type { DocumentNavLink } from '@optika/domain/cms/document-page'
import { GlassesIcon, TruckIcon } from './icons.tsx'

/** The footer's links per language: the navigation snippet `/<locale>/snippets/footer`. */
export type FooterLinks = Partial<Record<Locale, readonly DocumentNavLink[]>>

/**
 * The footer; its information links come from the language's navigation snippet (`links`),
 * or, without one (deleted, unpublished), the terms, data-protection and contact pages.
 */
export function SiteFooter({
  locale,
  links: snippetLinks,
}: {
  locale: Locale
  links: readonly DocumentNavLink[] | null
}) {
  const { t } = useTranslation()
  const links = snippetLinks
    ? snippetLinks.map((link) => ({ href: link.href, label: link.title, target: link.target }))
    : [
        { href: generateUrl('terms', { locale }), label: t('page.terms') },
        { href: generateUrl('privacy', { locale }), label: t('page.privacy') },
        { href: generateUrl('contact', { locale }), label: t('shop.contact.title') },
      ]
  // The community's pages (issue 18) are the shop's own, listed whatever the footer snippet holds.
  links.push({ href: generateUrl('forum', { locale }), label: t('forum.title'), target: undefined })
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
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-stone-500 sm:px-6 lg:px-8">
          {t('shop.footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  )
}
