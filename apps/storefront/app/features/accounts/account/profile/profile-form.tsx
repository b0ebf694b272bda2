import { useState } from 'react'
import { ProfileInputSchema, type Profile } from '@optika/domain/accounts/profile-api'
import { useTranslation } from '../../../../i18n/i18n-provider.tsx'
import { callApi } from '../api-client.ts'
import { ErrorSummary, FieldGroup, RequiredNote, SubmitButton, TextField } from '../form-fields.tsx'
import { CompanyFields } from '../company-fields.tsx'
import { phoneHint } from '../phone-hint.ts'
import { useAccountForm } from '../use-account-form.ts'

const TEXT_FIELDS = [
  'email',
  'username',
  'firstName',
  'lastName',
  'phone',
  'company',
  'tin',
  'vatId',
  'owner',
  'contactPerson',
  'website',
  'gps',
] as const

/** Personal and company data (PUT /api/account/profile). */
export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: Profile
  onSaved: (p: Profile) => void
}) {
  const { t } = useTranslation()
  const [saved, setSaved] = useState(false)
  const form = useAccountForm({
    id: 'profile',
    initial: Object.fromEntries(TEXT_FIELDS.map((name) => [name, profile[name] ?? ''])),
    schema: ProfileInputSchema,
    build: (values) => Object.fromEntries(TEXT_FIELDS.map((name) => [name, values[name]])),
    send: (input) => {
      setSaved(false)
      return callApi<Profile>('PUT', '/api/account/profile', input)
    },
    onSuccess: (next) => {
      setSaved(true)
      onSaved(next)
    },
  })
  const partner = profile.kind === 'partner'
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-5"
      aria-labelledby="profile-data"
    >
      <h2 id="profile-data" className="text-xl font-semibold text-stone-900">
        {t('accountPage.profile.data')}
      </h2>
      <ErrorSummary form={form} />
      <RequiredNote />
      <FieldGroup legend={t('accountPage.registration.personal')}>
        <TextField
          form={form}
          name="firstName"
          label={t('accountPage.field.firstName')}
          autoComplete="given-name"
          required
        />
        <TextField
          form={form}
          name="lastName"
          label={t('accountPage.field.lastName')}
          autoComplete="family-name"
          required
        />
        <TextField
          form={form}
          name="email"
          type="email"
          label={t('customer.email')}
          autoComplete="email"
          required
        />
        <TextField
          form={form}
          name="username"
          label={t('customer.username')}
          autoComplete="username"
        />
        <TextField
          form={form}
          name="phone"
          type="tel"
          label={t('customer.phone')}
          autoComplete="tel"
          required
          hint={phoneHint(profile.country, t)}
        />
      </FieldGroup>
      <CompanyFields form={form} partner={partner} required={false} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton form={form}>{t('accountPage.form.save')}</SubmitButton>
        <p role="status" className="text-sm font-medium text-brand-800">
          {saved ? t('accountPage.form.saved') : ''}
        </p>
      </div>
    </form>
  )
}
