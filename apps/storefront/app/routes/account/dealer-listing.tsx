import { Form, useActionData, useNavigation } from 'react-router'
import {
  DEALER_DAYS,
  DEALER_SERVICES,
  type DealerDay,
  type PartnerDealerListing,
} from '@optika/domain/community/dealer-api'
import { COUNTRIES } from '@optika/domain/commerce/countries'
import type { Route } from './+types/dealer-listing'
import { getStorefront } from '../../get-storefront.server.ts'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { requireLocale } from '../../route-params.ts'
import { restrictedPageData } from '../../features/accounts/account/account-page-data.server.ts'
import {
  AccountLayout,
  Notice,
  PartnerOnlyNotice,
} from '../../features/accounts/account/account-layout.tsx'
import { actionFailure, formText } from '../../features/commerce/cart/action-result.server.ts'
import type { ActionFailure } from '../../features/commerce/cart/action-types.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = restrictedPageData(
    request,
    context,
    params.locale,
    'partnerDealerListing',
    'dealer.listing.title',
  )
  const { dealers, viewer } = getStorefront(context)
  if (!page.viewer.approvedPartner || viewer.customerId === null) {
    return { ...page, listing: null, brands: [] }
  }
  const [listing, brands] = await Promise.all([
    dealers.partnerListing(viewer.customerId),
    dealers.brandChoices(),
  ])
  return { ...page, listing, brands }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** The form's fields as the API's input: empty GPS means "place me by postcode and town". */
function listingInput(form: FormData): unknown {
  const number = (name: string) => {
    const text = formText(form, name).trim().replace(',', '.')
    return text === '' ? undefined : Number(text)
  }
  return {
    listed: form.get('listed') === 'on',
    name: formText(form, 'name'),
    street: formText(form, 'street'),
    city: formText(form, 'city'),
    postcode: formText(form, 'postcode'),
    country: formText(form, 'country'),
    lat: number('lat'),
    lng: number('lng'),
    phone: formText(form, 'phone'),
    email: formText(form, 'email'),
    web: formText(form, 'web'),
    services: form.getAll('services').filter((v) => typeof v === 'string'),
    brandIds: form
      .getAll('brandIds')
      .filter((v) => typeof v === 'string')
      .map(Number),
    openingHours: DEALER_DAYS.flatMap((day) => {
      const opens = formText(form, `opens.${day}`)
      const closes = formText(form, `closes.${day}`)
      return opens === '' && closes === '' ? [] : [{ day, opens, closes }]
    }),
  }
}

/** Saves the entry, with or without scripts (a plain form post). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = requireLocale(params.locale)
  const storefront = getStorefront(context)
  const { viewer } = storefront
  if (
    viewer.customerId === null ||
    viewer.kind !== 'partner' ||
    viewer.partnerStatus !== 'approved'
  ) {
    return actionFailure(
      Object.assign(new Error('NOT_A_PARTNER'), {
        statusCode: 403,
        code: 'NOT_A_PARTNER',
        key: 'partner.notPartner',
        params: {},
        details: undefined,
      }),
      storefront,
      locale,
    )
  }
  const form = await request.formData()
  const values = Object.fromEntries(
    [...form.entries()].flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  )
  try {
    await storefront.dealers.savePartnerListing(viewer.customerId, listingInput(form))
    return { ok: true as const }
  } catch (error) {
    return actionFailure(error, storefront, locale, { values })
  }
}

const INPUT =
  'mt-1 block w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-600 aria-invalid:border-red-700'
const LABEL = 'block text-sm font-medium text-stone-800'

/** The entry's fields a text input edits. */
type TextField = 'name' | 'street' | 'city' | 'postcode' | 'lat' | 'lng' | 'phone' | 'email' | 'web'

function hoursOf(listing: PartnerDealerListing | null, day: DealerDay) {
  return listing?.openingHours.find((row) => row.day === day)
}

/** The approved partner's own entry on the dealer map: shown or not, address, contacts, hours. */
export default function DealerListingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { viewer, listing, brands } = loaderData
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const failure: ActionFailure | null = result && !result.ok ? result : null
  const errorOf = (path: string) => failure?.errors.find((e) => e.path === path)?.message
  const field = (
    name: TextField,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {},
  ) => {
    const error = errorOf(name)
    const value = failure?.values?.[name] ?? (listing ? String(listing[name]) : '')
    return (
      <div>
        <label htmlFor={`dealer-${name}`} className={LABEL}>
          {label}
          {options.required ? (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          ) : null}
        </label>
        <input
          id={`dealer-${name}`}
          name={name}
          type={options.type ?? 'text'}
          defaultValue={value}
          required={options.required}
          autoComplete={options.autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [options.hint ? `dealer-${name}-hint` : '', error ? `dealer-${name}-error` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          className={INPUT}
        />
        {options.hint ? (
          <p id={`dealer-${name}-hint`} className="mt-1 text-sm text-stone-600">
            {options.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`dealer-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    )
  }
  return (
    <AccountLayout title={t('dealer.listing.title')} viewer={viewer}>
      {!viewer.approvedPartner ? (
        <PartnerOnlyNotice viewer={viewer} />
      ) : (
        <Form method="post" className="space-y-6" noValidate>
          <p className="text-stone-700">{t('dealer.listing.intro')}</p>
          {result?.ok ? <Notice role="status">{t('dealer.listing.saved')}</Notice> : null}
          {failure ? (
            <div
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800"
            >
              <p className="font-medium">{failure.message}</p>
              {failure.errors.length > 0 ? (
                <ul className="mt-2 list-disc pl-5 text-sm">
                  {failure.errors.map((e) => (
                    <li key={`${e.path}:${e.message}`}>{e.message}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="flex items-start gap-3">
            <input
              id="dealer-listed"
              name="listed"
              type="checkbox"
              defaultChecked={
                failure?.values ? failure.values.listed === 'on' : (listing?.listed ?? false)
              }
              className="mt-1 size-4 accent-brand-700"
            />
            <label htmlFor="dealer-listed" className="text-stone-800">
              {t('dealer.listing.listed')}
            </label>
          </div>
          <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold text-stone-900">
              {t('dealer.listing.address')}
            </legend>
            <div className="sm:col-span-2">
              {field('name', t('dealer.listing.name'), {
                required: true,
                autoComplete: 'organization',
              })}
            </div>
            <div className="sm:col-span-2">
              {field('street', t('dealer.listing.street'), { autoComplete: 'street-address' })}
            </div>
            {field('postcode', t('dealer.listing.postcode'), { autoComplete: 'postal-code' })}
            {field('city', t('dealer.listing.city'), {
              required: true,
              autoComplete: 'address-level2',
            })}
            <div>
              <label htmlFor="dealer-country" className={LABEL}>
                {t('dealer.listing.country')}
              </label>
              <select
                id="dealer-country"
                name="country"
                defaultValue={failure?.values?.country ?? listing?.country ?? 'CZ'}
                className={INPUT}
              >
                {COUNTRIES.map((country) => (
                  <option key={country} value={country}>
                    {t(`country.${country}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid grid-cols-2 gap-3 sm:col-span-2">
              {field('lat', t('dealer.listing.lat'), { hint: t('dealer.listing.gpsHint') })}
              {field('lng', t('dealer.listing.lng'))}
            </div>
          </fieldset>
          <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold text-stone-900">
              {t('dealer.listing.contact')}
            </legend>
            {field('phone', t('dealer.listing.phone'), { type: 'tel', autoComplete: 'tel' })}
            {field('email', t('dealer.listing.email'), { type: 'email', autoComplete: 'email' })}
            <div className="sm:col-span-2">
              {field('web', t('dealer.listing.web'), { type: 'url', autoComplete: 'url' })}
            </div>
          </fieldset>
          <fieldset className="min-w-0">
            <legend className="mb-2 text-lg font-semibold text-stone-900">
              {t('dealer.listing.services')}
            </legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {DEALER_SERVICES.map((key) => (
                <li key={key} className="flex items-center gap-2">
                  <input
                    id={`dealer-service-${key}`}
                    type="checkbox"
                    name="services"
                    value={key}
                    defaultChecked={listing?.services.includes(key) ?? false}
                    className="size-4 accent-brand-700"
                  />
                  <label htmlFor={`dealer-service-${key}`}>{t(`dealer.service.${key}`)}</label>
                </li>
              ))}
            </ul>
          </fieldset>
          {brands.length > 0 ? (
            <fieldset className="min-w-0">
              <legend className="mb-2 text-lg font-semibold text-stone-900">
                {t('dealer.listing.brands')}
              </legend>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {brands.map((brand) => (
                  <li key={brand.id} className="flex items-center gap-2">
                    <input
                      id={`dealer-brand-${brand.id}`}
                      type="checkbox"
                      name="brandIds"
                      value={brand.id}
                      defaultChecked={listing?.brandIds.includes(brand.id) ?? false}
                      className="size-4 accent-brand-700"
                    />
                    <label htmlFor={`dealer-brand-${brand.id}`}>{brand.name}</label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          <fieldset className="min-w-0">
            <legend className="mb-2 text-lg font-semibold text-stone-900">
              {t('dealer.listing.openingHours')}
            </legend>
            <p className="mb-3 text-sm text-stone-600">{t('dealer.listing.hoursHint')}</p>
            <div className="space-y-2">
              {DEALER_DAYS.map((day) => (
                <div
                  key={day}
                  className="grid grid-cols-[5rem_minmax(0,1fr)_minmax(0,1fr)] items-center gap-2"
                >
                  <span id={`dealer-day-${day}`} className="text-sm font-medium text-stone-800">
                    {t(`dealer.day.${day}`)}
                  </span>
                  <input
                    type="time"
                    name={`opens.${day}`}
                    aria-label={`${t(`dealer.day.${day}`)}: ${t('dealer.listing.opens')}`}
                    defaultValue={
                      failure?.values?.[`opens.${day}`] ?? hoursOf(listing, day)?.opens ?? ''
                    }
                    className={INPUT}
                  />
                  <input
                    type="time"
                    name={`closes.${day}`}
                    aria-label={`${t(`dealer.day.${day}`)}: ${t('dealer.listing.closes')}`}
                    defaultValue={
                      failure?.values?.[`closes.${day}`] ?? hoursOf(listing, day)?.closes ?? ''
                    }
                    className={INPUT}
                  />
                </div>
              ))}
            </div>
          </fieldset>
          <button
            type="submit"
            disabled={navigation.state === 'submitting'}
            className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
          >
            {t('dealer.listing.save')}
          </button>
        </Form>
      )}
    </AccountLayout>
  )
}
