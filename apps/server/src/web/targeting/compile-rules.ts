import type {
  TargetGroup,
  TargetingCondition,
  TargetingRule,
  VisitorKind,
} from '@optika/domain/operations/targeting'

/**
 * What one storefront request says about its visitor. Everything but `visits` comes from the
 * request itself (cookie-less); `visits` is the visit history, kept only with consent (else null).
 */
export interface VisitorFacts {
  /** The browser's preferred language, lower case primary subtag (`sk`), or null. */
  readonly language: string | null
  /** The delivery or customer country, else the region of the preferred Accept-Language. */
  readonly country: string | null
  readonly kind: VisitorKind
  /** The Referer header, lower case ('' without one). */
  readonly referrer: string
  /** Minutes since midnight in the shop's time zone. */
  readonly minuteOfDay: number
  /** The cart's goods total (gross, major units); null without a cart or when not needed. */
  readonly cartValue: number | null
  /** Visits per `c<categoryId>` / `p<productId>`; null without consent. */
  readonly visits: ReadonlyMap<string, number> | null
  /** Rules remembered for this browser session (scope `session`, only with consent). */
  readonly sessionRuleIds: ReadonlySet<number>
}

export interface TargetingOutcome {
  /** Target groups the visitor belongs to, heaviest first. */
  readonly targetGroupIds: readonly number[]
  /** The first matching rule's redirect, if any. */
  readonly redirect: string | null
  /** Matching rules of scope `session` (remembered only with consent). */
  readonly sessionRuleIds: readonly number[]
}

type Test = (facts: VisitorFacts) => boolean

export interface CompiledRules {
  evaluate(facts: VisitorFacts): TargetingOutcome
  /** Some active rule asks for the cart's value (only then is the cart read). */
  readonly needsCart: boolean
  /** Some active rule asks for the visit history (only then is it updated). */
  readonly needsVisits: boolean
  readonly ruleCount: number
}

const NOTHING: TargetingOutcome = { targetGroupIds: [], redirect: null, sessionRuleIds: [] }

function minutesOf(time: string): number {
  const [h, m] = time.split(':')
  return Number(h) * 60 + Number(m)
}

function testOf(condition: TargetingCondition): Test {
  switch (condition.type) {
    case 'country': {
      const countries = new Set(condition.countries.map((c) => c.toUpperCase()))
      return (f) => f.country !== null && countries.has(f.country)
    }
    case 'language': {
      const languages = new Set<string>(condition.languages)
      return (f) => f.language !== null && languages.has(f.language)
    }
    case 'visitorKind': {
      const kind = condition.kind
      return (f) => f.kind === kind
    }
    case 'visitedCategory': {
      const key = `c${condition.categoryId}`
      const times = condition.times
      return (f) => (f.visits?.get(key) ?? 0) >= times
    }
    case 'visitedProduct': {
      const key = `p${condition.productId}`
      const times = condition.times
      return (f) => (f.visits?.get(key) ?? 0) >= times
    }
    case 'referrer': {
      const needle = condition.contains.toLowerCase()
      return (f) => f.referrer.includes(needle)
    }
    case 'timeOfDay': {
      const from = minutesOf(condition.from)
      const to = minutesOf(condition.to)
      return from <= to
        ? (f) => f.minuteOfDay >= from && f.minuteOfDay <= to
        : (f) => f.minuteOfDay >= from || f.minuteOfDay <= to
    }
    case 'cartValue': {
      const { min, max } = condition
      return (f) =>
        f.cartValue !== null &&
        (min === null || f.cartValue >= min) &&
        (max === null || f.cartValue <= max)
    }
  }
}

/**
 * Pimcore's condition list as one boolean expression: `c1 op2 c2 op3 c3…`, each condition maybe
 * opening or closing brackets; AND (and AND NOT) binds tighter than OR, as in Pimcore's PHP
 * expression. A rule without conditions matches nobody. Brackets are balanced (checked at save);
 * should they not be, the rule matches nobody.
 */
export function compileConditions(conditions: readonly TargetingCondition[]): Test {
  if (conditions.length === 0) return () => false
  type Token = '(' | ')' | 'and' | 'or' | 'and_not' | Test
  const tokens: Token[] = []
  conditions.forEach((condition, index) => {
    if (index > 0) tokens.push(condition.operator)
    if (condition.bracketLeft) tokens.push('(')
    tokens.push(testOf(condition))
    if (condition.bracketRight) tokens.push(')')
  })
  let at = 0
  // or := and ('or' and)* ; and := atom (('and'|'and_not') atom)* ; atom := test | '(' or ')'
  function parseOr(): Test {
    const parts = [parseAnd()]
    while (tokens[at] === 'or') {
      at++
      parts.push(parseAnd())
    }
    return parts.length === 1 ? parts[0]! : (f) => parts.some((p) => p(f))
  }
  function parseAnd(): Test {
    const parts: Test[] = [parseAtom()]
    while (tokens[at] === 'and' || tokens[at] === 'and_not') {
      const negate = tokens[at] === 'and_not'
      at++
      const next = parseAtom()
      parts.push(negate ? (f) => !next(f) : next)
    }
    return parts.length === 1 ? parts[0]! : (f) => parts.every((p) => p(f))
  }
  function parseAtom(): Test {
    const token = tokens[at++]
    if (token === '(') {
      const inner = parseOr()
      if (tokens[at] !== ')') throw new Error('unbalanced brackets')
      at++
      return inner
    }
    if (typeof token === 'function') return token
    throw new Error('unexpected token')
  }
  try {
    const test = parseOr()
    return at === tokens.length ? test : () => false
  } catch {
    return () => false
  }
}

/**
 * Compiles the active rules (by priority) into one evaluator over a request's facts: matching
 * rules add their weight to their target group; a visitor belongs to an active group whose summed
 * weight reaches its threshold. The first matching rule with a redirect redirects.
 */
export function compileRules(
  rules: readonly TargetingRule[],
  groups: readonly TargetGroup[],
): CompiledRules {
  const activeGroups = new Map(groups.filter((g) => g.active).map((g) => [g.id, g.threshold]))
  const compiled = rules
    .filter((rule) => rule.active)
    .toSorted((a, b) => a.priority - b.priority || a.id - b.id)
    .map((rule) => ({
      id: rule.id,
      session: rule.scope === 'session',
      test: compileConditions(rule.conditions),
      groupId: rule.actions.assignTargetGroup?.targetGroupId ?? null,
      weight: rule.actions.assignTargetGroup?.weight ?? 0,
      redirect: rule.actions.redirect?.url ?? null,
    }))
    .filter(
      (rule) => rule.redirect !== null || (rule.groupId !== null && activeGroups.has(rule.groupId)),
    )
  const conditions = rules.filter((r) => r.active).flatMap((r) => r.conditions)
  return {
    ruleCount: compiled.length,
    needsCart: conditions.some((c) => c.type === 'cartValue'),
    needsVisits: conditions.some(
      (c) => c.type === 'visitedCategory' || c.type === 'visitedProduct',
    ),
    evaluate(facts) {
      if (compiled.length === 0) return NOTHING
      let weights: Map<number, number> | null = null
      let redirect: string | null = null
      let session: number[] | null = null
      for (const rule of compiled) {
        const matches = (rule.session && facts.sessionRuleIds.has(rule.id)) || rule.test(facts)
        if (!matches) continue
        if (rule.session) (session ??= []).push(rule.id)
        if (rule.redirect !== null && redirect === null) redirect = rule.redirect
        if (rule.groupId !== null) {
          weights ??= new Map()
          weights.set(rule.groupId, (weights.get(rule.groupId) ?? 0) + rule.weight)
        }
      }
      const targetGroupIds = weights
        ? [...weights]
            .filter(([id, weight]) => weight >= (activeGroups.get(id) ?? Infinity))
            .sort((a, b) => b[1] - a[1] || a[0] - b[0])
            .map(([id]) => id)
        : []
      if (targetGroupIds.length === 0 && redirect === null && session === null) return NOTHING
      return { targetGroupIds, redirect, sessionRuleIds: session ?? [] }
    },
  }
}
