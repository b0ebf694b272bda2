import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react'
import { MIN_PASSWORD_LENGTH } from '@optika/domain/accounts/account-api'
import { COUNTRIES } from '@optika/domain/commerce/countries'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import type { AccountForm } from './use-account-form.ts'
import { useHydrated } from './use-hydrated.ts'

const INPUT =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-600 aria-invalid:border-red-700'
const LABEL = 'block text-sm font-medium text-stone-800'

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  )
}

function FieldMessages({
  form,
  name,
  hint,
}: {
  form: AccountForm
  name: string
  hint?: string | undefined
}) {
  const id = form.fieldId(name)
  const error = form.error(name)
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

function describedBy(form: AccountForm, name: string, hint?: string): string | undefined {
  const id = form.fieldId(name)
  const ids = [hint ? `${id}-hint` : '', form.error(name) ? `${id}-error` : ''].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

/** The attributes every control shares: its id, name and what screen readers are told. */
function controlProps(form: AccountForm, name: string, required: boolean, hint?: string) {
  return {
    id: form.fieldId(name),
    name,
    'aria-required': required || undefined,
    'aria-invalid': form.error(name) ? true : undefined,
    'aria-describedby': describedBy(form, name, hint),
  } as const
}

/** A control under its label (with the required star), followed by its hint and error. */
function LabelledField({
  form,
  name,
  label,
  required,
  hint,
  children,
}: {
  form: AccountForm
  name: string
  label: string
  required: boolean
  hint?: string | undefined
  children: ReactNode
}) {
  form.labels.set(name, label)
  return (
    <div>
      <label htmlFor={form.fieldId(name)} className={LABEL}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      <FieldMessages form={form} name={name} hint={hint} />
    </div>
  )
}

interface TextFieldProps {
  readonly form: AccountForm
  readonly name: string
  readonly label: string
  readonly type?: 'text' | 'email' | 'password' | 'tel' | 'url'
  readonly autoComplete?: HTMLInputAutoCompleteAttribute
  readonly required?: boolean
  readonly hint?: string | undefined
  readonly inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url'
}

/** A labelled text input with its hint and error, wired for screen readers. */
export function TextField({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  hint,
  inputMode,
}: TextFieldProps) {
  return (
    <LabelledField form={form} name={name} label={label} required={required} hint={hint}>
      <input
        {...controlProps(form, name, required, hint)}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={form.text(name)}
        onChange={(event) => form.setValue(name, event.target.value)}
        className={INPUT}
      />
    </LabelledField>
  )
}

/** A labelled multi-line text. */
export function TextAreaField({
  form,
  name,
  label,
  required = false,
  rows = 5,
}: {
  form: AccountForm
  name: string
  label: string
  required?: boolean
  rows?: number
}) {
  return (
    <LabelledField form={form} name={name} label={label} required={required}>
      <textarea
        {...controlProps(form, name, required)}
        rows={rows}
        value={form.text(name)}
        onChange={(event) => form.setValue(name, event.target.value)}
        className={INPUT}
      />
    </LabelledField>
  )
}

/** A select of fixed options (value → visible text). */
export function SelectField({
  form,
  name,
  label,
  options,
  required = false,
  autoComplete,
}: {
  form: AccountForm
  name: string
  label: string
  options: readonly (readonly [string, string])[]
  required?: boolean
  autoComplete?: HTMLInputAutoCompleteAttribute
}) {
  return (
    <LabelledField form={form} name={name} label={label} required={required}>
      <select
        {...controlProps(form, name, required)}
        autoComplete={autoComplete}
        value={form.text(name)}
        onChange={(event) => form.setValue(name, event.target.value)}
        className={INPUT}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </LabelledField>
  )
}

/** The shop's countries, named in the page's language. */
export function CountryField({
  form,
  name,
  autoComplete,
}: {
  form: AccountForm
  name: string
  autoComplete?: HTMLInputAutoCompleteAttribute
}) {
  const { t } = useTranslation()
  return (
    <SelectField
      form={form}
      name={name}
      label={t('customer.country')}
      required
      autoComplete={autoComplete}
      options={COUNTRIES.map((country) => [country, t(`country.${country}`)] as const)}
    />
  )
}

/** A checkbox with its label (which may hold links) and error. */
export function CheckboxField({
  form,
  name,
  label,
  summaryLabel,
  required = false,
  hint,
}: {
  form: AccountForm
  name: string
  label: ReactNode
  /** The label as text, for the error summary. */
  summaryLabel: string
  required?: boolean
  hint?: string | undefined
}) {
  form.labels.set(name, summaryLabel)
  const id = form.fieldId(name)
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...controlProps(form, name, required, hint)}
          type="checkbox"
          checked={form.checked(name)}
          onChange={(event) => form.setValue(name, event.target.checked)}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-stone-800">
          {label}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      <div className="pl-8">
        <FieldMessages form={form} name={name} hint={hint} />
      </div>
    </div>
  )
}

/** A new password and its repeat (registration, password change, reset), with the length rule. */
export function NewPasswordFields({ form, label }: { form: AccountForm; label: string }) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        form={form}
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        required
        hint={t('validation.minLength', { value: MIN_PASSWORD_LENGTH })}
      />
      <TextField
        form={form}
        name="passwordRepeat"
        type="password"
        label={t('customer.passwordRepeat')}
        autoComplete="new-password"
        required
      />
    </>
  )
}

/**
 * The general form error and what is wrong (seed section 5), focused when a submission is
 * refused; each entry links to its field.
 */
export function ErrorSummary({ form }: { form: AccountForm }) {
  const { t } = useTranslation()
  const problem = form.problem
  return (
    <div
      id={form.summaryId}
      tabIndex={-1}
      role={problem ? 'alert' : undefined}
      className={
        problem ? 'rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900' : 'hidden'
      }
    >
      {problem ? (
        <>
          <p className="font-semibold">{problem.message}</p>
          {problem.errors.length > 0 ? (
            <>
              <p className="mt-2">
                {t('validation.formNotSubmitted')} {t('validation.errorListIntro')}
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {problem.errors.map((error) => {
                  const label = form.labels.get(error.path)?.replace(/:\s*$/, '')
                  const text = label ? `${label}: ${error.message}` : error.message
                  return (
                    <li key={`${error.path}:${error.message}`}>
                      {label ? (
                        <a href={`#${form.fieldId(error.path)}`} className="underline">
                          {text}
                        </a>
                      ) : (
                        text
                      )}
                    </li>
                  )
                })}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  )
}

export function RequiredNote() {
  const { t } = useTranslation()
  return (
    <p className="text-sm text-stone-600">
      <span aria-hidden="true" className="text-red-700">
        *{' '}
      </span>
      {t('validation.requiredFieldsNote')}
    </p>
  )
}

export const BUTTON =
  'inline-flex h-11 items-center justify-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60'
export const SECONDARY_BUTTON =
  'inline-flex h-11 items-center justify-center rounded-full border border-stone-300 bg-white px-5 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60'

export function SubmitButton({ form, children }: { form: AccountForm; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <button
      type="submit"
      className={BUTTON}
      disabled={!hydrated || form.submitting}
      aria-busy={form.submitting}
    >
      {children}
    </button>
  )
}

/** A group of fields with a visible legend (an address, the company). */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-stone-200 p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-stone-900">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  )
}
