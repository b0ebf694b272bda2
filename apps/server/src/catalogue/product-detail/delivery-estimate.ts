import type { AvailabilityState, Orderability } from '@optika/domain/catalogue/availability'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import type { DeliveryOption, DeliveryOutlook } from '@optika/domain/catalogue/product-detail-api'
import type { Country } from '@optika/domain/commerce/countries'
import { localize } from '@optika/domain/i18n/localized-text'
import { INTL_LOCALE, type Locale } from '@optika/i18n/locales'
import { shippingRatesIn, type ShopSettings } from '../../platform/settings/shop-settings.ts'
import { dateTimeFormat } from '@optika/domain/i18n/intl-formats'

/** The warehouse works on Prague's calendar: "today" is the date there. */
const SHOP_TIME_ZONE = 'Europe/Prague'
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Seed section 4's stock states as a delivery promise: whatever can be ordered now ships now
 * (in stock, low in stock — the page adds the seed's "verify with customer service" —, and the
 * last pieces of a product with no further deliveries); out of stock comes later, without a
 * date; nothing more comes of a product with no deliveries planned or at the end of production.
 */
export function deliveryOutlookOf(
  state: AvailabilityState,
  orderability: Orderability,
): DeliveryOutlook {
  if (orderability === 'available') return 'dated'
  switch (state) {
    case 'inStock':
    case 'lowStock':
    case 'outOfStock':
      return 'later'
    case 'noFurtherDeliveries':
    case 'endOfProduction':
      return 'none'
  }
}

/** `YYYY-MM-DD` of `now` on the shop's calendar. */
export function shopDate(now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return dateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6
const asDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`)
const asYmd = (day: Date) => day.toISOString().slice(0, 10)

/** Two dates as `locale` writes a short range; formatted here so server and browser agree. */
export function formatDeliveryDates(locale: Locale, earliest: string, latest: string): string {
  const format = dateTimeFormat(INTL_LOCALE[locale], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  const from = asDate(earliest)
  return earliest === latest ? format.format(from) : format.formatRange(from, asDate(latest))
}

/** The date `days` business days (Monday to Friday) after `from`; 0 is `from` itself. */
export function addBusinessDays(from: string, days: number): string {
  let day = asDate(from)
  let left = days
  while (left > 0) {
    day = new Date(day.getTime() + DAY_MS)
    if (!isWeekend(day)) left -= 1
  }
  return asYmd(day)
}

/**
 * The delivery window of an order placed at `now` for a method that takes `min`–`max` business
 * days: it leaves the warehouse on the first business day from today (a weekend order on Monday)
 * and travels business days only. Public holidays are not counted (the shop has no calendar of
 * them yet), so a holiday can add a day.
 */
export function deliveryWindow(
  now: Date,
  days: { readonly min: number; readonly max: number },
): { earliest: string; latest: string } {
  let dispatch = asDate(shopDate(now))
  while (isWeekend(dispatch)) dispatch = new Date(dispatch.getTime() + DAY_MS)
  const from = asYmd(dispatch)
  return {
    earliest: addBusinessDays(from, Math.max(0, days.min)),
    latest: addBusinessDays(from, Math.max(days.min, days.max)),
  }
}

/**
 * The shop's active shipping methods in `country` (the checkout's, from /admin/shop-settings)
 * with the delivery window of an order placed at `now`.
 */
export function deliveryOptionsFor(
  settings: ShopSettings,
  country: Country,
  locale: Locale,
  now: Date,
): readonly DeliveryOption[] {
  // The same for every product page of a day: kept per settings (replaced when they change) and
  // per day (the day before's are dropped), so a page does not format dates again.
  const day = shopDate(now)
  let kept = keptOptions.get(settings)
  if (kept?.day !== day) {
    kept = { day, options: new Map() }
    keptOptions.set(settings, kept)
  }
  const key = `${country}|${locale}`
  let options = kept.options.get(key)
  if (!options) {
    options = computeDeliveryOptions(settings, country, locale, now)
    kept.options.set(key, options)
  }
  return options
}

const keptOptions = new WeakMap<
  ShopSettings,
  { day: string; options: Map<string, readonly DeliveryOption[]> }
>()

function computeDeliveryOptions(
  settings: ShopSettings,
  country: Country,
  locale: Locale,
  now: Date,
): readonly DeliveryOption[] {
  return shippingRatesIn(settings, country).map(({ method, rate }) => {
    const window = deliveryWindow(now, { min: rate.deliveryDaysMin, max: rate.deliveryDaysMax })
    return {
      methodId: method.id,
      name: localize(method.name as LocalizedText, locale),
      ...window,
      datesText: formatDeliveryDates(locale, window.earliest, window.latest),
    }
  })
}

/** The VAT rate the cart charges in `country` (the back office's), else null when none is set. */
export function countryVatPercent(settings: ShopSettings, country: Country): number | null {
  return settings.countries.get(country)?.vatPercent ?? null
}
