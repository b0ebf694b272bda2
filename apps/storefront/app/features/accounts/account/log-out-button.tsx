import { useState } from 'react'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from './api-client.ts'
import { SECONDARY_BUTTON } from './form-fields.tsx'
import { useHydrated } from './use-hydrated.ts'

/** Ends the session and loads `then` (default: this page again) for an anonymous visitor. */
export function LogOutButton({ then }: { then?: string }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
  return (
    <button
      type="button"
      className={SECONDARY_BUTTON}
      disabled={busy || !hydrated}
      onClick={() => {
        setBusy(true)
        void callApi('POST', '/api/account/logout').then(() => {
          window.location.assign(then ?? window.location.pathname + window.location.search)
        })
      }}
    >
      {t('auth.logOut')}
    </button>
  )
}
