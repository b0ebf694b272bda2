import { RecoveryCodesSchema, TwoFactorSetupSchema } from '@optika/domain/admin/auth-api'
import type { UpdateCurrentUserSchema } from '@optika/domain/admin/users-api'
import type { z } from 'zod'
import { getJson, sendJson } from '../../../lib/api-client.ts'

export async function updateCurrentUser(input: z.input<typeof UpdateCurrentUserSchema>) {
  await sendJson('PUT', '/admin/user/update-current-user', input)
}

/** A fresh TOTP secret for the profile's 2FA set-up (not active until confirmed). */
export async function renewTwoFactorSecret() {
  return TwoFactorSetupSchema.parse(await getJson('/admin/user/renew-2fa-qr-secret'))
}

export async function confirmTwoFactor(code: string) {
  return RecoveryCodesSchema.parse(await sendJson('POST', '/admin/user/confirm-2fa', { code }))
}

/** Switches the user's own 2FA off (the same call an admin uses for another user). */
export async function disableOwnTwoFactor(id: number) {
  await sendJson('POST', '/admin/user/disable-2fa', { id })
}
