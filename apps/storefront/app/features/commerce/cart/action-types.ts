/** A field the server refused, translated. */
export interface FieldProblem {
  readonly path: string
  readonly message: string
}

/** What a checkout action answers when it refused the input; the page shows it next to the form. */
export interface ActionFailure {
  readonly ok: false
  readonly code: string
  /** The translated general message. */
  readonly message: string
  readonly errors: readonly FieldProblem[]
  /** The refused error's details (e.g. the new cart of PRICE_CHANGED). */
  readonly details?: unknown
  /** What the form sent, so a form rendered again without scripts keeps it. */
  readonly values?: Record<string, string>
  /** Which of the page's forms was refused. */
  readonly intent?: string
}
