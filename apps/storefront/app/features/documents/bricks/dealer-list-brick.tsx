import type { ResolvedDealer } from '@optika/domain/cms/resolved-content'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { BrickSection } from './brick-section.tsx'

/** A country's name in the page's language (dealers may be anywhere, not only where the shop sells). */
function regionName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** The dealers (PIM `Dealer` objects) of a country, or all: addresses and how to reach them. */
export function DealerListBrick({
  title,
  country,
  dealers,
}: {
  title: string
  country: string
  dealers: readonly ResolvedDealer[]
}) {
  const { t, locale } = useTranslation()
  const countryName = (code: string) => regionName(locale, code)
  return (
    <BrickSection title={title || t('cmsBricks.dealers.title')} brick="dealer-map">
      {dealers.length === 0 ? (
        <p className="text-stone-600">
          {country
            ? t('cmsBricks.dealers.noneInCountry', { country: countryName(country) })
            : t('cmsBricks.dealers.none')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {dealers.map((dealer) => (
            <li key={dealer.id} className="rounded-2xl border border-stone-200 bg-white p-4">
              <h3 className="font-semibold break-words text-stone-900">{dealer.name}</h3>
              <address className="mt-1 text-sm leading-relaxed text-stone-700 not-italic">
                {dealer.street ? <span className="block">{dealer.street}</span> : null}
                <span className="block">
                  {[dealer.postcode, dealer.city].filter(Boolean).join(' ')}
                </span>
                {dealer.country ? (
                  <span className="block">{countryName(dealer.country)}</span>
                ) : null}
              </address>
              <ul className="mt-2 space-y-1 text-sm">
                {dealer.phone ? (
                  <li>
                    <span className="text-stone-600">{t('cmsBricks.dealers.phone')} </span>
                    <a
                      href={`tel:${dealer.phone.replace(/\s+/g, '')}`}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {dealer.phone}
                    </a>
                  </li>
                ) : null}
                {dealer.email ? (
                  <li>
                    <span className="text-stone-600">{t('cmsBricks.dealers.email')} </span>
                    <a
                      href={`mailto:${dealer.email}`}
                      className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                    >
                      {dealer.email}
                    </a>
                  </li>
                ) : null}
                {dealer.web ? (
                  <li>
                    <a
                      href={dealer.web}
                      rel="noopener noreferrer"
                      className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                    >
                      {t('cmsBricks.dealers.web', { name: dealer.name })}
                    </a>
                  </li>
                ) : null}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </BrickSection>
  )
}
