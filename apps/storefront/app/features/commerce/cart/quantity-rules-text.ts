import type { QuantityRules } from '@optika/domain/catalogue/quantity-rules'
import type { Translate } from '../../../i18n/create-translate.ts'

/**
 * The quantity rules a buyer is told next to a quantity field ('Minimum order quantity: 2 ·
 * Maximum amount: 10 · …steps of 2'). The minimum is said when it matters, or always (`withMin`).
 */
export function quantityRulesText(rules: QuantityRules, t: Translate, withMin = false): string {
  return [
    withMin || rules.min > 1 ? `${t('cart.minQuantity')}: ${rules.min}` : '',
    rules.max !== null ? `${t('cart.maxAmount')}: ${rules.max}` : '',
    rules.step > 1 ? t('validation.quantityStep', { step: rules.step }) : '',
  ]
    .filter(Boolean)
    .join(' · ')
}
