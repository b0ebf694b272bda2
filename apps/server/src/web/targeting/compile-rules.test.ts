import { describe, expect, it } from 'vitest'
import {
  TargetingConditionSchema,
  type TargetGroup,
  type TargetingCondition,
  type TargetingRule,
} from '@optika/domain/operations/targeting'
import { compileConditions, compileRules, type VisitorFacts } from './compile-rules.ts'
import { parseVisits, preferredLanguage, visitedKey, formatVisits } from './visitor-targeting.ts'

const facts = (over: Partial<VisitorFacts> = {}): VisitorFacts => ({
  language: null,
  country: null,
  kind: 'anonymous',
  referrer: '',
  minuteOfDay: 12 * 60,
  cartValue: null,
  visits: null,
  sessionRuleIds: new Set(),
  ...over,
})
const c = (raw: Record<string, unknown>): TargetingCondition => TargetingConditionSchema.parse(raw)

describe('each condition', () => {
  const cases: [string, TargetingCondition, Partial<VisitorFacts>, Partial<VisitorFacts>][] = [
    ['country', c({ type: 'country', countries: ['sk'] }), { country: 'SK' }, { country: 'CZ' }],
    [
      'language',
      c({ type: 'language', languages: ['sk'] }),
      { language: 'sk' },
      { language: 'cs' },
    ],
    [
      'visitor kind',
      c({ type: 'visitorKind', kind: 'partner' }),
      { kind: 'partner' },
      { kind: 'customer' },
    ],
    [
      'visited category N times',
      c({ type: 'visitedCategory', categoryId: 12, times: 3 }),
      { visits: new Map([['c12', 3]]) },
      { visits: new Map([['c12', 2]]) },
    ],
    [
      'visited product',
      c({ type: 'visitedProduct', productId: 5 }),
      { visits: new Map([['p5', 1]]) },
      { visits: null },
    ],
    [
      'referrer',
      c({ type: 'referrer', contains: 'Google.' }),
      { referrer: 'https://www.google.sk/' },
      { referrer: '' },
    ],
    [
      'time of day',
      c({ type: 'timeOfDay', from: '08:00', to: '17:30' }),
      { minuteOfDay: 17 * 60 + 30 },
      { minuteOfDay: 17 * 60 + 31 },
    ],
    [
      'time across midnight',
      c({ type: 'timeOfDay', from: '22:00', to: '06:00' }),
      { minuteOfDay: 60 },
      { minuteOfDay: 12 * 60 },
    ],
    [
      'cart value',
      c({ type: 'cartValue', min: 100, max: 500 }),
      { cartValue: 100 },
      { cartValue: 99.99 },
    ],
    ['no cart', c({ type: 'cartValue', min: 0 }), { cartValue: 0 }, { cartValue: null }],
  ]
  it.each(cases)('%s matches and does not match', (_name, condition, yes, no) => {
    const test = compileConditions([condition])
    expect(test(facts(yes))).toBe(true)
    expect(test(facts(no))).toBe(false)
  })
})

describe('AND / OR / AND NOT with brackets (Pimcore’s order)', () => {
  const sk = { type: 'language', languages: ['sk'] }
  const partner = { type: 'visitorKind', kind: 'partner' }
  const google = { type: 'referrer', contains: 'google' }
  it('binds AND tighter than OR', () => {
    // sk OR partner AND google  ==  sk OR (partner AND google)
    const test = compileConditions([
      c(sk),
      c({ ...partner, operator: 'or' }),
      c({ ...google, operator: 'and' }),
    ])
    expect(test(facts({ language: 'sk' }))).toBe(true)
    expect(test(facts({ kind: 'partner' }))).toBe(false)
    expect(test(facts({ kind: 'partner', referrer: 'google' }))).toBe(true)
  })
  it('brackets group', () => {
    // (sk OR partner) AND google
    const test = compileConditions([
      c({ ...sk, bracketLeft: true }),
      c({ ...partner, operator: 'or', bracketRight: true }),
      c({ ...google, operator: 'and' }),
    ])
    expect(test(facts({ language: 'sk' }))).toBe(false)
    expect(test(facts({ language: 'sk', referrer: 'google' }))).toBe(true)
  })
  it('AND NOT negates the next one', () => {
    const test = compileConditions([c(sk), c({ ...partner, operator: 'and_not' })])
    expect(test(facts({ language: 'sk' }))).toBe(true)
    expect(test(facts({ language: 'sk', kind: 'partner' }))).toBe(false)
  })
  it('matches nobody without conditions or with unbalanced brackets', () => {
    expect(compileConditions([])(facts())).toBe(false)
    expect(compileConditions([c({ ...sk, bracketLeft: true })])(facts({ language: 'sk' }))).toBe(
      false,
    )
  })
})

describe('rules into target groups', () => {
  const group = (id: number, threshold = 1, active = true): TargetGroup => ({
    id,
    name: `g${id}`,
    description: '',
    active,
    threshold,
  })
  const rule = (id: number, over: Partial<TargetingRule>): TargetingRule => ({
    id,
    name: `r${id}`,
    description: '',
    active: true,
    scope: 'hit',
    priority: id,
    conditions: [c({ type: 'language', languages: ['sk'] })],
    actions: { assignTargetGroup: null, redirect: null },
    ...over,
  })
  it('sums weights against thresholds, heaviest group first; inactive ones count nothing', () => {
    const compiled = compileRules(
      [
        rule(1, {
          actions: { assignTargetGroup: { targetGroupId: 1, weight: 1 }, redirect: null },
        }),
        rule(2, {
          actions: { assignTargetGroup: { targetGroupId: 2, weight: 3 }, redirect: null },
        }),
        rule(3, {
          actions: { assignTargetGroup: { targetGroupId: 3, weight: 1 }, redirect: null },
        }),
        rule(4, {
          active: false,
          actions: { assignTargetGroup: { targetGroupId: 3, weight: 5 }, redirect: null },
        }),
        rule(5, {
          actions: { assignTargetGroup: { targetGroupId: 4, weight: 9 }, redirect: null },
        }),
      ],
      [group(1), group(2), group(3, 2), group(4, 1, false)],
    )
    expect(compiled.evaluate(facts({ language: 'sk' })).targetGroupIds).toEqual([2, 1])
    expect(compiled.evaluate(facts({ language: 'cs' })).targetGroupIds).toEqual([])
  })
  it('redirects with the first matching rule; session rules are remembered', () => {
    const compiled = compileRules(
      [
        rule(1, { actions: { assignTargetGroup: null, redirect: { url: '/sk/akcia' } } }),
        rule(2, { actions: { assignTargetGroup: null, redirect: { url: '/sk/other' } } }),
        rule(3, {
          scope: 'session',
          actions: { assignTargetGroup: { targetGroupId: 1, weight: 1 }, redirect: null },
        }),
      ],
      [group(1)],
    )
    const outcome = compiled.evaluate(facts({ language: 'sk' }))
    expect(outcome.redirect).toBe('/sk/akcia')
    expect(outcome.sessionRuleIds).toEqual([3])
    // Remembered for the session: it matches although the language changed.
    expect(
      compiled.evaluate(facts({ language: 'cs', sessionRuleIds: new Set([3]) })).targetGroupIds,
    ).toEqual([1])
  })
  it('says whether the cart and the visit history are needed', () => {
    const plain = compileRules([rule(1, {})], [])
    expect(plain.needsCart).toBe(false)
    const cart = compileRules([rule(1, { conditions: [c({ type: 'cartValue', min: 1 })] })], [])
    expect(cart.needsCart).toBe(true)
  })
})

describe('the request’s own facts', () => {
  it('reads the preferred language and region', () => {
    expect(preferredLanguage('sk-SK,sk;q=0.9,en;q=0.5')).toEqual({ language: 'sk', region: 'SK' })
    expect(preferredLanguage('cs')).toEqual({ language: 'cs', region: null })
    expect(preferredLanguage('*;q=0.1')).toEqual({ language: null, region: null })
    expect(preferredLanguage(undefined)).toEqual({ language: null, region: null })
  })
  it('knows visited categories and products by address, and keeps a bounded history', () => {
    expect(visitedKey('/sk/c/12/slnecne-okuliare')).toBe('c12')
    expect(visitedKey('/sk/p/45/ray-ban.data')).toBe('p45')
    expect(visitedKey('/sk/cart')).toBeNull()
    expect(parseVisits('c12.3-p45.1-x.9-c1.abc')).toEqual(
      new Map([
        ['c12', 3],
        ['p45', 1],
      ]),
    )
    expect(formatVisits(new Map([['c12', 3]]))).toBe('c12.3')
    expect(parseVisits('c1.1'.padEnd(3000, 'x')).size).toBe(0)
  })
})
