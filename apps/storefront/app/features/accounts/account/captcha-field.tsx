import { useCallback, useEffect, useState } from 'react'
import type { CaptchaChallenge } from '@optika/domain/accounts/account-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from './api-client.ts'
import { SECONDARY_BUTTON, TextField } from './form-fields.tsx'
import type { AccountForm } from './use-account-form.ts'

/**
 * Loads a captcha challenge into the form (`captchaId`), and a new one on demand. Challenges are
 * single use, so the form asks for a new one after every refused submission (`version`).
 */
export function useCaptcha(form: AccountForm): {
  svg: string | null
  failed: boolean
  renew: () => void
} {
  const [svg, setSvg] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const [version, setVersion] = useState(0)
  const { setValue } = form
  useEffect(() => {
    let current = true
    void callApi<CaptchaChallenge>('GET', '/api/account/captcha').then((result) => {
      if (!current) return
      if (result.ok) {
        // The wrapper names the picture; the drawing itself is hidden from assistive technology.
        setSvg(result.data.svg.replace(/^<svg\b/, '<svg aria-hidden="true" focusable="false"'))
        setFailed(false)
        setValue('captchaId', result.data.id)
        setValue('captchaCode', '')
      } else {
        setFailed(true)
      }
    })
    return () => {
      current = false
    }
  }, [version, setValue])
  const renew = useCallback(() => setVersion((v) => v + 1), [])
  return { svg, failed, renew }
}

/** 'Type the code:' with the picture of the code (an image with a text alternative) and a new-code button. */
export function CaptchaField({
  form,
  captcha,
}: {
  form: AccountForm
  captcha: ReturnType<typeof useCaptcha>
}) {
  const { t } = useTranslation()
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <div
          role="img"
          aria-label={t('account.captchaImage')}
          data-testid="captcha-image"
          className="flex h-16 min-w-40 items-center justify-center rounded-lg border border-stone-300 bg-white p-1 [&>svg]:h-full [&>svg]:w-auto"
          // The server's own SVG (drawn from fixed glyphs, no scripts); inline so it needs no request.
          dangerouslySetInnerHTML={captcha.svg ? { __html: captcha.svg } : undefined}
        />
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={captcha.renew}
          disabled={captcha.svg === null && !captcha.failed}
        >
          {t('account.captchaReload')}
        </button>
      </div>
      {captcha.failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t('accountPage.form.failed')}
        </p>
      ) : null}
      <div className="max-w-xs">
        <TextField
          form={form}
          name="captchaCode"
          label={t('validation.captchaLabel')}
          autoComplete="off"
          required
        />
      </div>
    </div>
  )
}
