import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { CountryField, TextField } from './form-fields.tsx'
import type { AccountForm } from './use-account-form.ts'

/**
 * The fields of an address named `prefix.street` etc. (just `street` without a prefix). `section` is the autocomplete section
 * (`billing`/`shipping`), so browsers fill the right address.
 */
export function AddressFields({
  form,
  prefix,
  section,
  withName = false,
  withPhone = false,
}: {
  form: AccountForm
  prefix: string
  section: 'billing' | 'shipping'
  withName?: boolean
  withPhone?: boolean
}) {
  const { t } = useTranslation()
  const name = (field: string) => (prefix ? `${prefix}.${field}` : field)
  return (
    <>
      {withName ? (
        <>
          <TextField
            form={form}
            name={name('name')}
            label={t('customer.fullName')}
            autoComplete={`${section} name`}
          />
          <TextField
            form={form}
            name={name('company')}
            label={t('customer.company')}
            autoComplete={`${section} organization`}
          />
        </>
      ) : null}
      <TextField
        form={form}
        name={name('street')}
        label={t('customer.street')}
        autoComplete={`${section} street-address`}
        required
      />
      <TextField
        form={form}
        name={name('city')}
        label={t('customer.city')}
        autoComplete={`${section} address-level2`}
        required
      />
      <TextField
        form={form}
        name={name('postcode')}
        label={t('customer.postcode')}
        autoComplete={`${section} postal-code`}
        required
      />
      <TextField
        form={form}
        name={name('region')}
        label={t('customer.region')}
        autoComplete={`${section} address-level1`}
      />
      <CountryField form={form} name={name('country')} autoComplete={`${section} country`} />
      {withPhone ? (
        <TextField
          form={form}
          name={name('phone')}
          type="tel"
          label={t('customer.phone')}
          autoComplete={`${section} tel`}
        />
      ) : null}
    </>
  )
}

export const ADDRESS_FIELDS = [
  'name',
  'company',
  'street',
  'city',
  'postcode',
  'region',
  'country',
  'phone',
] as const
