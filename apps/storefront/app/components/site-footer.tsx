import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import { GlassesIcon, TruckIcon } from './icons.tsx'

export function SiteFooter({ locale }: { locale: Locale }) {
  const { t } = useTranslation()
  const links = [
    { href: generateUrl('terms', { locale }), label: t('page.terms') },
    { href: generateUrl('privacy', { locale }), label: t('page.privacy') },
    { href: generateUrl('contact', { locale }), label: t('shop.contact.title') },
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
                <Link to={link.href} className="rounded hover:text-brand-800 hover:underline">
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
