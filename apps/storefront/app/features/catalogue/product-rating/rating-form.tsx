import { useId, useState, type FormEvent } from 'react'
import type { Rating, RatingSummary } from '@optika/domain/catalogue/rating-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi, type FieldError } from '../../accounts/account/api-client.ts'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { StarInput } from './stars.tsx'

const INPUT =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-600 aria-invalid:border-red-700'
const LABEL = 'block text-sm font-medium text-stone-800'

interface Draft {
  overall: number
  verbal: string
  pros: string
  cons: string
}

function draftOf(mine: Rating | null): Draft {
  return mine
    ? { overall: mine.overall, verbal: mine.verbal, pros: mine.pros, cons: mine.cons }
    : { overall: 0, verbal: '', pros: '', cons: '' }
}

/**
 * The signed-in customer's rating: overall stars (required), a written review, pros and cons.
 * Prefilled with their earlier rating, which a submit changes. The missing-stars message is the
 * server's own ('Please rate the product.'), so the form says the same with or without a round trip.
 */
export function RatingForm({
  productId,
  mine,
  onSaved,
}: {
  readonly productId: number
  readonly mine: Rating | null
  readonly onSaved: (summary: RatingSummary) => void
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const id = useId()
  const [draft, setDraft] = useState<Draft>(() => draftOf(mine))
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<readonly FieldError[]>([])
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  const errorId = `${id}-error`
  const fieldError = (name: string) => fieldErrors.find((e) => e.path === name)?.message
  const starsInvalid = fieldError('overall') !== undefined

  function change<K extends keyof Draft>(name: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [name]: value }))
    setSaved(false)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (draft.overall < 1) {
      setError(t('validation.ratingRequired'))
      setFieldErrors([{ path: 'overall', message: t('validation.overallRatingRequired') }])
      setSaved(false)
      return
    }
    setBusy(true)
    const result = await callApi<RatingSummary>('PUT', `/api/product/${productId}/rating`, draft)
    setBusy(false)
    if (result.ok) {
      setError(null)
      setFieldErrors([])
      setSaved(true)
      onSaved(result.data)
      return
    }
    setSaved(false)
    setError(result.message || t('ratings.failed'))
    setFieldErrors(result.errors)
  }

  const textField = (name: 'verbal' | 'pros' | 'cons', label: string, rows: number) => {
    const message = fieldError(name)
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className={LABEL}>
          {label}
        </label>
        <textarea
          id={`${id}-${name}`}
          name={name}
          rows={rows}
          maxLength={name === 'verbal' ? 2000 : 1000}
          value={draft[name]}
          onChange={(e) => change(name, e.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-${name}-error` : undefined}
          className={INPUT}
        />
        {message ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
            {message}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-stone-200 bg-stone-50 p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {mine ? t('ratings.changeTitle') : t('ratings.formTitle')}
      </h3>
      {mine ? <p className="text-sm text-stone-700">{t('rating.alreadyRated')}</p> : null}
      {mine?.hidden ? <p className="text-sm text-stone-700">{t('ratings.hidden')}</p> : null}

      <fieldset>
        <legend className={LABEL}>
          {t('rating.overall')}
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </legend>
        <StarInput
          name="overall"
          value={draft.overall}
          onChange={(stars) => change('overall', stars)}
          labelOf={(stars) => t('ratings.starsOf', { value: stars })}
          invalid={starsInvalid}
          describedBy={starsInvalid ? `${errorId} ${id}-overall-error` : undefined}
        />
        {starsInvalid ? (
          <p id={`${id}-overall-error`} className="mt-1 text-sm font-medium text-red-700">
            {fieldError('overall')}
          </p>
        ) : null}
      </fieldset>
      {textField('verbal', t('rating.verbal'), 4)}
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('pros', t('rating.pros'), 3)}
        {textField('cons', t('rating.cons'), 3)}
      </div>

      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p role="status" className="text-sm text-brand-800">
        {saved ? t('ratings.saved') : ''}
      </p>
      <button
        type="submit"
        disabled={!hydrated || busy}
        className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {mine ? t('ratings.submitChange') : t('ratings.submit')}
      </button>
    </form>
  )
}
