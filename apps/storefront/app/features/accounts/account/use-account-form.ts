import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import type { ApiResult, FieldError } from './api-client.ts'

/** A form's values by field path (`billingAddress.street`): text inputs and checkboxes. */
export type FormValues = Record<string, string | boolean>

/** What the error summary shows: the general message, and the fields to fix. */
export interface FormProblem {
  /** The general text: the seed's form error, or the server's message for a refused request. */
  readonly message: string
  readonly errors: readonly FieldError[]
}

export interface AccountForm {
  readonly id: string
  readonly values: FormValues
  readonly text: (name: string) => string
  readonly checked: (name: string) => boolean
  readonly setValue: (name: string, value: string | boolean) => void
  readonly setValues: (values: FormValues) => void
  /** The field's translated error, if any. */
  readonly error: (name: string) => string | undefined
  readonly problem: FormProblem | null
  readonly submitting: boolean
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** The element id of a field (for labels, error links and focus). */
  readonly fieldId: (name: string) => string
  /** Fields tell the form their label, so the error summary can name them. */
  readonly labels: Map<string, string>
  /** The element id of the error summary (focused when a submission is refused). */
  readonly summaryId: string
  /** Shows errors found outside `submit` (e.g. by a dialog's own request). */
  readonly showProblem: (problem: FormProblem | null) => void
}

interface Options<S extends z.ZodType, T> {
  /** Unique on the page: prefixes the fields' element ids. */
  readonly id: string
  readonly initial: FormValues
  /** The same zod schema the server checks with: its messages are catalogue keys. */
  readonly schema: S
  /** Turns the flat values into the API's input shape. */
  readonly build: (values: FormValues) => unknown
  readonly send: (input: z.output<S>) => Promise<ApiResult<T>>
  readonly onSuccess: (data: T) => void | Promise<void>
  /** Called after the server refused the form (e.g. to load a new captcha). */
  readonly onRefused?: () => void
}

/** Schema messages are catalogue keys; zod's own (English) messages get a generic text instead. */
const CATALOGUE_KEY = /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/

/**
 * The placeholders of an issue's message, as the server fills them: `value` from a minimum
 * (`validation.minLength`) and whatever a refinement put in `params` (`{ phone }`).
 */
function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> {
  const params: Record<string, string | number> = {}
  const { minimum, params: given } = issue as { minimum?: unknown; params?: unknown }
  if (typeof minimum === 'number' || typeof minimum === 'bigint') params.value = Number(minimum)
  if (typeof given === 'object' && given !== null) {
    for (const [name, value] of Object.entries(given)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value
    }
  }
  return params
}

/**
 * One account form: values, the same validation as the server (the shared zod schema, messages
 * translated on the page), submission to the JSON API, and the server's field errors. Invalid
 * input never leaves the page; a refused submission moves focus to the error summary.
 */
export function useAccountForm<S extends z.ZodType, T>(options: Options<S, T>): AccountForm {
  const { t } = useTranslation()
  const [values, setAll] = useState<FormValues>(options.initial)
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [shown, setShown] = useState(0)
  const [labels] = useState(() => new Map<string, string>())
  const summaryId = `${options.id}-errors`
  const latest = useRef(options)
  latest.current = options

  useEffect(() => {
    if (shown > 0) document.getElementById(summaryId)?.focus()
  }, [shown, summaryId])

  const showProblem = useCallback((next: FormProblem | null) => {
    setProblem(next)
    if (next) setShown((count) => count + 1)
  }, [])

  const setValue = useCallback((name: string, value: string | boolean) => {
    setAll((current) => ({ ...current, [name]: value }))
  }, [])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
    const { schema, build, send, onSuccess, onRefused } = latest.current
    const parsed = schema.safeParse(build(values))
    if (!parsed.success) {
      showProblem({
        message: t('validation.formError'),
        errors: parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: CATALOGUE_KEY.test(issue.message)
            ? t(issue.message, issueParams(issue))
            : t('accountPage.form.invalidValue'),
        })),
      })
      return
    }
    setSubmitting(true)
    void (async () => {
      try {
        const result = await send(parsed.data)
        if (result.ok) {
          setProblem(null)
          await onSuccess(result.data)
          return
        }
        onRefused?.()
        showProblem({
          message:
            result.errors.length > 0
              ? t('validation.formError')
              : result.message || t('accountPage.form.failed'),
          errors: result.errors,
        })
      } finally {
        setSubmitting(false)
      }
    })()
  }

  const errorFor = (name: string) => problem?.errors.find((error) => error.path === name)?.message

  return {
    id: options.id,
    values,
    text: (name) => {
      const value = values[name]
      return typeof value === 'string' ? value : ''
    },
    checked: (name) => values[name] === true,
    setValue,
    setValues: (next) => setAll((current) => ({ ...current, ...next })),
    error: errorFor,
    problem,
    submitting,
    onSubmit,
    fieldId: (name) => `${options.id}-${name.replaceAll('.', '-')}`,
    labels,
    summaryId,
    showProblem,
  }
}

/** The fields named `prefix.field` as an object (an address inside a form). */
export function nest(values: FormValues, prefix: string): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {}
  for (const [key, value] of Object.entries(values)) {
    if (!key.startsWith(`${prefix}.`)) continue
    out[key.slice(prefix.length + 1)] = value
  }
  return out
}
