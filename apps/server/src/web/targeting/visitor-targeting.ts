import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ConsentChoice, VisitorTargeting } from '@optika/domain/operations/targeting'
import { clearCookie, readCookie, setCookie } from '../../platform/http/cookie-policy.ts'
import type { CompiledRules, VisitorFacts } from './compile-rules.ts'
import type { TargetingStore } from './targeting-store.ts'

const ONE_YEAR_S = 365 * 24 * 60 * 60
/** The visit history keeps the most recent this many categories and products. */
const MAX_VISITS = 40
const MAX_COUNT = 9999
const NO_RULES: ReadonlySet<number> = new Set()

/** The shop's languages' countries: `sk` alone says Slovakia. */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  cs: 'CZ',
  sk: 'SK',
  hu: 'HU',
  pl: 'PL',
  ro: 'RO',
}

export interface VisitorTargetingResult extends VisitorTargeting {
  /** Where a matching rule sends the visitor (never the address they asked for). */
  readonly redirect: string | null
}

export interface VisitorTargetingDeps {
  readonly store: TargetingStore
  /** The cart's goods total (gross, major units), read only when a rule asks for it. */
  readonly cartValue?: (request: FastifyRequest, reply: FastifyReply) => Promise<number | null>
  /** Minutes since midnight in the shop's time zone (tests and the bench pass their own). */
  readonly minuteOfDay?: () => number
}

/** The consent choice the visitor made, or null when not asked yet. */
export function consentOf(request: FastifyRequest): ConsentChoice | null {
  const value = readCookie(request, 'consent')
  return value === 'granted' || value === 'denied' ? value : null
}

/** The preferred language and its region from Accept-Language (`sk-SK,sk;q=0.9` → sk, SK). */
export function preferredLanguage(header: string | undefined): {
  language: string | null
  region: string | null
} {
  if (!header) return { language: null, region: null }
  const first = header.split(',', 1)[0]!.split(';', 1)[0]!.trim()
  const [language, region] = first.split(/[-_]/, 2)
  return {
    language: language && /^[a-z]{2,3}$/i.test(language) ? language.toLowerCase() : null,
    region: region && /^[a-z]{2}$/i.test(region) ? region.toUpperCase() : null,
  }
}

/** `c12.3-p45.1` ⇄ visits per key; anything malformed is dropped. */
export function parseVisits(value: string | undefined): Map<string, number> {
  const visits = new Map<string, number>()
  if (!value || value.length > 2000) return visits
  for (const part of value.split('-')) {
    const match = /^([cp]\d{1,10})\.(\d{1,4})$/.exec(part)
    if (match) visits.set(match[1]!, Number(match[2]))
  }
  return visits
}
export function formatVisits(visits: ReadonlyMap<string, number>): string {
  return [...visits].map(([key, count]) => `${key}.${count}`).join('-')
}

/** The category or product a storefront address shows (`/sk/c/12/…`, `/sk/p/45/….data`). */
export function visitedKey(path: string): string | null {
  const match = /^\/[a-z]{2}\/([cp])\/(\d{1,10})(?:[/.?]|$)/.exec(path)
  return match ? `${match[1]}${match[2]}` : null
}

let clock = { until: 0, minute: 0 }
/** Minutes since midnight, local time of the server (the shop's time zone, TZ), cached a minute. */
function shopMinuteOfDay(): number {
  const now = Date.now()
  if (now >= clock.until) {
    const date = new Date(now)
    clock = {
      until: now + (60 - date.getSeconds()) * 1000 - date.getMilliseconds(),
      minute: date.getHours() * 60 + date.getMinutes(),
    }
  }
  return clock.minute
}

/** The facts a request gives by itself, plus with consent its visit history and session rules. */
export function factsOf(
  request: FastifyRequest,
  consent: ConsentChoice | null,
  minuteOfDay: number,
  cartValue: number | null,
): VisitorFacts & { visitsMutable: Map<string, number> | null } {
  const { language, region } = preferredLanguage(request.headers['accept-language'])
  const referrer = request.headers.referer
  const granted = consent === 'granted'
  const visits = granted ? parseVisits(readCookie(request, 'visits')) : null
  let sessionRuleIds: ReadonlySet<number> = NO_RULES
  if (granted) {
    const remembered = readCookie(request, 'targetingSession')
    if (remembered && /^\d{1,10}(\.\d{1,10}){0,49}$/.test(remembered)) {
      sessionRuleIds = new Set(remembered.split('.').map(Number))
    }
  }
  return {
    language,
    country:
      request.viewer?.country ?? region ?? (language ? (LANGUAGE_COUNTRY[language] ?? null) : null),
    kind: request.viewer?.kind ?? 'anonymous',
    referrer: typeof referrer === 'string' ? referrer.slice(0, 500).toLowerCase() : '',
    minuteOfDay,
    cartValue,
    visits: visits ?? null,
    visitsMutable: visits,
    sessionRuleIds,
  }
}

/**
 * Evaluates the targeting rules for one storefront page request (decision 067). Without consent
 * nothing is stored in the browser and only what the request itself says counts; with consent a
 * first-party visitor id, the visit history (this page counted) and the session's matched rules
 * are kept in first-party cookies. No third party sees anything.
 */
export function createVisitorTargeting(deps: VisitorTargetingDeps) {
  const minuteOfDay = deps.minuteOfDay ?? shopMinuteOfDay
  return async function targetVisitor(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ): Promise<VisitorTargetingResult> {
    const consent = consentOf(request)
    const loaded = deps.store.rules()
    const rules: CompiledRules = loaded instanceof Promise ? await loaded : loaded
    // The cart is read only when a rule asks for its value and the visitor has one.
    const hasCart =
      readCookie(request, 'cart') !== undefined || (request.viewer?.customerId ?? null) !== null
    const cartValue =
      rules.needsCart && deps.cartValue && hasCart
        ? await deps.cartValue(request, reply).catch(() => null)
        : null
    const facts = factsOf(request, consent, minuteOfDay(), cartValue)
    if (consent === 'granted') {
      if (!readCookie(request, 'visitor')) {
        setCookie(reply, 'visitor', randomBytes(16).toString('base64url'), {
          maxAgeSeconds: ONE_YEAR_S,
        })
      }
      const key = visitedKey(path)
      if (key && facts.visitsMutable) {
        const visits = facts.visitsMutable
        const count = Math.min((visits.get(key) ?? 0) + 1, MAX_COUNT)
        visits.delete(key)
        visits.set(key, count)
        for (const oldest of visits.keys()) {
          if (visits.size <= MAX_VISITS) break
          visits.delete(oldest)
        }
        setCookie(reply, 'visits', formatVisits(visits), { maxAgeSeconds: ONE_YEAR_S })
      }
    }
    const outcome = rules.evaluate(facts)
    if (consent === 'granted' && outcome.sessionRuleIds.length > 0) {
      const value = outcome.sessionRuleIds.join('.')
      if (readCookie(request, 'targetingSession') !== value) {
        setCookie(reply, 'targetingSession', value)
      }
    }
    // Never to the address asked for (a rule matching there too would loop).
    const redirect =
      outcome.redirect !== null && outcome.redirect.split(/[?#]/, 1)[0] !== path
        ? outcome.redirect
        : null
    return { targetGroupIds: outcome.targetGroupIds, consent, redirect }
  }
}

/** Forgets everything kept about the visitor (consent refused or withdrawn). */
export function forgetVisitor(reply: FastifyReply): void {
  clearCookie(reply, 'visitor')
  clearCookie(reply, 'visits')
  clearCookie(reply, 'targetingSession')
}
