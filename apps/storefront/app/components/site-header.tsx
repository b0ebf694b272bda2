import { useSyncExternalStore } from 'react'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import { useCartCount } from '../features/commerce/cart/use-cart-count.ts'
import { BagIcon, GlassesIcon, LogOutIcon, StoreIcon, UserIcon } from './icons.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { SearchForm } from './search-form.tsx'

interface SiteHeaderProps {
  readonly locale: Locale
  /** The current page in every language, for the language switcher. */
  readonly alternates: Record<Locale, string>
  readonly cartCount: number
  /** The signed-in customer, or null for an anonymous visitor. */
  readonly account?: HeaderAccount | null
  /** The languages switched on in the system settings. */
  readonly languages?: readonly Locale[]
  /** The shop's phone number and a short notice above the header (website settings); empty = none. */
  readonly phone?: string
  readonly notice?: string
}

/** What the header shows of the signed-in customer (from the root loader's viewer). */
export interface HeaderAccount {
  readonly displayName: string
  readonly kind: 'anonymous' | 'customer' | 'partner'
}

const noSubscription = () => () => {}

/**
 * Ends the customer session, then reloads the home page so every part of the page (prices,
 * header) is rendered again for an anonymous visitor.
 */
async function logOut(locale: Locale): Promise<void> {
  await fetch('/api/account/logout', { method: 'POST', credentials: 'same-origin' })
  window.location.assign(generateUrl('home', { locale }))
}

export function SiteHeader({
  locale,
  alternates,
  cartCount,
  account,
  languages,
  phone = '',
  notice = '',
}: SiteHeaderProps) {
  const { t } = useTranslation()
  const count = useCartCount(cartCount)
  // The log-out button works through a script: it is enabled once the page runs.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  // Icon-only on phones (the text stays for screen readers), icon and text from `md` up.
  const action =
    'flex h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100 hover:text-stone-900 md:px-3'
  const label = 'sr-only md:not-sr-only'
  return (
    <>
      {phone || notice ? (
        <aside
          aria-label={t('systemSettings.storefront.notice')}
          data-testid="header-notice"
          className="bg-brand-800 text-sm text-white"
        >
          {/* On a phone one line with the number: the page's own content keeps the first screen. */}
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-x-4 gap-y-1 px-4 py-1.5 sm:justify-between sm:px-6 lg:px-8">
            <p className="hidden min-w-0 sm:block">{notice}</p>
            {phone ? (
              <a
                href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                className="rounded font-medium whitespace-nowrap underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
              >
                <span className="sr-only">{t('systemSettings.storefront.phone')}: </span>
                {phone}
              </a>
            ) : null}
          </div>
        </aside>
      ) : null}
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
        <div className="mx-auto grid max-w-7xl grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2 gap-y-3 px-4 py-3 sm:gap-x-4 sm:px-6 lg:grid-cols-[auto_minmax(0,1fr)_auto] lg:gap-x-8 lg:px-8">
          <Link
            to={generateUrl('home', { locale })}
            className="flex items-center gap-2.5 rounded-lg text-stone-900"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
              <GlassesIcon className="size-6" />
            </span>
            {/* Below 360 px the actions need the room: the name is only read out. */}
            <span className="sr-only flex-col leading-tight min-[360px]:not-sr-only min-[360px]:flex">
              <span className="text-lg font-semibold tracking-tight">{t('shop.brand.name')}</span>
              <span className="hidden text-xs text-stone-500 sm:block">
                {t('shop.brand.tagline')}
              </span>
            </span>
          </Link>

          <div className="col-span-2 row-start-2 min-w-0 lg:col-span-1 lg:col-start-2 lg:row-start-1">
            <SearchForm locale={locale} />
          </div>

          <div className="col-start-2 row-start-1 flex min-w-0 items-center justify-end gap-0.5 sm:gap-1 lg:col-start-3">
            {/* Issue 18's pages on wide screens; phones reach them from the footer. */}
            <Link to={generateUrl('articles', { locale })} className={`${action} hidden lg:flex`}>
              {t('article.list.title')}
            </Link>
            <LanguageSwitcher locale={locale} alternates={alternates} languages={languages} />
            <Link to={generateUrl('dealers', { locale })} className={action}>
              <StoreIcon className="size-5 shrink-0" />
              <span className="sr-only lg:not-sr-only">{t('dealerMap.nav')}</span>
            </Link>
            {account ? (
              <>
                <Link to={generateUrl('account', { locale })} className={action}>
                  <UserIcon className="size-5 shrink-0" />
                  <span className={`${label} max-w-48 truncate`}>
                    {account.displayName || t('page.profile')}
                  </span>
                </Link>
                <button
                  type="button"
                  className={action}
                  disabled={!hydrated}
                  onClick={() => void logOut(locale)}
                >
                  <LogOutIcon className="size-5 shrink-0" />
                  <span className={label}>{t('auth.logOut')}</span>
                </button>
              </>
            ) : (
              <Link to={generateUrl('login', { locale })} className={action}>
                <UserIcon className="size-5 shrink-0" />
                <span className={label}>{t('auth.logIn')}</span>
              </Link>
            )}
            <Link to={generateUrl('cart', { locale })} className={action} data-testid="header-cart">
              <span className="relative">
                <BagIcon className="size-5" />
                {count > 0 ? (
                  <span
                    aria-hidden="true"
                    data-testid="cart-badge"
                    className="absolute -top-1.5 -right-2 grid h-4 min-w-4 place-items-center rounded-full bg-brand-700 px-1 text-[0.625rem] font-semibold text-white"
                  >
                    {count}
                  </span>
                ) : null}
              </span>
              <span className={`${label} md:ml-1`}>{t('page.cart')}</span>
              <span className="sr-only">{t('shop.cart.itemCount', { quantity: count })}</span>
            </Link>
          </div>
        </div>
      </header>
    </>
  )
}
