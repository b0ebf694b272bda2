import { useEffect, type ReactNode } from 'react'
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import type { PlaceOrderInput } from '@optika/domain/commerce/checkout-api'
import { SPARE_PARTS_CHOICES } from '@optika/domain/commerce/checkout-vocabulary'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/confirm'
import { getStorefront } from '../../get-storefront.server.ts'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { requireLocale } from '../../route-params.ts'
import {
  actionFailure,
  formValues,
  formText,
} from '../../features/commerce/cart/action-result.server.ts'
import { announceCart } from '../../features/commerce/cart/cart-events.ts'
import { CartTotals } from '../../features/commerce/cart/cart-totals.tsx'
import {
  CheckoutLayout,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../features/commerce/cart/checkout-layout.tsx'
import {
  controlAttributes,
  ErrorSummary,
  errorIdOf,
  FieldLabel,
  FieldMessages,
  fieldId,
  RequiredMark,
  type FormErrors,
} from '../../features/commerce/cart/checkout-fields.tsx'
import { checkoutPageData } from '../../features/commerce/cart/checkout-page.server.ts'
import { CartMessages, CartNotice, GuestPricesNote } from '../../features/commerce/cart/notices.tsx'
import { SummaryDetails, SummaryItems } from '../../features/commerce/cart/order-summary.tsx'

/**
 * The final check. Each render carries a new idempotency key: submitting the same form twice
 * (a double click, a resent request) places one order.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const data = await checkoutPageData(context, params.locale, 'finalCheck', 'page.finalCheck')
  return { ...data, idempotencyKey: crypto.randomUUID() }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export function shouldRevalidate() {
  return true
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = requireLocale(params.locale)
  const storefront = getStorefront(context)
  const form = await request.formData()
  const choice = form.get('sparePartsChoice')
  const input: PlaceOrderInput = {
    agreeTerms: (form.get('agreeTerms') === 'on') as true,
    agreeDataProcessing: (form.get('agreeDataProcessing') === 'on') as true,
    comment: formText(form, 'comment'),
    ...(typeof choice === 'string' && choice !== ''
      ? { sparePartsChoice: choice as PlaceOrderInput['sparePartsChoice'] }
      : {}),
    expectedTotal: Number(form.get('expectedTotal')),
  }
  try {
    const placed = await storefront.checkout.placeOrder(input, formText(form, 'idempotencyKey'))
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
    throw redirect(placed.finishedUrl)
  } catch (error) {
    if (error instanceof Response) throw error
    return actionFailure(error, storefront, locale, { values: formValues(form) })
  }
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { state, idempotencyKey } = loaderData
  const { cart } = state
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  useEffect(() => announceCart(cart), [cart])

  const failure = actionData && !actionData.ok ? actionData : null
  const priceChanged = failure?.code === 'PRICE_CHANGED'
  const form: FormErrors = { formId: 'confirm', errors: failure?.errors ?? [] }
  const sent = failure?.values ?? {}
  // In the form's order: the error summary lists the refused fields in it.
  const labels: Record<string, string> = {
    sparePartsChoice: t('cartPage.spareParts'),
    comment: t('order.comment'),
    agreeTerms: t('checkout.agreeTerms'),
    agreeDataProcessing: t('checkout.agreeDataProcessing'),
  }

  const consent = (name: 'agreeTerms' | 'agreeDataProcessing', label: ReactNode) => (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...controlAttributes(form, name, true)}
          type="checkbox"
          defaultChecked={sent[name] === 'on'}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={fieldId(form, name)} className="text-sm text-stone-800">
          {label}
          <RequiredMark />
        </label>
      </div>
      <div className="pl-8">
        <FieldMessages form={form} name={name} />
      </div>
    </div>
  )

  return (
    <CheckoutLayout title={t('page.finalCheck')} step="finalCheck" reachable={state.reachableStep}>
      <CartMessages cart={cart} />
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-8">
          <SummaryItems cart={cart} />
          <SummaryDetails state={state} />
          <Link
            to={generateUrl('cartShippingPayment', { locale })}
            className="inline-block text-sm font-medium text-brand-700 underline"
          >
            {t('cartPage.changeShippingPayment')}
          </Link>
        </div>
        <aside aria-label={t('cartPage.summary')} className="min-w-0 space-y-6">
          {loaderData.buyer.signedIn ? null : <GuestPricesNote />}
          <CartTotals cart={cart} />
          <Form
            method="post"
            noValidate
            preventScrollReset
            className="space-y-5"
            data-testid="confirm-form"
          >
            {priceChanged ? (
              <CartNotice tone="problem" testId="price-changed">
                {failure.message} {t('cartPage.priceChanged')}
              </CartNotice>
            ) : (
              <ErrorSummary
                form={form}
                message={failure?.message ?? null}
                labels={labels}
                attempt={failure}
              />
            )}
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <input type="hidden" name="expectedTotal" value={cart.totals.total?.gross ?? 0} />
            {state.sparePartsChoiceNeeded ? (
              <fieldset
                id={fieldId(form, 'sparePartsChoice')}
                tabIndex={-1}
                className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm"
                aria-describedby={errorIdOf(form, 'sparePartsChoice')}
              >
                <legend className="px-1 font-semibold text-stone-900">
                  {labels.sparePartsChoice}
                </legend>
                <p className="mb-3 text-stone-700">{t('shipping.sparePartsRule')}</p>
                <p className="mb-3 text-stone-700">
                  {t('cartPage.sparePartsCoverage', {
                    percent: cart.sparePartsCoveragePercent ?? 0,
                  })}
                </p>
                {SPARE_PARTS_CHOICES.map((choice) => (
                  <label key={choice} className="mt-2 flex items-center gap-2">
                    <input
                      type="radio"
                      name="sparePartsChoice"
                      value={choice}
                      defaultChecked={sent.sparePartsChoice === choice}
                      className="size-4 accent-brand-700"
                    />
                    {t(`cartPage.sparePartsChoice.${choice}`)}
                  </label>
                ))}
                <FieldMessages form={form} name="sparePartsChoice" />
              </fieldset>
            ) : null}
            <div>
              <FieldLabel form={form} name="comment" label={labels.comment ?? ''} />
              <textarea
                {...controlAttributes(form, 'comment', false)}
                rows={3}
                maxLength={2000}
                defaultValue={sent.comment ?? ''}
                className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base aria-invalid:border-red-700"
              />
              <FieldMessages form={form} name="comment" />
            </div>
            {consent(
              'agreeTerms',
              <>
                {t('checkout.agreeTerms')} (
                <Link to={generateUrl('terms', { locale })} className="underline" target="_blank">
                  {t('cartPage.readTerms')}
                </Link>
                )
              </>,
            )}
            {consent(
              'agreeDataProcessing',
              <>
                {t('checkout.agreeDataProcessing')} (
                <Link to={generateUrl('privacy', { locale })} className="underline" target="_blank">
                  {t('cartPage.readPrivacy')}
                </Link>
                )
              </>,
            )}
            <button
              type="submit"
              className={`${PRIMARY_BUTTON} w-full`}
              disabled={busy}
              aria-busy={busy}
            >
              {t('cartPage.placeOrder')}
            </button>
            <Link
              to={generateUrl('cartShippingPayment', { locale })}
              className={`${SECONDARY_BUTTON} w-full`}
            >
              {t('cartPage.back')}
            </Link>
          </Form>
        </aside>
      </div>
    </CheckoutLayout>
  )
}
