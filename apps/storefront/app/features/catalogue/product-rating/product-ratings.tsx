import { useId, useState } from 'react'
import type { Rating, RatingSummary } from '@optika/domain/catalogue/rating-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from '../../accounts/account/api-client.ts'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { RatingForm } from './rating-form.tsx'
import { barPercent, formatAverage, formatRatingDate, STARS } from './rating-format.ts'
import { Stars } from './stars.tsx'

/**
 * The product page's ratings (issue 6): average, count and distribution of the visible ratings,
 * the list newest first, the signed-in customer's form (prefilled when they rated before), a
 * login link for anonymous visitors and Hide/Show for moderators. Every change answers the new
 * summary, which replaces the shown one. `returnTo` is this page's path for the login link.
 */
export function ProductRatings({
  summary: initial,
  returnTo,
}: {
  readonly summary: RatingSummary
  readonly returnTo?: string
}) {
  const { t, locale } = useTranslation()
  const [state, setState] = useState({ initial, summary: initial })
  // A new product (client-side navigation) brings a new summary from the loader.
  const summary = state.initial === initial ? state.summary : initial
  const setSummary = (next: RatingSummary) => setState({ initial, summary: next })
  const starsOf = (value: number | string) => t('ratings.starsOf', { value })

  return (
    <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <div className="space-y-6">
        <Overview summary={summary} />
        {summary.canRate ? null : (
          <p className="text-sm text-stone-700">
            {t('ratings.loginPrompt')}{' '}
            <a
              href={generateUrl('login', { locale, returnTo })}
              className="font-medium text-brand-700 underline"
            >
              {t('auth.logIn')}
            </a>
          </p>
        )}
      </div>
      <div className="space-y-6">
        {summary.canRate ? (
          <RatingForm
            key={summary.productId}
            productId={summary.productId}
            mine={summary.mine}
            onSaved={setSummary}
          />
        ) : null}
        {summary.ratings.length === 0 ? (
          <p className="text-stone-700">{t('ratings.none')}</p>
        ) : (
          <ul className="divide-y divide-stone-200" aria-label={t('ratings.title')}>
            {summary.ratings.map((rating) => (
              <RatingItem
                key={rating.id}
                rating={rating}
                productId={summary.productId}
                canModerate={summary.canModerate}
                starsOf={starsOf}
                onChanged={setSummary}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function Overview({ summary }: { summary: RatingSummary }) {
  const { t, locale } = useTranslation()
  const id = useId()
  if (summary.count === 0 || summary.average === null) return null
  const average = formatAverage(summary.average, locale)
  return (
    <div>
      <p className="flex items-center gap-3">
        <span aria-hidden="true" className="text-4xl font-semibold text-stone-900">
          {average}
        </span>
        <Stars
          value={summary.average}
          label={t('ratings.average', { value: average })}
          size="h-6 w-6"
        />
      </p>
      <p className="mt-1 text-sm text-stone-700">{t('ratings.count', { count: summary.count })}</p>
      <h3 id={id} className="sr-only">
        {t('ratings.distribution')}
      </h3>
      <ul aria-labelledby={id} className="mt-3 space-y-1">
        {[...STARS].reverse().map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0
          return (
            <li key={stars} className="flex items-center gap-2 text-sm text-stone-700">
              <span className="sr-only">
                {t('ratings.starsOf', { value: stars })}: {count}
              </span>
              <span aria-hidden="true" className="w-6 tabular-nums">
                {stars}★
              </span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded bg-stone-200">
                <span
                  className="block h-full bg-amber-500"
                  style={{ width: `${barPercent(count, summary.count)}%` }}
                />
              </span>
              <span aria-hidden="true" className="w-8 text-right tabular-nums">
                {count}
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function RatingItem({
  rating,
  productId,
  canModerate,
  starsOf,
  onChanged,
}: {
  rating: Rating
  productId: number
  canModerate: boolean
  starsOf: (value: number) => string
  onChanged: (summary: RatingSummary) => void
}) {
  const { t, locale } = useTranslation()
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const author = rating.author || t('ratings.anonymousAuthor')

  async function moderate() {
    setBusy(true)
    const action = rating.hidden ? 'show' : 'hide'
    const result = await callApi<RatingSummary>(
      'POST',
      `/api/product/${productId}/ratings/${rating.id}/${action}`,
    )
    setBusy(false)
    if (result.ok) {
      setError(null)
      onChanged(result.data)
    } else {
      setError(result.message || t('ratings.failed'))
    }
  }

  return (
    <li className={`py-4 ${rating.hidden ? 'opacity-70' : ''}`}>
      <article aria-label={`${author}: ${starsOf(rating.overall)}`}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars value={rating.overall} label={starsOf(rating.overall)} />
          <span className="font-medium text-stone-900">{author}</span>
          <time dateTime={rating.date} className="text-sm text-stone-600">
            {formatRatingDate(rating.date, locale)}
          </time>
          {rating.mine ? (
            <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
              {t('ratings.mine')}
            </span>
          ) : null}
          {rating.hidden ? (
            <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-800">
              {t('ratings.hidden')}
            </span>
          ) : null}
        </div>
        {rating.verbal ? (
          <p className="mt-2 whitespace-pre-line text-stone-800">{rating.verbal}</p>
        ) : null}
        {rating.pros || rating.cons ? (
          <dl className="mt-2 space-y-1 text-sm">
            {(
              [
                ['rating.pros', rating.pros, '+', 'text-emerald-800'],
                ['rating.cons', rating.cons, '−', 'text-red-800'],
              ] as const
            ).map(([key, text, mark, colour]) =>
              text ? (
                <div key={key} className="flex gap-2">
                  <dt className={`font-medium ${colour}`}>
                    <span aria-hidden="true">{mark} </span>
                    {t(key)}:
                  </dt>
                  <dd className="whitespace-pre-line text-stone-800">{text}</dd>
                </div>
              ) : null,
            )}
          </dl>
        ) : null}
        {canModerate ? (
          <div className="mt-2">
            <button
              type="button"
              disabled={!hydrated || busy}
              onClick={() => void moderate()}
              className="rounded-lg border border-stone-300 px-3 py-1 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60"
            >
              {rating.hidden ? t('ratings.show') : t('ratings.hide')}
            </button>
            {error ? (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  )
}
