import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { settingsKeys } from '../api/settings-api.ts'

const LOGO_URL = '/admin/settings/display-custom-logo'

/** The custom logo's version (its last change), or null when none is set or it cannot be read. */
function useCustomLogoVersion() {
  return useQuery({
    queryKey: settingsKeys.logo,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => {
      const response = await fetch(LOGO_URL, { method: 'GET', credentials: 'same-origin' })
      await response.body?.cancel()
      return response.ok ? (response.headers.get('last-modified') ?? 'set') : null
    },
  })
}

/** The shop's own logo in the header, beside the product name, when one was uploaded (issue 19). */
export function CustomLogo() {
  const { t } = useTranslation()
  const version = useCustomLogoVersion()
  if (!version.data) return null
  return (
    <img
      src={`${LOGO_URL}?v=${encodeURIComponent(version.data)}`}
      alt={t('systemSettings.logo.alt')}
      data-testid="custom-logo"
      style={{ height: 32, width: 'auto', maxWidth: 160, objectFit: 'contain', display: 'block' }}
    />
  )
}
