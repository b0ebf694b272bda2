import { useQuery } from '@tanstack/react-query'
import { RecoveryCodesSchema, TwoFactorSetupSchema } from '@optika/domain/admin/auth-api'
import type { UpdateCurrentUserSchema } from '@optika/domain/admin/users-api'
import type { z } from 'zod'
import { getJson, readJsonBody, sendJson, toApiError } from '../../../../lib/api-client.ts'

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

/** The upload's content types (the server normalizes the picture to a 256×256 WebP). */
export const USER_IMAGE_ACCEPT = ['image/png', 'image/jpeg', 'image/webp'] as const

/** POST /admin/user/upload-current-user-image — the raw file, sent with its own content type. */
export async function uploadCurrentUserImage(file: File): Promise<void> {
  const response = await fetch('/admin/user/upload-current-user-image', {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': file.type || 'application/octet-stream',
    },
    body: file,
    credentials: 'same-origin',
  })
  const body = await readJsonBody(response)
  if (!response.ok) throw toApiError(response, body)
}

/** Changes whenever the own picture is replaced, so its address changes and the browser reloads it. */
export const userImageVersionKey = (id: number) => ['admin', 'user-image-version', id] as const

export function useUserImageVersion(id: number) {
  return useQuery({
    queryKey: userImageVersionKey(id),
    queryFn: () => 0,
    staleTime: Infinity,
    gcTime: Infinity,
  })
}

/** The picture's address; undefined when the user has none (the avatar shows initials then). */
export function userImageUrl(id: number, hasImage: boolean, version: number): string | undefined {
  if (!hasImage) return undefined
  return `/admin/user/get-image?id=${id}${version === 0 ? '' : `&v=${version}`}`
}
