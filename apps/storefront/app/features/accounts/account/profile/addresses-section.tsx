import { useState } from 'react'
import {
  AddressUpsertSchema,
  type Addresses,
  type CustomerAddress,
} from '@optika/domain/accounts/profile-api'
import type { Country } from '@optika/domain/commerce/countries'
import { useTranslation } from '../../../../i18n/i18n-provider.tsx'
import { Loaded } from '../account-layout.tsx'
import { ADDRESS_FIELDS, AddressFields } from '../address-fields.tsx'
import { callApi } from '../api-client.ts'
import {
  BUTTON,
  ErrorSummary,
  RequiredNote,
  SECONDARY_BUTTON,
  SubmitButton,
} from '../form-fields.tsx'
import { useApiData } from '../use-api-data.ts'
import { useAccountForm } from '../use-account-form.ts'

type Editing = { id: number } | { id: 'new' } | null

/** The billing address and the delivery addresses: add, edit, delete, choose the default. */
export function AddressesSection({ country }: { country: Country }) {
  const { t } = useTranslation()
  const addresses = useApiData<Addresses>('/api/account/addresses')
  const [editing, setEditing] = useState<Editing>(null)
  const [message, setMessage] = useState('')

  const done = (text: string) => {
    setEditing(null)
    setMessage(text)
    addresses.reload()
  }

  return (
    <section aria-labelledby="addresses-title" className="space-y-5">
      <h2 id="addresses-title" className="text-xl font-semibold text-stone-900">
        {t('accountPage.addresses.title')}
      </h2>
      <p role="status" className="text-sm font-medium text-brand-800">
        {message}
      </p>
      <Loaded data={addresses}>
        {({ billing, delivery }) => (
          <div className="space-y-6">
            <div>
              <h3 className="text-base font-semibold text-stone-900">
                {t('customer.billingAddress')}
              </h3>
              {billing && editing && editing.id === billing.id ? (
                <AddressForm
                  address={billing}
                  country={country}
                  onDone={() => done(t('accountPage.form.saved'))}
                  onCancel={() => setEditing(null)}
                />
              ) : billing ? (
                <AddressCard address={billing} onEdit={() => setEditing({ id: billing.id })} />
              ) : (
                <AddressForm
                  address={null}
                  kind="billing"
                  country={country}
                  onDone={() => done(t('accountPage.form.saved'))}
                />
              )}
            </div>
            <div>
              <h3 className="text-base font-semibold text-stone-900">
                {t('customer.deliveryAddress')}
              </h3>
              {delivery.length === 0 ? (
                <p className="mt-2 text-sm text-stone-600">{t('accountPage.addresses.none')}</p>
              ) : null}
              <ul className="mt-2 space-y-3">
                {delivery.map((address) => (
                  <li key={address.id}>
                    {editing && editing.id === address.id ? (
                      <AddressForm
                        address={address}
                        country={country}
                        onDone={() => done(t('accountPage.form.saved'))}
                        onCancel={() => setEditing(null)}
                      />
                    ) : (
                      <AddressCard
                        address={address}
                        onEdit={() => setEditing({ id: address.id })}
                        onChanged={done}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {editing?.id === 'new' ? (
                <AddressForm
                  address={null}
                  kind="delivery"
                  country={country}
                  onDone={() => done(t('accountPage.addresses.added'))}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <button
                  type="button"
                  className={`${SECONDARY_BUTTON} mt-3`}
                  onClick={() => setEditing({ id: 'new' })}
                >
                  {t('accountPage.addresses.add')}
                </button>
              )}
            </div>
          </div>
        )}
      </Loaded>
    </section>
  )
}

function addressLines(address: CustomerAddress, countryName: string): string[] {
  return [
    address.name,
    address.company ?? '',
    address.street,
    `${address.postcode} ${address.city}`,
    address.region ?? '',
    countryName,
    address.phone ?? '',
  ].filter((line) => line.trim() !== '')
}

function AddressCard({
  address,
  onEdit,
  onChanged,
}: {
  address: CustomerAddress
  onEdit: () => void
  onChanged?: (message: string) => void
}) {
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState('')
  const lines = addressLines(address, t(`country.${address.country}`))

  const makeDefault = async () => {
    const { id: _id, kind: _kind, isDefault: _default, ...fields } = address
    const body = Object.fromEntries(
      Object.entries({ ...fields, isDefault: true }).map(([k, v]) => [k, v ?? '']),
    )
    const result = await callApi('PUT', `/api/account/addresses/${address.id}`, body)
    if (result.ok) onChanged?.(t('accountPage.form.saved'))
    else setError(result.message || t('accountPage.form.failed'))
  }
  const remove = async () => {
    const result = await callApi('DELETE', `/api/account/addresses/${address.id}`)
    if (result.ok) onChanged?.(t('accountPage.addresses.deleted'))
    else setError(result.message || t('accountPage.form.failed'))
  }

  return (
    <div className="rounded-xl border border-stone-200 p-4">
      <address className="text-sm leading-relaxed text-stone-800 not-italic">
        {lines.map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
      {address.kind === 'delivery' && address.isDefault ? (
        <p className="mt-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {t('accountPage.addresses.default')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={onEdit}
          aria-label={`${t('accountPage.addresses.edit')}: ${lines.slice(0, 3).join(', ')}`}
        >
          {t('accountPage.addresses.edit')}
        </button>
        {address.kind === 'delivery' && !address.isDefault ? (
          <button type="button" className={SECONDARY_BUTTON} onClick={() => void makeDefault()}>
            {t('accountPage.addresses.makeDefault')}
          </button>
        ) : null}
        {address.kind === 'delivery' ? (
          confirming ? (
            <span role="group" className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-stone-800">
                {t('accountPage.addresses.confirmDelete')}
              </span>
              <button type="button" className={BUTTON} onClick={() => void remove()}>
                {t('accountPage.common.yes')}
              </button>
              <button
                type="button"
                className={SECONDARY_BUTTON}
                onClick={() => setConfirming(false)}
              >
                {t('accountPage.common.no')}
              </button>
            </span>
          ) : (
            <button type="button" className={SECONDARY_BUTTON} onClick={() => setConfirming(true)}>
              {t('accountPage.addresses.delete')}
            </button>
          )
        ) : null}
      </div>
    </div>
  )
}

function AddressForm({
  address,
  kind = 'delivery',
  country,
  onDone,
  onCancel,
}: {
  address: CustomerAddress | null
  kind?: 'billing' | 'delivery'
  country: Country
  onDone: () => void
  onCancel?: () => void
}) {
  const { t } = useTranslation()
  const form = useAccountForm({
    id: `address-${address?.id ?? 'new'}`,
    initial: Object.fromEntries(
      ADDRESS_FIELDS.map((field) => [
        field,
        address ? (address[field] ?? '') : field === 'country' ? country : '',
      ]),
    ),
    schema: AddressUpsertSchema,
    build: (values) => ({
      ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, values[field]])),
      ...(address ? { kind: address.kind, isDefault: address.isDefault } : { kind }),
    }),
    send: (input) =>
      address
        ? callApi('PUT', `/api/account/addresses/${address.id}`, input)
        : callApi('POST', '/api/account/addresses', input),
    onSuccess: onDone,
  })
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      className="mt-2 space-y-4 rounded-xl border border-stone-200 p-4"
    >
      <ErrorSummary form={form} />
      <RequiredNote />
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressFields
          form={form}
          prefix=""
          section={(address?.kind ?? kind) === 'billing' ? 'billing' : 'shipping'}
          withName
          withPhone
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton form={form}>{t('accountPage.form.save')}</SubmitButton>
        {onCancel ? (
          <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
            {t('accountPage.common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  )
}
