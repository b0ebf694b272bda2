import { useEffect, useState, type ReactNode } from 'react'
import { Form, Link, redirect, useActionData, useNavigation, useSubmit } from 'react-router'
import type { CheckoutState } from '@optika/domain/commerce/checkout-api'
import { COUNTRIES, type Country } from '@optika/domain/commerce/countries'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/shipping-payment'
import { getStorefront } from '../../get-storefront.server.ts'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { requireLocale } from '../../route-params.ts'
import { phoneHint } from '../../features/accounts/account/phone-hint.ts'
import { useHydrated } from '../../features/accounts/account/use-hydrated.ts'
import {
  actionFailure,
  formValues,
  unknownForm,
  formText,
} from '../../features/commerce/cart/action-result.server.ts'
import { announceCart } from '../../features/commerce/cart/cart-events.ts'
import { CartTotals, cartMoney } from '../../features/commerce/cart/cart-totals.tsx'
import {
  CheckoutLayout,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../features/commerce/cart/checkout-layout.tsx'
import {
  controlAttributes,
  ErrorSummary,
  errorIdOf,
  FieldMessages,
  fieldId,
  InputField,
  RequiredMark,
  SelectInput,
  type FormErrors,
} from '../../features/commerce/cart/checkout-fields.tsx'
import { checkoutPageData } from '../../features/commerce/cart/checkout-page.server.ts'
import { CartMessages, CartNotice } from '../../features/commerce/cart/notices.tsx'
import { shippingPaymentInput } from '../../features/commerce/cart/shipping-payment-input.ts'

export function loader({ params, context }: Route.LoaderArgs) {
  return checkoutPageData(context, params.locale, 'shippingPayment', 'page.shippingPayment')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export function shouldRevalidate() {
  return true
}

/**
 * 'country': the delivery country changed (re-prices, may drop the shipping method); 'save': the
 * step is complete, on to the final check. Refused input comes back with what was entered.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = requireLocale(params.locale)
  const storefront = getStorefront(context)
  const form = await request.formData()
  const intent = formText(form, 'intent')
  const values = formValues(form)
  try {
    if (intent === 'country') {
      const state = await storefront.checkout.setCountry(formText(form, 'country') as Country)
      const notices = state.cart.messages
        .filter((message) => message.key === 'cart.shippingMethodChanged')
        .map((message) => message.text)
      // A method chosen on the page but not saved yet is dropped just the same.
      const chosen = Number(formText(form, 'shippingMethodId'))
      const offered = state.shippingOptions.some((option) => option.id === chosen)
      if (chosen > 0 && !offered && notices.length === 0) {
        notices.push(storefront.translator.t(locale, 'cart.shippingMethodChanged'))
      }
      const kept = offered ? values : { ...values, shippingMethodId: '' }
      return { ok: true as const, intent, values: kept, notices }
    }
    if (intent === 'save') {
      await storefront.checkout.saveShippingPayment(shippingPaymentInput(form))
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
      throw redirect(generateUrl('cartConfirm', { locale }))
    }
    return unknownForm(storefront, locale)
  } catch (error) {
    if (error instanceof Response) throw error
    return actionFailure(error, storefront, locale, { intent, values })
  }
}

/** The form's starting values: what was just sent, else what the checkout holds. */
function initialValues(state: CheckoutState): Record<string, string> {
  const { data } = state
  const values: Record<string, string> = {
    country: data.country,
    shippingMethodId: data.shippingMethodId === null ? '' : String(data.shippingMethodId),
    paymentMethodId: data.paymentMethodId === null ? '' : String(data.paymentMethodId),
    'contact.email': data.contact.email ?? '',
    'contact.phone': data.contact.phone ?? '',
    'contact.name': data.contact.name ?? '',
    deliveryDiffers: data.deliveryDiffers ? 'on' : '',
  }
  for (const [prefix, address] of [
    ['billing', data.billing],
    ['delivery', data.delivery ?? {}],
  ] as const) {
    for (const [field, value] of Object.entries(address)) {
      if (typeof value === 'string') values[`${prefix}.${field}`] = value
    }
  }
  return values
}

export default function ShippingPayment({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { state, buyer } = loaderData
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const busy = navigation.state !== 'idle'
  useEffect(() => announceCart(state.cart), [state.cart])

  const failure = actionData && !actionData.ok ? actionData : null
  const notices = actionData?.ok ? actionData.notices : []
  const sent = actionData?.values
  // An unticked checkbox is not sent: what was sent replaces the stored values entirely.
  const values = sent
    ? { ...initialValues(state), deliveryDiffers: '', ...sent }
    : initialValues(state)
  // A sent country the server did not take keeps the checkout's own.
  const country = state.data.country
  const value = (name: string) => values[name] ?? ''
  const form: FormErrors = { formId: 'checkout', errors: failure?.errors ?? [] }
  const [differs, setDiffers] = useState(value('deliveryDiffers') === 'on')
  const regions = state.countries.find((entry) => entry.code === country)?.regions ?? []
  const loginUrl = generateUrl('login', {
    locale,
    returnTo: generateUrl('cartShippingPayment', { locale }),
  })
  const cartLoginUrl = generateUrl('login', { locale, returnTo: generateUrl('cart', { locale }) })

  // In the form's order: the error summary lists the refused fields in it.
  const labels: Record<string, string> = {
    country: t('cartPage.deliveryCountry'),
    shippingMethodId: t('cartPage.shippingMethod'),
    paymentMethodId: t('cartPage.paymentMethod'),
    'contact.name': t('customer.fullName'),
    'contact.email': t('customer.email'),
    'contact.phone': t('customer.phone'),
    'billing.company': t('customer.company'),
    'billing.street': t('customer.street'),
    'billing.city': t('customer.city'),
    'billing.postcode': t('customer.postcode'),
    'billing.region': t('customer.region'),
    'delivery.name': t('customer.fullName'),
    'delivery.company': t('customer.company'),
    'delivery.street': t('customer.street'),
    'delivery.city': t('customer.city'),
    'delivery.postcode': t('customer.postcode'),
    'delivery.region': t('customer.region'),
  }

  const changeCountry = (select: HTMLSelectElement) => {
    if (!select.form) return
    const data = new FormData(select.form)
    data.set('intent', 'country')
    void submit(data, { method: 'post', preventScrollReset: true })
  }

  const address = (prefix: 'billing' | 'delivery') => {
    const section = prefix === 'billing' ? 'billing' : 'shipping'
    return (
      <>
        {prefix === 'delivery' ? (
          <InputField
            form={form}
            name="delivery.name"
            label={labels['delivery.name'] ?? ''}
            defaultValue={value('delivery.name')}
            autoComplete="shipping name"
          />
        ) : null}
        <InputField
          form={form}
          name={`${prefix}.company`}
          label={t('customer.company')}
          defaultValue={value(`${prefix}.company`)}
          autoComplete={`${section} organization`}
        />
        <InputField
          form={form}
          name={`${prefix}.street`}
          label={t('customer.street')}
          defaultValue={value(`${prefix}.street`)}
          autoComplete={`${section} street-address`}
          required
        />
        <InputField
          form={form}
          name={`${prefix}.city`}
          label={t('customer.city')}
          defaultValue={value(`${prefix}.city`)}
          autoComplete={`${section} address-level2`}
          required
        />
        <InputField
          form={form}
          name={`${prefix}.postcode`}
          label={t('customer.postcode')}
          defaultValue={value(`${prefix}.postcode`)}
          autoComplete={`${section} postal-code`}
          required
        />
        {regions.length > 0 ? (
          <SelectInput
            key={`${prefix}-region-${country}`}
            form={form}
            name={`${prefix}.region`}
            label={t('customer.region')}
            defaultValue={value(`${prefix}.region`)}
            options={[
              ['', t('cartPage.chooseRegion')],
              ...regions.map((region) => [region.code, region.name] as const),
            ]}
            autoComplete={`${section} address-level1`}
          />
        ) : (
          <InputField
            form={form}
            name={`${prefix}.region`}
            label={t('customer.region')}
            defaultValue={value(`${prefix}.region`)}
            autoComplete={`${section} address-level1`}
          />
        )}
      </>
    )
  }

  return (
    <CheckoutLayout
      title={t('page.shippingPayment')}
      step="shippingPayment"
      reachable={state.reachableStep}
    >
      <CartMessages cart={state.cart} />
      {notices.length > 0 ? (
        <div className="mb-6 space-y-2" data-testid="country-notices">
          {notices.map((text) => (
            <CartNotice key={text} tone="problem">
              {text}
            </CartNotice>
          ))}
        </div>
      ) : null}
      {!buyer.signedIn ? (
        <div className="mb-8 rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm">
          <p className="font-semibold text-stone-900">{t('checkout.guestPurchase')}</p>
          <p className="mt-1 text-stone-700">
            {t('cartPage.guestNote')}{' '}
            <Link to={loginUrl} className="font-medium text-brand-700 underline">
              {t('auth.logIn')}
            </Link>
          </p>
          <p className="mt-1 text-stone-700" data-testid="guest-prices">
            {t('checkoutMobile.guestPrices')}{' '}
            <Link to={cartLoginUrl} className="font-medium text-brand-700 underline">
              {t('checkoutMobile.guestPricesLogIn')}
            </Link>
          </p>
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form
          method="post"
          noValidate
          preventScrollReset
          className="min-w-0 space-y-8"
          data-testid="shipping-payment-form"
        >
          <ErrorSummary
            form={form}
            message={failure?.message ?? null}
            labels={labels}
            attempt={failure}
          />
          <p className="text-sm text-stone-600">
            <span aria-hidden="true" className="text-red-700">
              *{' '}
            </span>
            {t('validation.requiredFieldsNote')}
          </p>
          <SelectInput
            form={form}
            name="country"
            label={labels.country ?? ''}
            defaultValue={country}
            required
            autoComplete="country"
            options={COUNTRIES.map((code) => [code, t(`country.${code}`)] as const)}
            onChange={changeCountry}
            after={
              hydrated ? null : (
                <button type="submit" name="intent" value="country" className={SECONDARY_BUTTON}>
                  {t('cartPage.updateCountry')}
                </button>
              )
            }
          />

          <MethodChoice
            form={form}
            name="shippingMethodId"
            legend={labels.shippingMethodId ?? ''}
            intro={t('shipping.forwardingFromGermany')}
            testId="shipping-methods"
          >
            {state.shippingOptions.map((option) => (
              <MethodOption
                key={`${country}-${option.id}`}
                name="shippingMethodId"
                id={option.id}
                checked={value('shippingMethodId') === String(option.id)}
              >
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium text-stone-900">{option.name}</span>
                  <span className="tabular-nums">
                    {option.price === null
                      ? '—'
                      : option.price.gross === 0
                        ? t('cartPage.free')
                        : cartMoney(option.price.gross, state.cart, locale)}
                  </span>
                </span>
                {option.description ? (
                  <span className="block text-stone-600">{option.description}</span>
                ) : null}
                <span className="block text-stone-600">
                  {t('cartPage.deliveryDays', {
                    min: option.deliveryDays.min,
                    max: option.deliveryDays.max,
                  })}
                </span>
                {option.zipBased ? (
                  // Said once the method is chosen (shown by the style, so also without scripts).
                  <span
                    className="hidden text-amber-800 group-has-[:checked]:block"
                    data-testid="zip-dependent"
                  >
                    {t('cart.shippingZipDependent')}
                  </span>
                ) : null}
              </MethodOption>
            ))}
          </MethodChoice>

          <MethodChoice
            form={form}
            name="paymentMethodId"
            legend={labels.paymentMethodId ?? ''}
            testId="payment-methods"
          >
            {state.paymentOptions.map((option) => (
              <MethodOption
                key={`${country}-${option.id}`}
                name="paymentMethodId"
                id={option.id}
                checked={value('paymentMethodId') === String(option.id)}
              >
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium text-stone-900">{option.name}</span>
                  {option.fee && option.fee.gross !== 0 ? (
                    <span className="tabular-nums">
                      {/* The seed states the cash-on-delivery fee without VAT. */}
                      {option.kind === 'cashOnDelivery'
                        ? t('cartPage.withoutVat', {
                            amount: cartMoney(option.fee.net, state.cart, locale),
                          })
                        : cartMoney(option.fee.gross, state.cart, locale)}
                    </span>
                  ) : null}
                </span>
                {option.description ? (
                  <span className="block text-stone-600">{option.description}</span>
                ) : null}
                {option.kind === 'cashOnDelivery' ? (
                  <span className="block text-stone-600">{t('payment.cashOnDeliveryNote')}</span>
                ) : null}
                {option.kind === 'invoice' ? (
                  <span className="block text-stone-600">{t('payment.invoice')}</span>
                ) : null}
              </MethodOption>
            ))}
          </MethodChoice>

          <fieldset className="rounded-xl border border-stone-200 p-4 sm:p-6">
            <legend className="px-1 text-base font-semibold text-stone-900">
              {t('cartPage.contact')}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField
                form={form}
                name="contact.name"
                label={labels['contact.name'] ?? ''}
                defaultValue={value('contact.name')}
                autoComplete="name"
                required
              />
              <InputField
                form={form}
                name="contact.email"
                type="email"
                label={labels['contact.email'] ?? ''}
                defaultValue={value('contact.email')}
                autoComplete="email"
                required
              />
              <InputField
                form={form}
                name="contact.phone"
                type="tel"
                label={labels['contact.phone'] ?? ''}
                defaultValue={value('contact.phone')}
                autoComplete="tel"
                hint={phoneHint(country, t)}
                required
              />
            </div>
          </fieldset>

          <fieldset className="rounded-xl border border-stone-200 p-4 sm:p-6">
            <legend className="px-1 text-base font-semibold text-stone-900">
              {t('customer.billingAddress')}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">{address('billing')}</div>
          </fieldset>

          <div className="flex items-start gap-3">
            <input
              {...controlAttributes(form, 'deliveryDiffers', false)}
              type="checkbox"
              defaultChecked={differs}
              onChange={(event) => setDiffers(event.currentTarget.checked)}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <label htmlFor={fieldId(form, 'deliveryDiffers')} className="text-sm text-stone-800">
              {t('customer.differentShippingAddress')}
            </label>
          </div>

          <fieldset
            className="rounded-xl border border-stone-200 p-4 sm:p-6"
            hidden={hydrated && !differs}
            data-testid="delivery-address"
          >
            <legend className="px-1 text-base font-semibold text-stone-900">
              {t('customer.deliveryAddress')}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">{address('delivery')}</div>
          </fieldset>

          <div className="flex flex-wrap items-center justify-between gap-4">
            <Link to={generateUrl('cart', { locale })} className={SECONDARY_BUTTON}>
              {t('cartPage.back')}
            </Link>
            <button
              type="submit"
              name="intent"
              value="save"
              className={PRIMARY_BUTTON}
              disabled={busy}
            >
              {t('cartPage.continue')}
            </button>
          </div>
        </Form>
        <aside aria-label={t('cartPage.summary')} className="space-y-4">
          <CartTotals cart={state.cart} />
        </aside>
      </div>
    </CheckoutLayout>
  )
}

/** One group of method radios (shipping or payment): required, with its error under the list. */
function MethodChoice({
  form,
  name,
  legend,
  intro,
  testId,
  children,
}: {
  form: FormErrors
  name: string
  legend: string
  intro?: string
  testId: string
  children: ReactNode
}) {
  return (
    // The id is where the error summary's link for this field lands.
    <fieldset
      id={fieldId(form, name)}
      tabIndex={-1}
      className="rounded-xl border border-stone-200 p-4 sm:p-6"
      aria-describedby={errorIdOf(form, name)}
      data-testid={testId}
    >
      <legend className="px-1 text-base font-semibold text-stone-900">
        {legend}
        <RequiredMark />
      </legend>
      {intro ? <p className="mb-3 text-sm text-stone-600">{intro}</p> : null}
      <ul className="space-y-3">{children}</ul>
      <FieldMessages form={form} name={name} />
    </fieldset>
  )
}

/** A method's radio with everything said about it as its label. */
function MethodOption({
  name,
  id,
  checked,
  children,
}: {
  name: string
  id: number
  checked: boolean
  children: ReactNode
}) {
  return (
    <li>
      <label className="group flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
        <input
          type="radio"
          name={name}
          value={id}
          defaultChecked={checked}
          className="mt-1 size-4 accent-brand-700"
        />
        <span className="flex-1 text-sm">{children}</span>
      </label>
    </li>
  )
}
