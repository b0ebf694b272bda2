import {
  encodeFilterParams,
  type FilterSpec,
  type FilterState,
} from '@optika/domain/catalogue/filter-codec'
import { numberFormat, pluralRules } from '@optika/domain/i18n/intl-formats'
import type { Translate } from '../../../i18n/create-translate.ts'

/** The drawer asks for the count once the shopper's choices rest this long. */
export const DRAWER_COUNT_DEBOUNCE_MS = 300

/** The plural forms the catalogue's counted texts come in (`filterDrawer.show.one` …). */
const PLURAL_FORMS = new Set(['one', 'few', 'many', 'other'])

/**
 * A counted text in the page's language: the catalogue holds one key per plural form of
 * `Intl.PluralRules` (`base.one`, `base.few`, `base.many`, `base.other`), as Czech, Slovak and
 * Polish need three or four and the translator has no plural rules of its own.
 */
export function countedText(t: Translate, locale: string, base: string, number: number): string {
  const form = pluralRules(locale).select(number)
  const key = `${base}.${PLURAL_FORMS.has(form) ? form : 'other'}`
  return t(key, { number: numberFormat(locale).format(number) })
}

/** A filter state as text, the same for the same active choices (to compare and to key). */
export function filterStateKey(specs: readonly FilterSpec[], state: FilterState): string {
  return new URLSearchParams(encodeFilterParams(specs, state)).toString()
}

/**
 * What the drawer's apply button says: the count under the drawer's choice once it is known;
 * while it is asked for, the last known one; without any (the request failed), no number.
 */
export function applyLabel(t: Translate, locale: string, count: number | null): string {
  return count === null
    ? t('filterDrawer.showAny')
    : countedText(t, locale, 'filterDrawer.show', count)
}

/** The opener's text: 'Filter', or 'Filter (3)' with three active filter entries. */
export function openerLabel(t: Translate, activeEntries: number): string {
  return activeEntries > 0
    ? t('filterDrawer.openActive', { number: activeEntries })
    : t('filterDrawer.open')
}
