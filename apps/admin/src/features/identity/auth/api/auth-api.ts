import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  LoginStepSchema,
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  type AdminLogin,
  type LoginStep,
} from '@optika/domain/admin/auth-api'
import { CurrentUserSchema, type CurrentUser } from '@optika/domain/admin/users-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const CURRENT_USER_QUERY_KEY = ['admin', 'current-user'] as const

/** GET /admin/user/get-current-user — a 401 means nobody is signed in. */
export async function getCurrentUser(): Promise<CurrentUser> {
  return CurrentUserSchema.parse(await getJson('/admin/user/get-current-user'))
}

/** The signed-in user; the auth guard has loaded it before any screen of the frame renders. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getCurrentUser,
    retry: false,
    staleTime: 60_000,
  })
}

/** The next step of a sign-in; a server answer without `returnTo` keeps the requested one. */
function readStep(body: unknown, fallbackReturnTo: string): LoginStep {
  const parsed = LoginStepSchema.partial().safeParse(body ?? {})
  const step = parsed.success ? parsed.data : {}
  return { next: step.next ?? 'done', returnTo: step.returnTo ?? fallbackReturnTo }
}

export async function login(input: AdminLogin): Promise<LoginStep> {
  return readStep(await sendJson('POST', '/admin/login', input), input.returnTo ?? '/admin')
}

/** The server does not remember where the sign-in was headed; the screen's address does. */
export async function verifyTwoFactor(code: string, returnTo: string): Promise<LoginStep> {
  const step = readStep(await sendJson('POST', '/admin/login/2fa', { code }), returnTo)
  return { ...step, returnTo }
}

export async function getForcedSetupSecret() {
  return TwoFactorSetupSchema.parse(await getJson('/admin/login/2fa-setup-secret'))
}

export async function confirmForcedSetup(code: string) {
  return RecoveryCodesSchema.parse(await sendJson('POST', '/admin/login/2fa-setup', { code }))
}

export async function logout(): Promise<void> {
  await sendJson('POST', '/admin/logout')
}

export async function requestPasswordReset(username: string): Promise<void> {
  await sendJson('POST', '/admin/login/lost-password', { username })
}

export async function resetPassword(input: {
  token: string
  password: string
  passwordRepeat: string
}): Promise<void> {
  await sendJson('POST', '/admin/login/reset-password', input)
}

/** Keeps a return path inside the back office; anything else returns to the dashboard. */
export function safeReturnTo(value: string | null | undefined): string {
  const parsed = z.string().startsWith('/admin').safeParse(value)
  if (!parsed.success) return '/admin'
  const path = parsed.data
  if (path.startsWith('//') || path.startsWith('/admin/login')) return '/admin'
  if (path !== '/admin' && !path.startsWith('/admin/') && !path.startsWith('/admin?')) {
    return '/admin'
  }
  return path
}

/** An /admin path as the router (basename /admin) sees it. */
export function toRouterLocation(adminPath: string): string {
  const rest = adminPath.slice('/admin'.length)
  return rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest
}
