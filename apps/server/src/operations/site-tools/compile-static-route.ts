import safeRegex from 'safe-regex2'
import { isLocale } from '@optika/i18n/locales'
import { ROUTES, generateUrl } from '@optika/domain/routing/routes'
import type { StaticRouteInput, StaticRouteTarget } from '@optika/domain/operations/static-routes'
import { AppError } from '../../platform/http/app-error.ts'

/** A static route made ready to answer addresses: its pattern as an anchored regex. */
export interface CompiledStaticRoute {
  readonly regex: RegExp
  /** The variables the pattern names, in order. */
  readonly variables: readonly string[]
}

/** The longest value a variable may take (an address segment, a slug). */
const MAX_VALUE_LENGTH = 200
/** Time one adversarial probe may take before a pattern counts as catastrophic. */
const PROBE_BUDGET_MS = 25
const UNBOUNDED = /(?<!\\)[*+]|\{\d+,\}/g
const MAX_UNBOUNDED = 5
const PROBE_LENGTHS = [12, 16, 20, 24, 28, 32, 64, 128, 256, 512, 1024, 2048] as const
const PLACEHOLDER = /\{([a-zA-Z_]\w{0,39})\}/g
const NAMED_GROUP = /\(\?<([a-zA-Z_]\w{0,39})>/g

function refuse(key: string, params: Record<string, string> = {}): AppError {
  return new AppError(400, 'INVALID_STATIC_ROUTE', key, params)
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/**
 * Compiles a route's pattern, refusing (translated 400) a malformed one and any whose regex could
 * take catastrophic time: safe-regex2's star-height check, no back-references, and probes with
 * long adversarial inputs under a time budget (ReDoS).
 */
export function compileStaticRoute(
  route: Pick<StaticRouteInput, 'syntax' | 'pattern'>,
): CompiledStaticRoute {
  if (route.syntax === 'simple') return compileSimple(route.pattern)
  return compileRegex(route.pattern)
}

function compileSimple(pattern: string): CompiledStaticRoute {
  if (!pattern.startsWith('/') || /[\s?#]/.test(pattern)) {
    throw refuse('siteTools.error.simplePattern')
  }
  const variables: string[] = []
  let source = ''
  let last = 0
  for (const match of pattern.matchAll(PLACEHOLDER)) {
    const name = match[1]!
    if (variables.includes(name)) throw refuse('siteTools.error.duplicateVariable', { name })
    variables.push(name)
    source += escapeRegex(pattern.slice(last, match.index)) + `(?<${name}>[^/]+)`
    last = match.index + match[0].length
  }
  // Braces left once the placeholders are out: a malformed one (`{1x}`, `{slug`).
  if (/[{}]/.test(pattern.replace(PLACEHOLDER, ''))) throw refuse('siteTools.error.simplePattern')
  source += escapeRegex(pattern.slice(last))
  return { regex: new RegExp(`^${source}/?$`, 'u'), variables }
}

function compileRegex(pattern: string): CompiledStaticRoute {
  // Back-references make matching exponential whatever the star height.
  if (/\\[1-9]|\\k</.test(pattern)) throw refuse('siteTools.error.unsafeRegex')
  let regex: RegExp
  try {
    regex = new RegExp(`^(?:${pattern})$`, 'u')
  } catch {
    throw refuse('siteTools.error.invalidRegex')
  }
  // safe-regex2 counts an optional group (`(…)?`) as a star; an optional part cannot nest
  // repetition, so it checks the pattern without those marks (the probes run the real one).
  const withoutOptionalGroups = pattern.replace(/(?<!\\)\)\?(?![?+*])/g, ')')
  if (!safeRegex(withoutOptionalGroups, { limit: 25 })) throw refuse('siteTools.error.unsafeRegex')
  // Each unbounded repetition can raise the backtracking's degree: an address needs few.
  if ((pattern.match(UNBOUNDED) ?? []).length > MAX_UNBOUNDED) {
    throw refuse('siteTools.error.unsafeRegex')
  }
  if (!passesProbes(regex)) throw refuse('siteTools.error.unsafeRegex')
  const variables = [...pattern.matchAll(NAMED_GROUP)].map((m) => m[1]!)
  return { regex, variables }
}

/**
 * Runs of the characters a pattern likely repeats, each ending so that the match fails, growing
 * step by step: a catastrophic pattern overruns the budget on a short run long before a long one
 * could hang the process (exponential at ~24 characters, cubic at a few hundred).
 */
function passesProbes(regex: RegExp): boolean {
  const units = ['a', '/', '-', '0', 'a/', '/a', ' ', '.', 'a-', 'aa/']
  for (const length of PROBE_LENGTHS) {
    for (const unit of units) {
      const run = unit.repeat(Math.ceil(length / unit.length))
      for (const probe of [`/${run}!`, `${run}\u0000`]) {
        // Far over budget, or twice over it: a busy machine may pause one run.
        const took = timeOf(regex, probe)
        if (took > 4 * PROBE_BUDGET_MS) return false
        if (took > PROBE_BUDGET_MS && timeOf(regex, probe) > PROBE_BUDGET_MS) return false
      }
    }
  }
  return true
}

function timeOf(regex: RegExp, probe: string): number {
  const started = performance.now()
  regex.test(probe)
  return performance.now() - started
}

/** The values an address gives the route's variables, or null when it does not match. */
export function matchStaticRoute(
  compiled: CompiledStaticRoute,
  path: string,
  defaults: Readonly<Record<string, string>>,
): Record<string, string> | null {
  const match = compiled.regex.exec(path)
  if (!match) return null
  const values: Record<string, string> = { ...defaults }
  for (const name of compiled.variables) {
    const raw = match.groups?.[name]
    if (raw === undefined) continue
    let value: string
    try {
      value = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (value.length > MAX_VALUE_LENGTH || /\p{Cc}/u.test(value)) return null
    values[name] = value
  }
  // A `locale` variable is the page's language: another value is not this route's address.
  if ('locale' in values && !isLocale(values.locale)) return null
  return values
}

/** Fills `{name}` placeholders with values, each encoded by `encode`; null when one is missing. */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string = encodeURIComponent,
): string | null {
  let missing = false
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name]
    if (value === undefined || value === '') {
      missing = true
      return ''
    }
    return encode(value)
  })
  return missing ? null : filled
}

/** The placeholders a template names. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!)
}

/** Named storefront pages a `page` route may send to (the JSON API's routes are not pages). */
export function isPageRoute(name: string): boolean {
  return Object.hasOwn(ROUTES, name) && !name.startsWith('api_')
}

/**
 * Checks that a route's reverse and target use only its variables and defaults, and that the
 * target fits its type: a query for a listing, a path for a document, a named page for a page.
 */
export function checkStaticRouteTemplates(
  input: Pick<StaticRouteInput, 'reverse' | 'target' | 'targetType' | 'defaults'>,
  variables: readonly string[],
): void {
  const known = new Set([...variables, ...Object.keys(input.defaults)])
  for (const name of [...placeholdersOf(input.reverse), ...placeholdersOf(input.target)]) {
    if (!known.has(name)) throw refuse('siteTools.error.unknownVariable', { name })
  }
  if (input.reverse !== '' && !input.reverse.startsWith('/')) {
    throw refuse('siteTools.error.reverseNotPath')
  }
  checkTarget(input.targetType, input.target)
}

function checkTarget(type: StaticRouteTarget, target: string): void {
  switch (type) {
    case 'productListing':
      if (/[\s#]/.test(target) || target.startsWith('?'))
        throw refuse('siteTools.error.listingTarget')
      return
    case 'document':
      if (!target.startsWith('/') || target.startsWith('//') || /[\s?#]/.test(target)) {
        throw refuse('siteTools.error.documentTarget')
      }
      return
    case 'page': {
      const name = target.split('?', 1)[0] ?? ''
      if (!isPageRoute(name)) throw refuse('siteTools.error.pageTarget', { name })
      return
    }
  }
}

/** A `page` target (`search?q={slug}`) as the address of that page, or null when it cannot be built. */
export function pageAddress(
  target: string,
  values: Readonly<Record<string, string>>,
): string | null {
  const [name = '', query = ''] = target.split('?', 2)
  if (!isPageRoute(name)) return null
  const filled = fillTemplate(query, values)
  if (filled === null) return null
  // The page's own path parameters (`:locale`) from the values; the rest comes from the query.
  const params: Record<string, string> = {}
  for (const [, param] of ROUTES[name as keyof typeof ROUTES].matchAll(/:(\w+)/g)) {
    const value = values[param!]
    if (value !== undefined) params[param!] = value
  }
  for (const [key, value] of new URLSearchParams(filled)) params[key] = value
  try {
    return generateUrl(name, params)
  } catch {
    return null
  }
}
