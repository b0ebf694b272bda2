import type { ReactNode } from 'react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { MIN_ADMIN_PASSWORD_LENGTH } from '@optika/domain/admin/auth-api'
import { ApiError } from './api-client.ts'

/**
 * The shared zod schemas name their messages by translation key ('validation.passwordFill');
 * this turns such a key into the text. A message that is not a key (a schema's default message)
 * reads as the generic "not entered correctly".
 */
export function useFieldError(): (error: ReactNode) => string | undefined {
  const { t, i18n } = useTranslation()
  return useCallback(
    (error: ReactNode) => {
      if (typeof error !== 'string' || error === '') return undefined
      if (i18n.exists(error)) {
        return t(error as 'admin.form.invalid', { value: MIN_ADMIN_PASSWORD_LENGTH })
      }
      return t('admin.form.invalid')
    },
    [t, i18n],
  )
}

/** The text to show for a failed request: the server's (already translated) message, or a generic one. */
export function useRequestError(): (error: unknown) => string | undefined {
  const { t } = useTranslation()
  return useCallback(
    (error: unknown) => {
      if (error === null || error === undefined) return undefined
      if (error instanceof ApiError && error.code !== 'HTTP_ERROR') return error.message
      return t('admin.form.requestFailed')
    },
    [t],
  )
}
