import { useId } from 'react'
import { useLocation } from 'react-router'
import type { ConsentChoice } from '@optika/domain/operations/targeting'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/** Where the choice goes: a plain form, so it works (and costs the page nothing) without scripts. */
function ConsentForm({
  choice,
  className,
  children,
}: {
  choice: 'granted' | 'denied' | 'reset'
  className: string
  children: string
}) {
  const { pathname, search } = useLocation()
  return (
    <form method="post" action="/api/consent">
      <input type="hidden" name="choice" value={choice} />
      <input type="hidden" name="back" value={pathname + search} />
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  )
}

/**
 * Asks once whether the shop may personalise with a first-party visitor id and visit history
 * (decision 067). Not a modal: it sits above the header, in the page's flow, reached right after
 * the skip link; both answers are equally easy. Until the visitor agrees nothing is stored.
 */
export function ConsentBanner({ locale }: { locale: Locale }) {
  const { t } = useTranslation()
  const heading = useId()
  const button =
    'min-h-11 rounded-full px-5 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'
  return (
    <section aria-labelledby={heading} className="border-b border-brand-200 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="min-w-0">
          <h2 id={heading} className="text-base font-semibold text-stone-900">
            {t('targeting.storefront.consent.title')}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-pretty text-stone-700">
            {t('targeting.storefront.consent.text')}{' '}
            <a
              href={generateUrl('privacy', { locale })}
              className="underline underline-offset-2 hover:text-brand-800"
            >
              {t('targeting.storefront.consent.privacyLink')}
            </a>
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ConsentForm
            choice="granted"
            className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {t('targeting.storefront.consent.accept')}
          </ConsentForm>
          <ConsentForm
            choice="denied"
            className={`${button} border border-stone-400 bg-white text-stone-900 hover:bg-stone-100`}
          >
            {t('targeting.storefront.consent.decline')}
          </ConsentForm>
        </div>
      </div>
    </section>
  )
}

/** The footer's line that says what was chosen and lets the visitor choose again. */
export function ConsentSettings({ consent }: { consent: ConsentChoice }) {
  const { t } = useTranslation()
  return (
    // A landmark of its own (below the footer), named as the banner it stands for.
    <section
      aria-label={t('targeting.storefront.consent.title')}
      className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 pb-6 text-sm text-stone-600 sm:px-6 lg:px-8"
    >
      <span>{t(`targeting.storefront.consent.current.${consent}`)}</span>
      <ConsentForm
        choice="reset"
        className="min-h-11 rounded underline underline-offset-2 hover:text-brand-800"
      >
        {t('targeting.storefront.consent.change')}
      </ConsentForm>
    </section>
  )
}
