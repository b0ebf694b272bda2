import { compileExpression, useDotAccessOperatorAndOptionalChaining } from 'filtrex'

/** The outcome of a guard's expression on one element. */
export type ExpressionOutcome =
  | { readonly kind: 'passed' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'error'; readonly message: string }

type Compiled = (data: unknown) => unknown

/** Compiled expressions by source: a guard is evaluated on every details call. */
const compiled = new Map<string, Compiled>()
const CACHE_LIMIT = 500

/**
 * Compiles a filtrex expression (numbers, strings, `and`/`or`/`not`, comparisons, `in`, dotted
 * access such as `name.en`); throws with the parser's message when it does not compile.
 * filtrex never reaches JavaScript's globals or prototypes, so a guard cannot run code.
 */
export function compileGuardExpression(source: string): Compiled {
  const known = compiled.get(source)
  if (known) return known
  const fn = compileExpression(source, {
    customProp: useDotAccessOperatorAndOptionalChaining,
  }) as Compiled
  if (compiled.size >= CACHE_LIMIT) compiled.clear()
  compiled.set(source, fn)
  return fn
}

/**
 * Evaluates an expression over an element's variables. filtrex answers runtime errors (an unknown
 * name, a text compared as a number) as Error values rather than throwing: both are an error here.
 */
export function evaluateGuardExpression(
  source: string,
  variables: Readonly<Record<string, unknown>>,
): ExpressionOutcome {
  try {
    const result = compileGuardExpression(source)(variables)
    if (result instanceof Error) return { kind: 'error', message: result.message }
    return result ? { kind: 'passed' } : { kind: 'failed' }
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) }
  }
}
