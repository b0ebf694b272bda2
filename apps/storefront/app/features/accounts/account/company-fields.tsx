import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { FieldGroup, TextField } from './form-fields.tsx'
import type { AccountForm } from './use-account-form.ts'

/**
 * The company part of registration and profile: optional for customers; partners also give the
 * owner, contact person, website and GPS. `required` marks the fields registration requires of
 * partners (company, TIN).
 */
export function CompanyFields({
  form,
  partner,
  required,
}: {
  form: AccountForm
  partner: boolean
  required: boolean
}) {
  const { t } = useTranslation()
  return (
    <FieldGroup
      legend={t(
        partner ? 'accountPage.registration.company' : 'accountPage.registration.companyOptional',
      )}
    >
      <TextField
        form={form}
        name="company"
        label={t('customer.company')}
        autoComplete="organization"
        required={required}
      />
      <TextField form={form} name="tin" label={t('customer.tin')} required={required} />
      <TextField form={form} name="vatId" label={t('customer.vatId')} />
      {partner ? (
        <>
          <TextField form={form} name="owner" label={t('customer.owner')} />
          <TextField form={form} name="contactPerson" label={t('customer.contactPerson')} />
          <TextField
            form={form}
            name="website"
            type="url"
            label={t('customer.website')}
            autoComplete="url"
          />
          <TextField form={form} name="gps" label={t('customer.gps')} />
        </>
      ) : null}
    </FieldGroup>
  )
}
