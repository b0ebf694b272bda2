import { useState } from 'react'
import { Link } from 'react-router'
import { RegistrationSchema } from '@optika/domain/accounts/account-api'
import type { AccountSummary } from '@optika/domain/accounts/account-api'
import { LOCALE_COUNTRY } from '@optika/domain/commerce/countries'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { ADDRESS_FIELDS, AddressFields } from './address-fields.tsx'
import { callApi } from './api-client.ts'
import { CaptchaField, useCaptcha } from './captcha-field.tsx'
import {
  CheckboxField,
  ErrorSummary,
  FieldGroup,
  NewPasswordFields,
  RequiredNote,
  SubmitButton,
  TextField,
} from './form-fields.tsx'
import { CompanyFields } from './company-fields.tsx'
import { phoneHint } from './phone-hint.ts'
import { nest, useAccountForm, type FormValues } from './use-account-form.ts'

function emptyAddress(prefix: string, country: string): FormValues {
  return Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [`${prefix}.${field}`, field === 'country' ? country : '']),
  )
}

/** The registration of a customer or a partner (every field of the registration schema). */
export function RegistrationForm({ kind }: { kind: 'customer' | 'partner' }) {
  const { t, locale } = useTranslation()
  const [finished, setFinished] = useState<AccountSummary | null>(null)
  const country = LOCALE_COUNTRY[locale]
  const form = useAccountForm({
    id: `registration-${kind}`,
    initial: {
      email: '',
      username: '',
      password: '',
      passwordRepeat: '',
      phone: '',
      firstName: '',
      lastName: '',
      company: '',
      tin: '',
      vatId: '',
      owner: '',
      contactPerson: '',
      website: '',
      gps: '',
      ...emptyAddress('billingAddress', country),
      deliveryDiffers: false,
      ...emptyAddress('deliveryAddress', country),
      newsletter: false,
      terms: false,
      privacy: false,
      captchaId: '',
      captchaCode: '',
    },
    schema: RegistrationSchema,
    build: (values) => ({
      kind,
      ...Object.fromEntries(
        [
          'username',
          'email',
          'password',
          'passwordRepeat',
          'phone',
          'firstName',
          'lastName',
          'company',
          'tin',
          'vatId',
          'owner',
          'contactPerson',
          'website',
          'gps',
          'captchaId',
          'captchaCode',
        ].map((name) => [name, values[name]]),
      ),
      billingAddress: nest(values, 'billingAddress'),
      deliveryDiffers: values.deliveryDiffers === true,
      deliveryAddress:
        values.deliveryDiffers === true ? nest(values, 'deliveryAddress') : undefined,
      newsletter: values.newsletter === true,
      terms: values.terms === true,
      privacy: values.privacy === true,
    }),
    send: (input) => callApi<{ customer: AccountSummary }>('POST', '/api/account/register', input),
    onSuccess: (data) => {
      setFinished(data.customer)
    },
    onRefused: () => captcha.renew(),
  })
  const captcha = useCaptcha(form)

  if (finished) {
    return (
      <section role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-6">
        <h2 className="text-xl font-semibold text-brand-900">{t('registration.finished')}</h2>
        {finished.kind === 'partner' ? (
          <p className="mt-3 text-stone-700">{t('registration.partnerActivatedLater')}</p>
        ) : null}
        {/* A full load, so the header shows the new account. */}
        <a
          href={generateUrl('account', { locale })}
          className="mt-5 inline-block font-medium text-brand-700 underline"
        >
          {t('page.profile')}
        </a>
      </section>
    )
  }

  const billingCountry = form.text('billingAddress.country')
  const partner = kind === 'partner'
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="space-y-6">
      <ErrorSummary form={form} />
      <RequiredNote />

      <FieldGroup legend={t('accountPage.registration.signIn')}>
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
        <NewPasswordFields form={form} label={t('customer.password')} />
      </FieldGroup>

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
          name="phone"
          type="tel"
          label={t('customer.phone')}
          autoComplete="tel"
          required
          hint={phoneHint(billingCountry, t)}
        />
      </FieldGroup>

      <CompanyFields form={form} partner={partner} required={partner} />

      <FieldGroup legend={t('customer.billingAddress')}>
        <AddressFields form={form} prefix="billingAddress" section="billing" />
      </FieldGroup>

      <CheckboxField
        form={form}
        name="deliveryDiffers"
        label={t('customer.differentShippingAddress')}
        summaryLabel={t('customer.differentShippingAddress')}
      />
      {form.checked('deliveryDiffers') ? (
        <FieldGroup legend={t('customer.deliveryAddress')}>
          <AddressFields
            form={form}
            prefix="deliveryAddress"
            section="shipping"
            withName
            withPhone
          />
        </FieldGroup>
      ) : null}

      <div className="space-y-4">
        <CheckboxField
          form={form}
          name="newsletter"
          label={t('customer.newsletter')}
          summaryLabel={t('customer.newsletter')}
          hint={t('newsletter.frequency')}
        />
        <CheckboxField
          form={form}
          name="terms"
          required
          summaryLabel={t('accountPage.consent.terms')}
          label={
            <>
              {t('accountPage.consent.terms')} (
              <Link to={generateUrl('terms', { locale })} target="_blank" className="underline">
                {t('page.terms')}
              </Link>
              )
            </>
          }
        />
        <CheckboxField
          form={form}
          name="privacy"
          required
          summaryLabel={t('accountPage.consent.privacy')}
          label={
            <>
              {t('accountPage.consent.privacy')} (
              <Link to={generateUrl('privacy', { locale })} target="_blank" className="underline">
                {t('page.privacy')}
              </Link>
              )
            </>
          }
        />
      </div>

      <CaptchaField form={form} captcha={captcha} />

      <SubmitButton form={form}>{t('auth.register')}</SubmitButton>
    </form>
  )
}
