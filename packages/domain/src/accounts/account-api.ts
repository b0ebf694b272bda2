import { z } from 'zod'
import { COUNTRIES } from '../commerce/countries.ts'

/**
 * The storefront account API (issue 7). Forms and handlers share these schemas: zod messages are
 * translation keys of the seed catalogue (`validation.*`), translated by the server's error
 * handler and by the forms. Field rules that depend on the country (phone, postcode) live in
 * `contact-formats.ts` and are applied by `superRefine` here.
 *
 * Paths (all JSON; unsafe methods need the same-origin guard's headers like every API call):
 * - GET  /api/account/captcha                 → CaptchaChallenge (a new challenge each call)
 * - POST /api/account/register                RegistrationInput → { customer: AccountSummary }
 * - POST /api/account/login                   LoginInput → { customer: AccountSummary }
 * - POST /api/account/logout                  → 204
 * - GET  /api/account/me                      → { customer: AccountSummary | null }
 * - POST /api/account/lost-password           LostPasswordInput → { sent: true } (always)
 * - POST /api/account/reset-password          ResetPasswordInput → { customer: AccountSummary } (signs in)
 * - GET  /api/account/profile                 → Profile
 * - PUT  /api/account/profile                 ProfileInput → Profile
 * - PUT  /api/account/password                ChangePasswordInput → 204 (other sessions end)
 * - PUT  /api/account/newsletter              { newsletter: boolean } → Profile
 * - GET/POST /api/account/addresses, PUT/DELETE /api/account/addresses/{id}  AddressInput
 * - GET  /api/account/export                  → the customer's data as a JSON download
 * - POST /api/account/delete                  { password } → 204 (anonymizes, signs out)
 * - GET  /api/account/orders                  → order history (orders of the checkout issue)
 * - Partners (approved): GET /api/partner/price-lists, GET /api/partner/price-lists/{id}.{xlsx|csv|pdf},
 *   GET /api/partner/promotion-material, GET /api/partner/promotion-material/{id}/download,
 *   GET/POST /api/partner/complaints, GET /api/partner/complaints/{id},
 *   POST /api/partner/complaints/{id}/messages, POST /api/partner/complaints/{id}/photos
 */

export const MIN_PASSWORD_LENGTH = 8
export const MIN_USERNAME_LENGTH = 3

const required = (max = 200) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.required')
const optional = (max = 200) => z.string().trim().max(max).optional()

export const AddressSchema = z.object({
  name: optional(),
  company: optional(),
  street: required(),
  city: required(),
  postcode: required(20),
  region: optional(),
  country: z.enum(COUNTRIES, 'validation.required'),
  phone: optional(40),
})
export type AddressInput = z.infer<typeof AddressSchema>

export const CaptchaChallengeSchema = z.object({
  id: z.string(),
  /** An SVG image of the code, ready to inline. */
  svg: z.string(),
})
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>

/** Registration of a customer or a partner (company). `superRefine` adds the cross-field rules. */
export const RegistrationBaseSchema = z.object({
  kind: z.enum(['customer', 'partner']),
  username: optional(100),
  email: z.string().trim().min(1, 'validation.contactEmail').max(200),
  password: z.string().min(1, 'validation.passwordFill').max(1000),
  passwordRepeat: z.string().min(1, 'validation.passwordConfirm').max(1000),
  phone: required(40),
  firstName: required(),
  lastName: required(),
  company: optional(),
  tin: optional(40),
  vatId: optional(40),
  owner: optional(),
  contactPerson: optional(),
  website: optional(300),
  gps: optional(60),
  billingAddress: AddressSchema,
  deliveryDiffers: z.boolean().default(false),
  deliveryAddress: AddressSchema.optional(),
  newsletter: z.boolean().default(false),
  terms: z.literal(true, 'validation.termsRequired'),
  privacy: z.literal(true, 'validation.dataProcessingRequired'),
  captchaId: z.string().max(100),
  captchaCode: z.string().trim().min(1, 'validation.captchaRequired').max(20),
})
export type RegistrationInput = z.input<typeof RegistrationBaseSchema>

export const LoginSchema = z.object({
  /** E-mail or username. */
  login: z.string().trim().min(1, 'validation.usernameRequired').max(200),
  password: z.string().min(1, 'validation.passwordRequired').max(1000),
})
export type LoginInput = z.infer<typeof LoginSchema>

export const LostPasswordSchema = z.object({
  email: z.string().trim().min(1, 'validation.contactEmail').max(200),
})

export const ResetPasswordSchema = z.object({
  token: z.string().min(10).max(200),
  password: z.string().min(1, 'validation.passwordFill').max(1000),
  passwordRepeat: z.string().min(1, 'validation.passwordConfirm').max(1000),
})

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'validation.passwordRequired').max(1000),
  password: z.string().min(1, 'validation.passwordFill').max(1000),
  passwordRepeat: z.string().min(1, 'validation.passwordConfirm').max(1000),
})

/** What the header and pages know about the signed-in customer. */
export interface AccountSummary {
  readonly id: number
  readonly kind: 'customer' | 'partner'
  readonly email: string
  readonly displayName: string
  readonly clientNumber: string
  readonly partnerStatus: 'pending' | 'approved' | 'rejected' | null
  readonly isModerator: boolean
}
