import { useRef, useState } from 'react'
import { DeleteAccountSchema, type Profile } from '@optika/domain/accounts/profile-api'
import { formatMoney } from '@optika/domain/commerce/money'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../../i18n/i18n-provider.tsx'
import { callApi } from '../api-client.ts'
import { ErrorSummary, SECONDARY_BUTTON, SubmitButton, TextField } from '../form-fields.tsx'
import { useAccountForm } from '../use-account-form.ts'

/** Client number and, for partners, the agreed terms or the approval state. */
export function AccountOverview({ profile }: { profile: Profile }) {
  const { t, locale } = useTranslation()
  const partner = profile.partner
  return (
    <section
      aria-labelledby="overview-title"
      className="rounded-xl border border-stone-200 bg-stone-50 p-5"
    >
      <h2 id="overview-title" className="sr-only">
        {t('accountPage.profile.overview')}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-stone-600">{t('customer.clientNumber')}</dt>
        <dd className="font-semibold text-stone-900" data-testid="client-number">
          {profile.clientNumber}
        </dd>
        {partner?.status === 'approved' ? (
          <>
            <dt className="font-medium text-stone-600">{t('accountPage.partner.priceList')}</dt>
            <dd className="text-stone-900">{partner.priceListName ?? '—'}</dd>
            <dt className="font-medium text-stone-600">
              {t('accountPage.partner.invoicePayment')}
            </dt>
            <dd className="text-stone-900">
              {partner.invoiceMaturityDays === null
                ? '—'
                : t('accountPage.partner.maturityDays', { days: partner.invoiceMaturityDays })}
            </dd>
            <dt className="font-medium text-stone-600">{t('accountPage.partner.creditLimit')}</dt>
            <dd className="text-stone-900">
              {partner.creditLimit ? formatMoney(partner.creditLimit, locale) : '—'}
            </dd>
          </>
        ) : null}
      </dl>
      {partner?.status === 'pending' ? (
        <p role="status" className="mt-4 font-medium text-amber-800">
          {t('partner.awaitingApproval')}
        </p>
      ) : null}
      {partner?.status === 'rejected' ? (
        <p role="status" className="mt-4 font-medium text-red-800">
          {t('partner.rejected')}
          {partner.rejectionReason ? ` ${partner.rejectionReason}` : ''}
        </p>
      ) : null}
    </section>
  )
}

/** The newsletter subscription, switched on and off in place. */
export function NewsletterSection({
  profile,
  onChanged,
}: {
  profile: Profile
  onChanged: (p: Profile) => void
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  // Shown at once; the server's answer confirms it (or the box flips back with the reason).
  const [subscribed, setSubscribed] = useState(profile.newsletter.subscribed)
  const toggle = async (next: boolean) => {
    setSubscribed(next)
    setBusy(true)
    setError('')
    const result = await callApi<Profile>('PUT', '/api/account/newsletter', { newsletter: next })
    setBusy(false)
    if (result.ok) {
      onChanged(result.data)
    } else {
      setSubscribed(!next)
      setError(result.message || t('accountPage.form.failed'))
    }
  }
  return (
    <section aria-labelledby="newsletter-title" className="space-y-3">
      <h2 id="newsletter-title" className="text-xl font-semibold text-stone-900">
        {t('accountPage.newsletter.title')}
      </h2>
      <div className="flex items-start gap-3">
        <input
          id="newsletter-toggle"
          type="checkbox"
          className="mt-1 size-5 accent-brand-700"
          checked={subscribed}
          aria-busy={busy}
          aria-describedby="newsletter-frequency"
          onChange={(event) => {
            if (!busy) void toggle(event.target.checked)
          }}
        />
        <label htmlFor="newsletter-toggle" className="text-sm text-stone-800">
          {t('customer.newsletter')}
        </label>
      </div>
      <p id="newsletter-frequency" className="pl-8 text-sm text-stone-600">
        {t('newsletter.frequency')}
      </p>
      {error ? (
        <p role="alert" className="pl-8 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  )
}

/** 'Download my data' and 'Delete my account' (with a password confirmation dialog). */
export function PersonalDataSection() {
  const { t, locale } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const form = useAccountForm({
    id: 'delete-account',
    initial: { password: '' },
    schema: DeleteAccountSchema,
    build: (values) => ({ password: values.password }),
    send: (input) => callApi('POST', '/api/account/delete', input),
    // The session ended with the account: load the home page anew, as an anonymous visitor.
    onSuccess: () => window.location.assign(generateUrl('home', { locale })),
  })
  return (
    <section aria-labelledby="personal-data-title" className="space-y-3">
      <h2 id="personal-data-title" className="text-xl font-semibold text-stone-900">
        {t('accountPage.personalData.title')}
      </h2>
      <p className="text-sm text-stone-600">{t('accountPage.personalData.intro')}</p>
      <div className="flex flex-wrap gap-3">
        <a href="/api/account/export" download className={SECONDARY_BUTTON}>
          {t('accountPage.personalData.download')}
        </a>
        <button
          type="button"
          className={`${SECONDARY_BUTTON} border-red-300 text-red-800`}
          onClick={() => dialog.current?.showModal()}
        >
          {t('accountPage.personalData.delete')}
        </button>
      </div>
      <dialog
        ref={dialog}
        aria-labelledby="delete-title"
        className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-stone-900/40"
      >
        <form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
          <h2 id="delete-title" className="text-lg font-semibold text-stone-900">
            {t('accountPage.personalData.delete')}
          </h2>
          <p className="text-sm text-stone-700">{t('accountPage.personalData.deleteWarning')}</p>
          <ErrorSummary form={form} />
          <TextField
            form={form}
            name="password"
            type="password"
            label={t('customer.password')}
            autoComplete="current-password"
            required
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton form={form}>{t('accountPage.personalData.deleteConfirm')}</SubmitButton>
            <button
              type="button"
              className={SECONDARY_BUTTON}
              onClick={() => dialog.current?.close()}
            >
              {t('accountPage.common.cancel')}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  )
}
