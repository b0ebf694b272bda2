/**
 * How many pieces of an item may be ordered (seed section 5): at least `min`, a multiple of
 * `step`, at most `max` when set. The product page's quantity input and every cart call apply the
 * same rules, so the buyer sees the server's message before sending anything. No zod here: the
 * product page imports it into the browser.
 */
export interface QuantityRules {
  readonly min: number
  readonly step: number
  readonly max: number | null
}

export const DEFAULT_QUANTITY_RULES: QuantityRules = { min: 1, step: 1, max: null }

/** The largest quantity any cart line may hold, whatever the product says (keeps sums safe). */
export const QUANTITY_CEILING = 9999

export interface QuantityProblem {
  /** Translation key of the message. */
  readonly key: 'quantity.belowMinimum' | 'validation.quantityStep' | 'quantity.aboveMaximum'
  readonly params: Readonly<Record<string, string>>
}

/** The first rule `quantity` breaks, or null when it may be ordered. */
export function quantityProblem(rules: QuantityRules, quantity: number): QuantityProblem | null {
  if (quantity < rules.min)
    return { key: 'quantity.belowMinimum', params: { min: String(rules.min) } }
  if (quantity % rules.step !== 0) {
    return { key: 'validation.quantityStep', params: { step: String(rules.step) } }
  }
  const max = Math.min(rules.max ?? QUANTITY_CEILING, QUANTITY_CEILING)
  if (quantity > max) return { key: 'quantity.aboveMaximum', params: { max: String(max) } }
  return null
}

/** The nearest quantity the rules allow (the input snaps to it; the server never guesses). */
export function nearestAllowedQuantity(rules: QuantityRules, quantity: number): number {
  const max = Math.min(rules.max ?? QUANTITY_CEILING, QUANTITY_CEILING)
  const lastStep = max - (max % rules.step)
  const firstStep = Math.ceil(rules.min / rules.step) * rules.step
  const rounded = Math.round(quantity / rules.step) * rules.step
  return Math.min(Math.max(rounded, firstStep), lastStep)
}

/** The product fields the rules come from (ProductData's names). */
export interface QuantityFields {
  readonly minOrderQuantity?: number | undefined
  readonly quantityStep?: number | undefined
  readonly maxAmount?: number | undefined
}

const positiveInteger = (value: number | undefined): number | undefined =>
  value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined

/**
 * A product's rules, made consistent so some quantity is always allowed: the minimum is raised to
 * the first multiple of the step, the maximum lowered to the last one (never below the minimum),
 * and missing or nonsensical values fall back to the defaults.
 */
export function quantityRulesOf(fields: QuantityFields): QuantityRules {
  const step = positiveInteger(fields.quantityStep) ?? DEFAULT_QUANTITY_RULES.step
  const asked = positiveInteger(fields.minOrderQuantity) ?? DEFAULT_QUANTITY_RULES.min
  const min = Math.min(Math.ceil(asked / step) * step, QUANTITY_CEILING - (QUANTITY_CEILING % step))
  const maxAmount = positiveInteger(fields.maxAmount)
  const max = maxAmount === undefined ? null : Math.max(min, maxAmount - (maxAmount % step))
  return { min, step, max }
}
