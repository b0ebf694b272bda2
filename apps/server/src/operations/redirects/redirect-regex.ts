import vm from 'node:vm'
import safeRegex from 'safe-regex2'

/** Longest expression a rule may have; longer ones are refused before any analysis. */
const MAX_PATTERN_LENGTH = 500
/** How long all adversarial inputs together may take against one expression. */
const BUDGET_MS = 100

/**
 * Strips Pimcore's delimiters (`@^/old/(.*)@i`, `#…#`, `/…/`) so imported rules keep working;
 * answers the bare pattern and whether it ignores case.
 */
export function parseRedirectPattern(source: string): { pattern: string; ignoreCase: boolean } {
  const delimited = /^([@#~/])(.*)\1(i?)$/s.exec(source)
  if (delimited && delimited[2]) return { pattern: delimited[2], ignoreCase: delimited[3] === 'i' }
  return { pattern: source, ignoreCase: false }
}

/** The expression of a regex rule (no checks: call `regexRefusal` at save). */
export function compileRedirectPattern(source: string): RegExp {
  const { pattern, ignoreCase } = parseRedirectPattern(source)
  return new RegExp(pattern, ignoreCase ? 'iu' : 'u')
}

/** Inputs that make a backtracking engine explode on nested or overlapping quantifiers. */
function adversarialInputs(): string[] {
  const inputs: string[] = []
  for (const unit of ['a', '/', '-', '0', 'aa/', 'a/', '/a', '.', ' ', '%2F', 'ab']) {
    const body = unit.repeat(Math.ceil(3000 / unit.length)).slice(0, 3000)
    inputs.push(`/${body}!`, `${body}\u0000`, `/${body}`)
  }
  return inputs
}
const ADVERSARIAL = adversarialInputs()

// One sandbox for every check: making a context costs more than a safe expression's whole run.
const sandbox = vm.createContext({ regex: /$^/, inputs: ADVERSARIAL })
const runAll = new vm.Script('for (const input of inputs) regex.test(input)')

/**
 * Why a regular expression may not be a redirect's source, or null when it may: too long, not
 * valid, back-references or look-behind (no linear bound), star height above one
 * (`safe-regex2`), or slower than the budget on adversarial paths, measured in a sandbox with a
 * hard timeout so a catastrophic pattern never blocks the process.
 */
export function regexRefusal(source: string): string | null {
  const { pattern } = parseRedirectPattern(source)
  if (pattern.length > MAX_PATTERN_LENGTH) return 'seoRedirects.error.regexTooLong'
  let regex: RegExp
  try {
    regex = compileRedirectPattern(source)
  } catch {
    return 'seoRedirects.error.regexInvalid'
  }
  if (/\\[1-9]|\\k<|\(\?<[=!]/.test(pattern)) return 'seoRedirects.error.regexUnsafe'
  if (!safeRegex(regex, { limit: 25 })) return 'seoRedirects.error.regexUnsafe'
  try {
    sandbox.regex = regex
    runAll.runInContext(sandbox, { timeout: BUDGET_MS })
  } catch {
    return 'seoRedirects.error.regexUnsafe'
  }
  return null
}
