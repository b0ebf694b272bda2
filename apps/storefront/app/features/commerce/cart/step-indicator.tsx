import { Link } from 'react-router'
import { CHECKOUT_STEPS, type CheckoutStep } from '@optika/domain/commerce/checkout-vocabulary'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { STEP_ROUTE } from './step-routes.ts'

/**
 * Where the buyer is in the checkout: cart → shipping and payment → final check → finished. Steps
 * the buyer may open are links; the current one is marked with aria-current.
 */
export function StepIndicator({
  current,
  reachable,
}: {
  current: CheckoutStep
  reachable: CheckoutStep
}) {
  const { t, locale } = useTranslation()
  const currentIndex = CHECKOUT_STEPS.indexOf(current)
  const reachableIndex = current === 'finished' ? -1 : CHECKOUT_STEPS.indexOf(reachable)
  return (
    <nav aria-label={t('cartPage.steps.label')} className="mb-8">
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {CHECKOUT_STEPS.map((step, index) => {
          const label = t(`checkout.step.${step}`)
          const isCurrent = step === current
          const done = index < currentIndex
          const route = step === 'finished' ? null : STEP_ROUTE[step]
          const content = (
            <>
              <span
                aria-hidden="true"
                className={`grid size-7 place-items-center rounded-full text-xs font-semibold ${
                  isCurrent
                    ? 'bg-brand-700 text-white'
                    : done
                      ? 'bg-brand-100 text-brand-800'
                      : 'bg-stone-100 text-stone-600'
                }`}
              >
                {index + 1}
              </span>
              <span>{label}</span>
            </>
          )
          const className = `flex items-center gap-2 rounded-full px-2 py-1 ${
            isCurrent ? 'font-semibold text-stone-900' : 'text-stone-600'
          }`
          return (
            <li key={step} className="flex items-center gap-2">
              {route && !isCurrent && index <= reachableIndex ? (
                <Link
                  to={generateUrl(route, { locale })}
                  className={`${className} underline-offset-2 hover:underline`}
                >
                  {content}
                </Link>
              ) : (
                <span className={className} aria-current={isCurrent ? 'step' : undefined}>
                  {content}
                </span>
              )}
              {index < CHECKOUT_STEPS.length - 1 ? (
                <span aria-hidden="true" className="text-stone-400">
                  ›
                </span>
              ) : null}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
