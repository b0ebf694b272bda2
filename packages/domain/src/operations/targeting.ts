import { z } from 'zod'
import { LOCALES } from '@optika/i18n/locales'

/**
 * Personalization (issue 20, decision 067): Pimcore's targeting rules and target groups
 * (`/admin/bundle/personalization/targeting/*`). A rule's conditions are evaluated per storefront
 * request, left to right with AND / OR / AND NOT and brackets as Pimcore's; a matching rule assigns
 * the visitor to a target group (with a weight) or redirects. A document's editables may have a
 * variant per target group: the editable named `name` has its variant under
 * `targetGroupEditableName(groupId, name)`.
 */

export const TARGETING_NAME_MAX = 120
export const TARGETING_DESCRIPTION_MAX = 1000
export const TARGETING_CONDITIONS_MAX = 30

export const CONDITION_OPERATORS = ['and', 'or', 'and_not'] as const
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]

export const VISITOR_KINDS = ['anonymous', 'customer', 'partner'] as const
export type VisitorKind = (typeof VISITOR_KINDS)[number]

/** Per request (Pimcore's "hit") or remembered for the browser session (only with consent). */
export const RULE_SCOPES = ['hit', 'session'] as const
export type RuleScope = (typeof RULE_SCOPES)[number]

const Joint = {
  /** How this condition joins the ones before it; the first one's is ignored. */
  operator: z.enum(CONDITION_OPERATORS).default('and'),
  bracketLeft: z.boolean().default(false),
  bracketRight: z.boolean().default(false),
}

const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'targeting.error.country')
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'targeting.error.time')

export const TargetingConditionSchema = z.discriminatedUnion('type', [
  /** The delivery address's country (signed-in customers), else Accept-Language's region. */
  z.object({
    type: z.literal('country'),
    ...Joint,
    countries: z.array(CountryCode).min(1).max(50),
  }),
  /** The browser's preferred language (the first of Accept-Language). */
  z.object({
    type: z.literal('language'),
    ...Joint,
    languages: z.array(z.enum(LOCALES)).min(1),
  }),
  z.object({ type: z.literal('visitorKind'), ...Joint, kind: z.enum(VISITOR_KINDS) }),
  /** Only with the visitor's consent (the visit history is kept only then). */
  z.object({
    type: z.literal('visitedCategory'),
    ...Joint,
    categoryId: z.coerce.number().int().positive(),
    times: z.coerce.number().int().min(1).max(1000).default(1),
  }),
  z.object({
    type: z.literal('visitedProduct'),
    ...Joint,
    productId: z.coerce.number().int().positive(),
    times: z.coerce.number().int().min(1).max(1000).default(1),
  }),
  /** The referrer's host or address contains this text (case-insensitive). */
  z.object({ type: z.literal('referrer'), ...Joint, contains: z.string().trim().min(1).max(200) }),
  /** From–to in the shop's time zone; `from` after `to` spans midnight. */
  z.object({ type: z.literal('timeOfDay'), ...Joint, from: TimeOfDay, to: TimeOfDay }),
  /** The cart's goods total (gross, in its currency's major units) within [min, max]. */
  z.object({
    type: z.literal('cartValue'),
    ...Joint,
    min: z.coerce.number().min(0).max(1e9).nullable().default(null),
    max: z.coerce.number().min(0).max(1e9).nullable().default(null),
  }),
])
export type TargetingCondition = z.infer<typeof TargetingConditionSchema>
export type TargetingConditionType = TargetingCondition['type']
export const CONDITION_TYPES = [
  'country',
  'language',
  'visitorKind',
  'visitedCategory',
  'visitedProduct',
  'referrer',
  'timeOfDay',
  'cartValue',
] as const satisfies readonly TargetingConditionType[]

/** A shop path (`/sk/...`) or an http(s) address; never `javascript:` or `//host`. */
const RedirectUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (url) =>
      (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) ||
      /^https?:\/\/[^\s]+$/i.test(url),
    'targeting.error.redirectUrl',
  )

export const TargetingActionsSchema = z.object({
  /** Assign the visitor to a target group; its weight orders groups (the heaviest wins a variant). */
  assignTargetGroup: z
    .object({
      targetGroupId: z.coerce.number().int().positive(),
      weight: z.coerce.number().int().min(1).max(100).default(1),
    })
    .nullable()
    .default(null),
  redirect: z.object({ url: RedirectUrl }).nullable().default(null),
})
export type TargetingActions = z.infer<typeof TargetingActionsSchema>

/** Every opened bracket is closed after it, none closed before it opened. */
export function bracketsBalance(
  conditions: readonly { bracketLeft: boolean; bracketRight: boolean }[],
): boolean {
  let depth = 0
  for (const condition of conditions) {
    if (condition.bracketLeft) depth++
    if (condition.bracketRight) depth--
    if (depth < 0) return false
  }
  return depth === 0
}

export const TargetingRuleInputSchema = z.object({
  name: z.string().trim().min(1, 'targeting.error.nameRequired').max(TARGETING_NAME_MAX),
  description: z.string().max(TARGETING_DESCRIPTION_MAX).default(''),
  active: z.boolean().default(true),
  scope: z.enum(RULE_SCOPES).default('hit'),
  conditions: z
    .array(TargetingConditionSchema)
    .max(TARGETING_CONDITIONS_MAX)
    .default([])
    .refine(bracketsBalance, 'targeting.error.brackets'),
  actions: TargetingActionsSchema.default({ assignTargetGroup: null, redirect: null }),
})
export type TargetingRuleInput = z.infer<typeof TargetingRuleInputSchema>

export const TargetingRuleSchema = TargetingRuleInputSchema.extend({
  id: z.number().int(),
  /** Lower first (Pimcore's `prio`). */
  priority: z.number().int(),
})
export type TargetingRule = z.infer<typeof TargetingRuleSchema>

export const TargetGroupInputSchema = z.object({
  name: z.string().trim().min(1, 'targeting.error.nameRequired').max(TARGETING_NAME_MAX),
  description: z.string().max(TARGETING_DESCRIPTION_MAX).default(''),
  active: z.boolean().default(true),
  /** The summed weight a visitor needs to count as a member (Pimcore's threshold). */
  threshold: z.coerce.number().int().min(1).max(100).default(1),
})
export type TargetGroupInput = z.infer<typeof TargetGroupInputSchema>

export const TargetGroupSchema = TargetGroupInputSchema.extend({ id: z.number().int() })
export type TargetGroup = z.infer<typeof TargetGroupSchema>

/** Pimcore's list answers: a tree node per rule / group, plus our typed record. */
export const TargetingListItemSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  active: z.boolean(),
  qtip: z.string(),
})
export const TargetingRuleListSchema = z.object({
  success: z.literal(true),
  rules: z.array(TargetingRuleSchema),
  data: z.array(TargetingListItemSchema),
})
export type TargetingRuleList = z.infer<typeof TargetingRuleListSchema>
export const TargetGroupListSchema = z.object({
  success: z.literal(true),
  targetGroups: z.array(TargetGroupSchema),
  data: z.array(TargetingListItemSchema),
})
export type TargetGroupList = z.infer<typeof TargetGroupListSchema>

export const TargetingRuleAnswerSchema = z.object({
  success: z.literal(true),
  rule: TargetingRuleSchema,
})
export const TargetGroupAnswerSchema = z.object({
  success: z.literal(true),
  targetGroup: TargetGroupSchema,
})
export const TargetingSuccessSchema = z.object({ success: z.literal(true), id: z.number().int() })

/** `rule/order`: the rules' ids in their new order (first = highest priority). */
export const TargetingRuleOrderSchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(1000),
})

/**
 * The name of an editable's variant for a target group (Pimcore's `persona_-<id>-_<name>`).
 * Only top-level editables have variants.
 */
export function targetGroupEditableName(targetGroupId: number, name: string): string {
  return `tg${targetGroupId}--${name}`
}
const VARIANT_NAME = /^tg(\d+)--([A-Za-z].*)$/
/** The target group and base name of a variant editable's name, or null for a plain one. */
export function parseTargetGroupEditableName(
  name: string,
): { targetGroupId: number; name: string } | null {
  const match = VARIANT_NAME.exec(name)
  return match ? { targetGroupId: Number(match[1]), name: match[2]! } : null
}

/** The storefront's consent choice (first-party cookie). */
export const CONSENT_CHOICES = ['granted', 'denied'] as const
export type ConsentChoice = (typeof CONSENT_CHOICES)[number]

/** What a storefront page learns about its visitor's targeting. */
export interface VisitorTargeting {
  /** Target groups the visitor belongs to, heaviest first. */
  readonly targetGroupIds: readonly number[]
  /** null: not asked yet (the banner shows). */
  readonly consent: ConsentChoice | null
}
