import { z } from 'zod'

/**
 * The back-office sign-in API (all under /admin/login unless noted). Forms and handlers share
 * these schemas. Errors are the server's `{ code, message }`; messages are translation keys'
 * texts: wrong username/password → 'Username or password is not valid.' (auth.usernameOrPasswordInvalid),
 * a bad second factor or link → 'Credentials are not valid' (auth.credentialsNotValid).
 */

export const AdminLoginSchema = z.object({
  username: z.string().trim().min(1, 'validation.usernameRequired').max(200),
  password: z.string().min(1, 'validation.passwordRequired').max(1000),
  /** Where to go after signing in: an /admin path only (anything else is ignored). */
  returnTo: z.string().max(2000).optional(),
})
export type AdminLogin = z.infer<typeof AdminLoginSchema>

/** What the sign-in screen does next. */
export const LoginStepSchema = z.object({
  next: z.enum(['done', 'twoFactor', 'twoFactorSetup']),
  /** A safe /admin path to open when `next` is 'done'. */
  returnTo: z.string(),
})
export type LoginStep = z.infer<typeof LoginStepSchema>

/** POST /admin/login/2fa — a 6-digit TOTP code or one unused recovery code. */
export const TwoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/),
})

/**
 * GET /admin/login/2fa-setup-secret (forced set-up; GET /admin/login/2fa-setup is the screen) and
 * GET /admin/user/renew-2fa-qr-secret (profile).
 */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG QR code of otpauthUrl, ready to inline. */
  qrCodeSvg: z.string(),
})

/** POST /admin/login/2fa-setup and POST /admin/user/confirm-2fa — answer: the recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) })

/** POST /admin/login/lost-password — always answers { sent: true }, whether or not the account exists. */
export const LostPasswordSchema = z.object({ username: z.string().trim().min(1).max(200) })

/**
 * The password rules of the seed (section 5), used by reset, invitation and profile. Messages are
 * translation keys: 'Please fill in the password', 'Please confirm your password', 'The field must
 * contain a minimum of {{value}} characters' (value = MIN_ADMIN_PASSWORD_LENGTH) and
 * 'Unfortunately, the passwords you have entered do not match!'.
 */
export const MIN_ADMIN_PASSWORD_LENGTH = 12
export const NewPasswordSchema = z
  .object({
    password: z
      .string({ error: 'validation.passwordFill' })
      .min(1, 'validation.passwordFill')
      .min(MIN_ADMIN_PASSWORD_LENGTH, 'validation.minLength'),
    passwordRepeat: z
      .string({ error: 'validation.passwordConfirm' })
      .min(1, 'validation.passwordConfirm'),
  })
  .refine((v) => v.password === v.passwordRepeat, {
    path: ['passwordRepeat'],
    message: 'validation.passwordsMismatch',
  })

/** POST /admin/login/reset-password — a reset or invitation link's token and the new password. */
export const ResetPasswordSchema = z
  .object({ token: z.string().min(20).max(200) })
  .and(NewPasswordSchema)

/**
 * GET /admin/login/deeplink — `?type=object&id=123`, or Pimcore's own form `?object_123_object`
 * whose key is the whole link. `type` and `id` are named so the OpenAPI document lists them.
 */
const QueryValueSchema = z.union([z.string(), z.array(z.string())])
export const DeeplinkQuerySchema = z
  .object({ type: QueryValueSchema.optional(), id: QueryValueSchema.optional() })
  .catchall(QueryValueSchema)
