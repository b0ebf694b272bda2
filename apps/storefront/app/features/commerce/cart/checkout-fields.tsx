import {
  useEffect,
  useRef,
  type HTMLInputAutoCompleteAttribute,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import type { FieldProblem } from './action-types.ts'

const INPUT =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-600 aria-invalid:border-red-700'

/** The problems of the last refused submission, looked up by field name. */
export interface FormErrors {
  readonly formId: string
  readonly errors: readonly FieldProblem[]
}

export function fieldId(form: FormErrors, name: string): string {
  return `${form.formId}-${name.replaceAll('.', '-')}`
}

export function fieldError(form: FormErrors, name: string): string | undefined {
  return form.errors.find((error) => error.path === name)?.message
}

/** The star of a required field (the control itself says aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  )
}

/** The id of a field's error message while it has one, for `aria-describedby`. */
export function errorIdOf(form: FormErrors, name: string): string | undefined {
  return fieldError(form, name) ? `${fieldId(form, name)}-error` : undefined
}

/** A control's label, with the star when the field is required. */
export function FieldLabel({
  form,
  name,
  label,
  required = false,
}: {
  form: FormErrors
  name: string
  label: string
  required?: boolean
}) {
  return (
    <label htmlFor={fieldId(form, name)} className="block text-sm font-medium text-stone-800">
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  )
}

/** The attributes a control needs for its label, hint and error. */
export function controlAttributes(
  form: FormErrors,
  name: string,
  required: boolean,
  hint?: string,
) {
  const id = fieldId(form, name)
  const described = [hint ? `${id}-hint` : '', errorIdOf(form, name)].filter(Boolean).join(' ')
  return {
    id,
    name,
    'aria-required': required || undefined,
    'aria-invalid': fieldError(form, name) ? true : undefined,
    'aria-describedby': described || undefined,
  } as const
}

export function FieldMessages({
  form,
  name,
  hint,
}: {
  form: FormErrors
  name: string
  hint?: string | undefined
}) {
  const id = fieldId(form, name)
  const error = fieldError(form, name)
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  )
}

/** A labelled text input whose value the server gave (works without scripts). */
export function InputField({
  form,
  name,
  label,
  defaultValue,
  type = 'text',
  required = false,
  autoComplete,
  hint,
}: {
  form: FormErrors
  name: string
  label: string
  defaultValue: string
  type?: 'text' | 'email' | 'tel'
  required?: boolean
  autoComplete?: HTMLInputAutoCompleteAttribute
  hint?: string | undefined
}) {
  return (
    <div>
      <FieldLabel form={form} name={name} label={label} required={required} />
      <input
        {...controlAttributes(form, name, required, hint)}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        className={INPUT}
      />
      <FieldMessages form={form} name={name} hint={hint} />
    </div>
  )
}

/** A labelled select of fixed options. */
export function SelectInput({
  form,
  name,
  label,
  defaultValue,
  options,
  required = false,
  autoComplete,
  onChange,
  after,
}: {
  form: FormErrors
  name: string
  label: string
  defaultValue: string
  options: readonly (readonly [string, string])[]
  required?: boolean
  autoComplete?: HTMLInputAutoCompleteAttribute
  onChange?: (element: HTMLSelectElement) => void
  after?: ReactNode
}) {
  return (
    <div>
      <FieldLabel form={form} name={name} label={label} required={required} />
      <div className="flex items-end gap-2">
        <select
          {...controlAttributes(form, name, required)}
          defaultValue={defaultValue}
          autoComplete={autoComplete}
          onChange={onChange ? (event) => onChange(event.currentTarget) : undefined}
          className={INPUT}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        {after}
      </div>
      <FieldMessages form={form} name={name} />
    </div>
  )
}

/**
 * Takes the buyer to a field the summary names: its control, or a group's first control, focused
 * and scrolled into view. (Without scripts the link's own jump does the same; with them, a jump
 * by the address would count as a navigation and clear the refused form's messages.)
 */
function goToField(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id)
  if (!target) return
  event.preventDefault()
  const control =
    target instanceof HTMLFieldSetElement
      ? (target.querySelector<HTMLElement>('input:checked, input, select, textarea') ?? target)
      : target
  control.focus({ preventScroll: true })
  control.scrollIntoView({ block: 'center' })
}

/**
 * Scrolls `element` to the top of the view, just below the page's header when that stays put.
 * Instantly: the page's smooth scrolling would leave the header's overlap measured mid-way.
 */
function scrollBelowHeader(element: HTMLElement): void {
  element.scrollIntoView({ block: 'start', behavior: 'instant' })
  const header = document.querySelector('header')
  const position = header ? getComputedStyle(header).position : 'static'
  if (!header || (position !== 'sticky' && position !== 'fixed')) return
  const covered = header.getBoundingClientRect().bottom + 8 - element.getBoundingClientRect().top
  if (covered > 0) window.scrollBy({ top: -covered, behavior: 'instant' })
}

/**
 * The general form error and the list of fields to fix, each linking to its field, in the order
 * the form shows them (`labels`' order). Each refused submission (`attempt`) moves the focus to
 * the summary and scrolls it into view; a page rendered without scripts does the same by the
 * `autofocus` attribute.
 */
export function ErrorSummary({
  form,
  message,
  labels,
  attempt,
}: {
  form: FormErrors
  message: string | null
  labels: Readonly<Record<string, string>>
  attempt?: unknown
}) {
  const { t } = useTranslation()
  const summary = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!message || !summary.current) return
    summary.current.focus({ preventScroll: true })
    scrollBelowHeader(summary.current)
  }, [attempt, message])
  if (!message) return null
  const order = Object.keys(labels)
  const rank = (path: string) => {
    const index = order.indexOf(path)
    return index === -1 ? order.length : index
  }
  const errors = [...form.errors].sort((a, b) => rank(a.path) - rank(b.path))
  return (
    <div
      ref={summary}
      id={`${form.formId}-errors`}
      role="alert"
      tabIndex={-1}
      // The refused form's summary is where the buyer continues, also without scripts.
      autoFocus
      className="scroll-mt-36 rounded-lg sm:scroll-mt-24 border border-red-300 bg-red-50 p-4 text-sm text-red-900 [overflow-wrap:anywhere] focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
      data-testid="form-errors"
    >
      <p className="font-semibold">{message}</p>
      {errors.length > 0 ? (
        <>
          <p className="mt-2">
            {t('validation.formNotSubmitted')} {t('validation.errorListIntro')}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {errors.map((error) => {
              const label = labels[error.path]
              const id = fieldId(form, error.path)
              return (
                <li key={`${error.path}:${error.message}`}>
                  {label ? (
                    <a
                      href={`#${id}`}
                      onClick={(event) => goToField(event, id)}
                      className="underline"
                    >
                      {label}: {error.message}
                    </a>
                  ) : (
                    error.message
                  )}
                </li>
              )
            })}
          </ul>
        </>
      ) : null}
    </div>
  )
}
