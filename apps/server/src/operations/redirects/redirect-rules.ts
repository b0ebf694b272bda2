import type { Redirect } from '@optika/domain/operations/redirects'
import { compileRedirectPattern } from './redirect-regex.ts'

/** What a rule needs for matching (a stored redirect, or one being saved). */
export type RedirectRule = Pick<
  Redirect,
  | 'id'
  | 'sourceType'
  | 'source'
  | 'target'
  | 'statusCode'
  | 'priority'
  | 'siteId'
  | 'language'
  | 'active'
  | 'passQuery'
  | 'activeFrom'
  | 'activeTo'
  | 'expiresAt'
>

/** A request as the rules see it. */
export interface RedirectRequest {
  /** The path, as sent (percent-encoded), without the query string. */
  readonly path: string
  /** The query string without `?` ('' when none). */
  readonly query: string
  /** The site the host belongs to (null = none or unknown). */
  readonly siteId: number | null
  readonly now: Date
}

export interface RedirectMatch {
  readonly rule: RedirectRule
  readonly location: string
}

/** Paths longer than this are never run through an expression (no rule needs them). */
const MAX_MATCHED_PATH = 2048

interface CompiledRegexRule {
  readonly rule: RedirectRule
  readonly regex: RegExp
}

/**
 * The rules ready for requests: exact paths by map lookup, expressions in priority order.
 * Built once per change; `match` does no allocation beyond the answer.
 */
export interface RedirectRuleSet {
  readonly size: number
  match(request: RedirectRequest): RedirectMatch | null
  /** Whether any rule is limited to a site (the caller resolves the host only then). */
  readonly usesSites: boolean
}

function byPriority(a: RedirectRule, b: RedirectRule): number {
  return b.priority - a.priority || a.id - b.id
}

/** The path without a trailing slash (but `/` stays), the key exact rules are kept under. */
export function pathKey(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/** The language a path starts with (`/cs/…` → cs), or null. */
function languageOf(path: string): string | null {
  const match = /^\/([a-z]{2})(?:\/|$)/.exec(path)
  return match?.[1] ?? null
}

/** Whether a rule applies to this request at this time (active, dated, site and language). */
function applies(rule: RedirectRule, request: RedirectRequest, language: string | null): boolean {
  if (!rule.active) return false
  const now = request.now.getTime()
  if (rule.activeFrom && Date.parse(rule.activeFrom) > now) return false
  if (rule.activeTo && Date.parse(rule.activeTo) <= now) return false
  if (rule.expiresAt && Date.parse(rule.expiresAt) <= now) return false
  if (rule.siteId !== null && rule.siteId !== request.siteId) return false
  if (rule.language !== null && rule.language !== language) return false
  return true
}

/**
 * The target with `$1`… filled from the captures. A capture can never change where an absolute
 * target points (its origin is the rule's), and a path target never becomes `//host` (an open
 * redirect through a visitor's path).
 */
export function fillTarget(target: string, captures: readonly (string | undefined)[]): string {
  const filled = target.replace(/\$(\d{1,2})/g, (_, n: string) => captures[Number(n)] ?? '')
  if (/^https?:\/\//i.test(target)) {
    const templateOrigin = originOf(target.replace(/\$\d{1,2}/g, ''))
    const filledOrigin = originOf(filled)
    if (templateOrigin === null || filledOrigin !== templateOrigin) return templateOrigin ?? '/'
    return filled
  }
  return filled.replace(/^[/\\]+/, '/')
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

function withQuery(location: string, query: string, passQuery: boolean): string {
  if (!passQuery || query === '') return location
  return `${location}${location.includes('?') ? '&' : '?'}${query}`
}

/** Compiles stored rules (invalid expressions are skipped: the save refused them anyway). */
export function buildRuleSet(rules: readonly RedirectRule[]): RedirectRuleSet {
  const exact = new Map<string, RedirectRule[]>()
  const expressions: CompiledRegexRule[] = []
  let usesSites = false
  for (const rule of [...rules].sort(byPriority)) {
    if (rule.siteId !== null) usesSites = true
    if (rule.sourceType === 'path') {
      const key = pathKey(rule.source)
      const list = exact.get(key)
      if (list) list.push(rule)
      else exact.set(key, [rule])
      continue
    }
    try {
      expressions.push({ rule, regex: compileRedirectPattern(rule.source) })
    } catch {
      // Refused at save; a rule written around the service never breaks the shop.
    }
  }
  return {
    size: rules.length,
    usesSites,
    match(request) {
      const language = languageOf(request.path)
      let best: RedirectMatch | null = null
      for (const rule of exact.get(pathKey(request.path)) ?? []) {
        if (!applies(rule, request, language)) continue
        best = { rule, location: withQuery(rule.target, request.query, rule.passQuery) }
        break
      }
      if (request.path.length > MAX_MATCHED_PATH) return best
      for (const { rule, regex } of expressions) {
        // Ties go to the exact rule: it says more about this one path.
        if (best && rule.priority <= best.rule.priority) break
        if (!applies(rule, request, language)) continue
        const captures = regex.exec(request.path)
        if (!captures) continue
        const location = fillTarget(rule.target, captures)
        return { rule, location: withQuery(location, request.query, rule.passQuery) }
      }
      return best
    },
  }
}

export interface RedirectHop {
  readonly redirectId: number
  readonly from: string
  readonly to: string
  readonly statusCode: number
}

/** Longest chain followed before calling it a loop. */
export const MAX_REDIRECT_HOPS = 10

/**
 * Follows the rules from `url` as a browser would: each hop, and whether it ends (`final`) or
 * comes back to a URL already seen or goes on beyond `MAX_REDIRECT_HOPS` (`loops`). Absolute
 * targets on `ownOrigin` are followed by their path; other origins end the chain.
 */
export function followRedirects(
  ruleSet: RedirectRuleSet,
  url: string,
  options: { siteId: number | null; now: Date; ownOrigin: string | null },
): { hops: RedirectHop[]; loops: boolean; final: string | null } {
  const hops: RedirectHop[] = []
  const seen = new Set<string>()
  let current = localPart(url, options.ownOrigin)
  while (current !== null) {
    const [path = '', query = ''] = splitQuery(current)
    const key = `${pathKey(path)}?${query}`
    if (seen.has(key)) return { hops, loops: true, final: null }
    seen.add(key)
    const match = ruleSet.match({ path, query, siteId: options.siteId, now: options.now })
    if (!match) return { hops, loops: false, final: hops.length > 0 ? current : null }
    hops.push({
      redirectId: match.rule.id,
      from: current,
      to: match.location,
      statusCode: match.rule.statusCode,
    })
    if (hops.length > MAX_REDIRECT_HOPS) return { hops, loops: true, final: null }
    const next = localPart(match.location, options.ownOrigin)
    if (next === null) return { hops, loops: false, final: match.location }
    current = next
  }
  return { hops, loops: false, final: null }
}

function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?')
  const withoutHash = url.split('#', 1)[0] ?? url
  return at === -1 ? [withoutHash, ''] : [withoutHash.slice(0, at), withoutHash.slice(at + 1)]
}

/** A path of this shop ('/x?y'), or null for another origin. */
function localPart(url: string, ownOrigin: string | null): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url
  const origin = originOf(url)
  if (origin === null || ownOrigin === null || origin !== ownOrigin) return null
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}
