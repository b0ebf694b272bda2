import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'

export function newComplaintUrl(locale: Locale): string {
  return generateUrl('partnerComplaintNew', { locale })
}

export function complaintUrl(locale: Locale, id: number): string {
  return generateUrl('partnerComplaint', { locale, id })
}

export function orderUrl(locale: Locale, id: number): string {
  return generateUrl('accountOrder', { locale, id })
}
