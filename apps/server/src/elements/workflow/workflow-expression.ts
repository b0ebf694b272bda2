import { compileExpression } from 'filtrex'

/** The outcome of a guard's expression on one element. */
export type ExpressionOutcome =
  | { readonly kind: 'passed' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'error'; readonly message: string }

type Compiled = (data: unknown) => unknown

/**
 * Names resolve to the element's own variables only: an unknown name (a typo) is an error, so a
 * definition naming it is refused at save; `a.b` reads an own property of a record (a localized
 * value's language) and is null when absent. Prototype properties are never reached.
 */
function resolveName(name: string, _get: (name: string) => unknown, data: unknown): unknown {
  const [head = '', ...rest] = name.split('.')
  const record = data as Record<string, unknown>
  if (!Object.hasOwn(record, head)) throw new ReferenceError(`Unknown name “${head}”.`)
  let value: unknown = record[head]
  for (const part of rest) {
    value =
      value !== null && typeof value === 'object' && Object.hasOwn(value, part)
        ? (value as Record<string, unknown>)[part]
        : null
  }
  return value
}

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
  const fn = compileExpression(source, { customProp: resolveName }) as Compiled
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
