import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { ContactFormSchema } from '@optika/domain/cms/contact-form-api'
import { generateUrl } from '@optika/domain/routing/routes'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from '../../accounts/account/api-client.ts'
import { CaptchaField, useCaptcha } from '../../accounts/account/captcha-field.tsx'
import {
  CheckboxField,
  ErrorSummary,
  RequiredNote,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../accounts/account/form-fields.tsx'
import { useAccountForm, type AccountForm } from '../../accounts/account/use-account-form.ts'
import { BrickSection } from './brick-section.tsx'

/**
 * The captcha for visitors (a signed-in customer has proved enough). Challenges are single use:
 * the form mounts it anew (a new `key`) after every refused submission.
 */
function VisitorCaptcha({ form }: { form: AccountForm }) {
  const captcha = useCaptcha(form)
  return <CaptchaField form={form} captcha={captcha} />
}

/**
 * A message to the shop: name, e-mail, message and consent to the processing of personal data,
 * and the shop's own captcha for visitors. Checked on the page with the server's schema, sent to
 * POST /api/contact, which mails it to the shop as the `contact-form` e-mail document.
 */
export function ContactFormBrick({
  id,
  title,
  intro,
  signedIn,
  documentId,
}: {
  id: string
  title: string
  intro: string
  signedIn: boolean
  documentId: number | null
}) {
  const { t, locale } = useTranslation()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [captchaRound, setCaptchaRound] = useState(0)
  const sentEmail = useRef('')
  const thanks = useRef<HTMLDivElement>(null)
  // The form is gone once sent: its thanks takes the focus, so keyboard users stay in place.
  useEffect(() => {
    if (sentTo !== null) thanks.current?.focus()
  }, [sentTo])
  const form = useAccountForm({
    id: `contact-${id}`,
    initial: { name: '', email: '', message: '', consent: false, captchaId: '', captchaCode: '' },
    schema: ContactFormSchema,
    build: (values) => ({
      name: values.name,
      email: values.email,
      message: values.message,
      consent: values.consent === true ? true : undefined,
      locale,
      ...(documentId === null ? {} : { documentId }),
      captchaId: signedIn ? '' : values.captchaId,
      captchaCode: signedIn ? '' : values.captchaCode,
    }),
    send: (input) => {
      sentEmail.current = input.email
      return callApi<{ sent: true }>('POST', '/api/contact', input)
    },
    onSuccess: () => setSentTo(sentEmail.current),
    onRefused: () => setCaptchaRound((round) => round + 1),
  })
  return (
    <BrickSection title={title || t('cmsBricks.contact.title')} brick="contact-form">
      {intro ? <p className="mb-5 max-w-2xl text-stone-700">{intro}</p> : null}
      {sentTo !== null ? (
        <div
          ref={thanks}
          role="status"
          tabIndex={-1}
          className="max-w-2xl rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900"
        >
          {t('cmsBricks.contact.sent', { email: sentTo })}
        </div>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={form.onSubmit}
          className="max-w-2xl space-y-5"
          aria-label={title || t('cmsBricks.contact.title')}
        >
          <ErrorSummary form={form} />
          <RequiredNote />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="name"
              label={t('cmsBricks.contact.name')}
              autoComplete="name"
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
          </div>
          <TextAreaField
            form={form}
            name="message"
            label={t('cmsBricks.contact.message')}
            rows={6}
            required
          />
          <CheckboxField
            form={form}
            name="consent"
            required
            summaryLabel={t('cmsBricks.contact.consentLabel')}
            label={
              <>
                {t('cmsBricks.contact.consent')}{' '}
                <Link
                  to={generateUrl('privacy', { locale })}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {t('cmsBricks.contact.privacyLink')}
                </Link>
              </>
            }
          />
          {signedIn ? null : <VisitorCaptcha key={captchaRound} form={form} />}
          <SubmitButton form={form}>{t('cmsBricks.contact.submit')}</SubmitButton>
        </form>
      )}
    </BrickSection>
  )
}
