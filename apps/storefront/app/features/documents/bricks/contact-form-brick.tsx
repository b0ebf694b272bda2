import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { phoneExampleForLocale } from '@optika/domain/accounts/contact-formats'
import {
  CONTACT_ATTACHMENT_ACCEPT,
  CONTACT_ATTACHMENT_MAX_BYTES,
  CONTACT_ATTACHMENTS_MAX,
  ContactFormSchema,
} from '@optika/domain/community/contact-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from '../../accounts/account/api-client.ts'
import { CaptchaField, useCaptcha } from '../../accounts/account/captcha-field.tsx'
import {
  BUTTON,
  CheckboxField,
  ErrorSummary,
  RequiredNote,
  SelectField,
  TextAreaField,
  TextField,
} from '../../accounts/account/form-fields.tsx'
import { useAccountForm, type AccountForm } from '../../accounts/account/use-account-form.ts'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { BrickSection } from './brick-section.tsx'
import { useContactTopics } from './contact-topics-context.tsx'

/** The anchor the form's page returns to after a submission without JavaScript. */
const ANCHOR = 'contact-form'
const CATALOGUE_KEY = /^[a-zA-Z]+(\.[a-zA-Z]+)+$/

/**
 * The captcha for visitors (a signed-in customer has proved enough). Challenges are single use:
 * the form mounts it anew (a new `key`) after every refused submission.
 */
function VisitorCaptcha({ form }: { form: AccountForm }) {
  const captcha = useCaptcha(form)
  return <CaptchaField form={form} captcha={captcha} />
}

/**
 * Without JavaScript: the picture comes from GET /api/contact/captcha, which keeps its challenge
 * in a cookie for the form's POST; the visitor types the code into `captchaCode`.
 */
function NoScriptCaptcha({ id }: { id: string }) {
  const { t } = useTranslation()
  return (
    <noscript>
      <div className="space-y-2">
        <img
          src="/api/contact/captcha"
          alt={t('account.captchaImage')}
          width={200}
          height={64}
          className="h-16 w-auto rounded-lg border border-stone-300 bg-white p-1"
        />
        <label
          htmlFor={`${id}-captcha-noscript`}
          className="block text-sm font-medium text-stone-800"
        >
          {t('validation.captchaLabel')}
        </label>
        <input
          id={`${id}-captcha-noscript`}
          name="captchaCode"
          autoComplete="off"
          required
          className="mt-1 block w-full max-w-xs rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
        />
      </div>
    </noscript>
  )
}

/** The placeholders the form's error texts may hold (the server's redirect names only keys). */
function errorParams(locale: Locale): Record<string, string | number> {
  return {
    phone: phoneExampleForLocale(locale),
    count: CONTACT_ATTACHMENTS_MAX,
    value: `${CONTACT_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB`,
  }
}

/** What a submission without JavaScript came back with (`?contact=sent|error&contactError=`). */
function useNoScriptOutcome(): { sent: boolean; errors: string[] } {
  const [params] = useSearchParams()
  const outcome = params.get('contact')
  const errors = (params.get('contactError') ?? '')
    .split(',')
    .filter((key) => CATALOGUE_KEY.test(key))
    .slice(0, 8)
  return { sent: outcome === 'sent', errors: outcome === 'error' ? errors : [] }
}

function Thanks({ children }: { children: ReactNode }) {
  const thanks = useRef<HTMLDivElement>(null)
  // The form is gone once sent: its thanks takes the focus, so keyboard users stay in place.
  useEffect(() => thanks.current?.focus(), [])
  return (
    <div
      ref={thanks}
      role="status"
      tabIndex={-1}
      className="max-w-2xl rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900"
    >
      {children}
    </div>
  )
}

/**
 * A message to the shop: topic, name, e-mail, phone and order number (optional), message,
 * attachments (optional, up to three pictures or PDFs), consent, and the shop's own captcha for
 * visitors. With JavaScript it is checked on the page with the server's schema and sent to
 * POST /api/contact as multipart; without, the same form posts there itself and comes back to
 * this page with the outcome. Stored and mailed to the topic's address (community/contact).
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
  const topics = useContactTopics()
  const hydrated = useHydrated()
  const location = useLocation()
  const noScript = useNoScriptOutcome()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [captchaRound, setCaptchaRound] = useState(0)
  const sentEmail = useRef('')
  const formElement = useRef<HTMLFormElement>(null)
  const phoneHint = t('contact.form.phoneHint', { phone: phoneExampleForLocale(locale) })
  const form = useAccountForm({
    id: `contact-${id}`,
    initial: {
      topicId: '',
      name: '',
      email: '',
      phone: '',
      orderNumber: '',
      message: '',
      consent: false,
      captchaId: '',
      captchaCode: '',
    },
    schema: ContactFormSchema,
    build: (values) => ({
      topicId: values.topicId,
      name: values.name,
      email: values.email,
      phone: values.phone,
      orderNumber: values.orderNumber,
      message: values.message,
      consent: values.consent === true ? true : undefined,
      locale,
      ...(documentId === null ? {} : { documentId }),
      captchaId: signedIn ? '' : values.captchaId,
      captchaCode: signedIn ? '' : values.captchaCode,
    }),
    send: (input) => {
      sentEmail.current = input.email
      const data = new FormData()
      for (const [name, value] of Object.entries(input)) {
        if (value !== undefined) data.append(name, String(value))
      }
      const files = formElement.current?.querySelector<HTMLInputElement>('input[type=file]')?.files
      for (const file of files ?? []) data.append('attachments', file, file.name)
      return callApi<{ sent: true }>('POST', '/api/contact', data)
    },
    onSuccess: () => setSentTo(sentEmail.current),
    onRefused: () => setCaptchaRound((round) => round + 1),
  })
  const { showProblem } = form
  // The outcome of a submission without JavaScript, in the error summary.
  const noScriptErrors = noScript.errors.join(',')
  useEffect(() => {
    if (noScriptErrors === '') return
    showProblem({
      message: t('validation.formError'),
      errors: noScriptErrors.split(',').map((key) => ({
        path: '',
        message: t(key, errorParams(locale)),
      })),
    })
  }, [noScriptErrors, showProblem, t, locale])
  const heading = title || t('cmsBricks.contact.title')
  const fileId = `${form.id}-attachments`
  const tooManyFiles = t('contact.attachmentsTooMany', { count: CONTACT_ATTACHMENTS_MAX })
  return (
    <BrickSection title={heading} brick="contact-form">
      {intro ? <p className="mb-5 max-w-2xl text-stone-700">{intro}</p> : null}
      {sentTo !== null ? (
        <Thanks>{t('cmsBricks.contact.sent', { email: sentTo })}</Thanks>
      ) : noScript.sent ? (
        <Thanks>{t('contact.form.sentNoScript')}</Thanks>
      ) : (
        <form
          id={ANCHOR}
          ref={formElement}
          method="post"
          action="/api/contact"
          encType="multipart/form-data"
          noValidate
          onSubmit={(event) => {
            const files = formElement.current?.querySelector<HTMLInputElement>('input[type=file]')
            if ((files?.files?.length ?? 0) > CONTACT_ATTACHMENTS_MAX) {
              event.preventDefault()
              showProblem({
                message: t('validation.formError'),
                errors: [{ path: 'attachments', message: tooManyFiles }],
              })
              return
            }
            form.onSubmit(event)
          }}
          className="max-w-2xl scroll-mt-24 space-y-5"
          aria-label={heading}
        >
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="returnTo" value={location.pathname} />
          {documentId === null ? null : (
            <input type="hidden" name="documentId" value={documentId} />
          )}
          {noScript.errors.length > 0 && !hydrated ? (
            <div
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
            >
              <p className="font-semibold">{t('validation.formError')}</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {noScript.errors.map((key) => (
                  <li key={key}>{t(key, errorParams(locale))}</li>
                ))}
              </ul>
            </div>
          ) : (
            <ErrorSummary form={form} />
          )}
          <RequiredNote />
          <SelectField
            form={form}
            name="topicId"
            label={t('contact.topic')}
            required
            options={[
              ['', t('contact.form.topicPlaceholder')],
              ...topics.map((topic) => [String(topic.id), topic.title] as const),
            ]}
          />
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
            <TextField
              form={form}
              name="phone"
              type="tel"
              label={t('contact.form.phone')}
              autoComplete="tel"
              hint={phoneHint}
            />
            <TextField
              form={form}
              name="orderNumber"
              label={t('contact.form.orderNumber')}
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
          <TextAreaField
            form={form}
            name="message"
            label={t('cmsBricks.contact.message')}
            rows={6}
            required
          />
          <div>
            <label htmlFor={fileId} className="block text-sm font-medium text-stone-800">
              {t('contact.form.attachments')}
            </label>
            <input
              id={fileId}
              type="file"
              name="attachments"
              multiple
              accept={CONTACT_ATTACHMENT_ACCEPT}
              aria-describedby={`${fileId}-hint`}
              className="mt-1 block w-full max-w-full text-sm text-stone-800 file:mr-3 file:rounded-full file:border file:border-stone-300 file:bg-white file:px-4 file:py-2 file:text-sm file:font-medium"
            />
            <p id={`${fileId}-hint`} className="mt-1 text-sm text-stone-600">
              {t('contact.form.attachmentsHint')}
            </p>
          </div>
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
          {signedIn ? null : hydrated ? (
            <VisitorCaptcha key={captchaRound} form={form} />
          ) : (
            <NoScriptCaptcha id={form.id} />
          )}
          <button
            type="submit"
            className={BUTTON}
            disabled={form.submitting}
            aria-busy={form.submitting}
          >
            {t('cmsBricks.contact.submit')}
          </button>
        </form>
      )}
    </BrickSection>
  )
}
