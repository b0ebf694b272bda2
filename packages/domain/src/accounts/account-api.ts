import { z } from 'zod'
import { COUNTRIES, type Country } from '../commerce/countries.ts'
import { isValidPhone, isValidPostcode, phoneExample, postcodeExample } from './contact-formats.ts'

/**
 * The storefront account API (issue 7). Forms and handlers share these schemas: zod messages are
 * translation keys of the seed catalogue (`validation.*`), translated by the server's error
 * handler and by the forms. Field rules that depend on the country (phone, postcode) live in
 * `contact-formats.ts` and are applied by `superRefine` here.
 *
 * Paths (all JSON; unsafe methods need the same-origin guard's headers like every API call):
 * - GET  /api/account/captcha                 → CaptchaChallenge (a new challenge each call)
 * - POST /api/account/register                RegistrationInput → RegistrationAnswer (signs in;
 *                                              409 EMAIL_EXISTS / USERNAME_TAKEN, 409 LOGOUT_FIRST)
 *                                              A failed submit uses the captcha up: load a new one.
 * - POST /api/account/login                   LoginInput → { customer: AccountSummary } (401, 429)
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

/**
 * An address the form may send half-filled because it is not used (the delivery address while
 * "shipping address different from billing" is off); `RegistrationSchema` checks it only when used.
 */
export const AddressDraftSchema = z.object({
  name: optional(),
  company: optional(),
  street: optional(),
  city: optional(),
  postcode: optional(20),
  region: optional(),
  country: z.union([z.enum(COUNTRIES), z.literal('')]).optional(),
  phone: optional(40),
})

export const CaptchaChallengeSchema = z.object({
  id: z.string(),
  /** An SVG image of the code, ready to inline (format: captcha-glyphs.ts). */
  svg: z.string(),
})
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>

/** Password rules (seed section 5): fill in, at least 8 characters, confirm, the same twice. */
const newPassword = () =>
  z
    .string()
    .min(1, { error: 'validation.passwordFill', abort: true })
    .min(MIN_PASSWORD_LENGTH, 'validation.minLength')
    .max(1000)
const passwordRepeat = () => z.string().min(1, 'validation.passwordConfirm').max(1000)

/** Registration of a customer or a partner (company). `RegistrationSchema` adds the cross-field rules. */
export const RegistrationBaseSchema = z.object({
  kind: z.enum(['customer', 'partner'], 'validation.required'),
  username: optional(100),
  email: z.string().trim().min(1, 'validation.contactEmail').max(200, 'validation.emailInvalid'),
  password: newPassword(),
  passwordRepeat: passwordRepeat(),
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
  deliveryAddress: AddressDraftSchema.optional(),
  newsletter: z.boolean().default(false),
  terms: z.literal(true, 'account.termsRequired'),
  privacy: z.literal(true, 'account.privacyRequired'),
  captchaId: z.string().max(100),
  captchaCode: z.string().trim().min(1, 'validation.captchaRequired').max(20),
})
export type RegistrationInput = z.input<typeof RegistrationBaseSchema>

type Issue = { path: (string | number)[]; message: string; params?: Record<string, string> }
type IssueSink = { addIssue(issue: Issue & { code: 'custom' }): void }
const issue = (
  ctx: IssueSink,
  path: (string | number)[],
  message: string,
  params?: Record<string, string>,
) => ctx.addIssue({ code: 'custom', path, message, ...(params ? { params } : {}) })

/**
 * E-mail rules: "in wrong format" is a syntax error (no `@`, spaces, two `@`); "invalid" is
 * well-formed but unusable: a domain without a dot, a bad label, an IP literal, too long.
 */
export function emailProblem(
  email: string,
): 'validation.emailFormat' | 'validation.emailInvalid' | null {
  const value = email.trim()
  if (value === '') return null
  const match = /^([^\s@]+)@([^\s@]+)$/.exec(value)
  if (!match) return 'validation.emailFormat'
  const [, local = '', domain = ''] = match
  if (local.length > 64 || value.length > 254) return 'validation.emailInvalid'
  if (!/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(local) || /^\.|\.$|\.\./.test(local)) {
    return 'validation.emailFormat'
  }
  const labels = domain.toLowerCase().split('.')
  if (labels.length < 2) return 'validation.emailInvalid'
  const label = /^(?!-)[a-z0-9\u00a1-\uffff-]{1,63}(?<!-)$/
  if (!labels.every((l) => label.test(l))) return 'validation.emailInvalid'
  const tld = labels.at(-1) ?? ''
  if (!/^([a-z\u00a1-\uffff]{2,63}|xn--[a-z0-9-]+)$/.test(tld)) return 'validation.emailInvalid'
  return null
}

function checkEmail(ctx: IssueSink, email: string, path: string[] = ['email']): void {
  const problem = emailProblem(email)
  if (problem) issue(ctx, path, problem)
}

function checkNewPasswords(
  ctx: IssueSink,
  value: { password: string; passwordRepeat: string },
): void {
  if (
    value.password.length >= MIN_PASSWORD_LENGTH &&
    value.passwordRepeat !== '' &&
    value.password !== value.passwordRepeat
  ) {
    issue(ctx, ['passwordRepeat'], 'validation.passwordsSame')
  }
}

function checkPhone(
  ctx: IssueSink,
  phone: string | undefined,
  country: Country,
  path: (string | number)[],
): void {
  if (phone && phone.trim() !== '' && !isValidPhone(phone)) {
    issue(ctx, path, 'validation.phoneFormat', { phone: phoneExample(country) })
  }
}

function checkAddress(
  ctx: IssueSink,
  address: z.infer<typeof AddressDraftSchema> | undefined,
  path: string,
  fallbackCountry: Country,
): void {
  for (const field of ['street', 'city', 'postcode'] as const) {
    if (!address?.[field]) issue(ctx, [path, field], 'validation.required')
  }
  const country = address?.country
  if (!country) {
    issue(ctx, [path, 'country'], 'validation.required')
  } else if (address.postcode && !isValidPostcode(address.postcode, country)) {
    issue(ctx, [path, 'postcode'], 'validation.zipFormat', {
      example: postcodeExample(country),
    })
  }
  checkPhone(ctx, address?.phone, country || fallbackCountry, [path, 'phone'])
}

/**
 * THE registration rules, for the form and the server alike (seed sections 3, 5 and 9): every
 * message is a catalogue key; `params` fill its placeholders (`{{phone}}` of the phone hint).
 * Whether the e-mail or username is taken and the captcha answer are checked by the server.
 */
export const RegistrationSchema = RegistrationBaseSchema.superRefine((value, ctx) => {
  const country = value.billingAddress.country
  checkEmail(ctx, value.email)
  checkNewPasswords(ctx, value)
  if (value.username !== undefined && value.username !== '') {
    if (value.username.length < MIN_USERNAME_LENGTH) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: MIN_USERNAME_LENGTH,
        inclusive: true,
        path: ['username'],
        message: 'validation.minLength',
      })
    } else if (!/^[\p{L}\p{N}._-]+$/u.test(value.username)) {
      issue(ctx, ['username'], 'account.usernameFormat')
    }
  }
  checkPhone(ctx, value.phone, country, ['phone'])
  if (!isValidPostcode(value.billingAddress.postcode, country)) {
    issue(ctx, ['billingAddress', 'postcode'], 'validation.zipFormat', {
      example: postcodeExample(country),
    })
  }
  checkPhone(ctx, value.billingAddress.phone, country, ['billingAddress', 'phone'])
  if (value.deliveryDiffers) checkAddress(ctx, value.deliveryAddress, 'deliveryAddress', country)
  if (value.kind === 'partner') {
    // A reseller is a company: the shop approves it by its name and TIN (IČO).
    if (!value.company) issue(ctx, ['company'], 'validation.required')
    if (!value.tin) issue(ctx, ['tin'], 'validation.required')
  }
  if (value.website && !/^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i.test(value.website)) {
    issue(ctx, ['website'], 'account.websiteFormat')
  }
  if (value.gps && !/^-?\d{1,2}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/.test(value.gps)) {
    issue(ctx, ['gps'], 'account.gpsFormat')
  }
})

export const LoginSchema = z.object({
  /** E-mail or username. */
  login: z.string().trim().min(1, 'validation.usernameRequired').max(200),
  password: z.string().min(1, 'validation.passwordRequired').max(1000),
})
export type LoginInput = z.infer<typeof LoginSchema>

export const LostPasswordSchema = z
  .object({
    email: z.string().trim().min(1, 'validation.contactEmail').max(200, 'validation.emailInvalid'),
  })
  .superRefine((value, ctx) => checkEmail(ctx, value.email))
export type LostPasswordInput = z.infer<typeof LostPasswordSchema>

export const ResetPasswordBaseSchema = z.object({
  token: z.string().min(10, 'account.linkInvalid').max(200, 'account.linkInvalid'),
  password: newPassword(),
  passwordRepeat: passwordRepeat(),
})
export const ResetPasswordSchema = ResetPasswordBaseSchema.superRefine((value, ctx) =>
  checkNewPasswords(ctx, value),
)
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>

export const ChangePasswordBaseSchema = z.object({
  currentPassword: z.string().min(1, 'validation.passwordRequired').max(1000),
  password: newPassword(),
  passwordRepeat: passwordRepeat(),
})
/** Re-authentication failure answers 'auth.wrongPassword' ("Login failed. Wrong password"). */
export const ChangePasswordSchema = ChangePasswordBaseSchema.superRefine((value, ctx) =>
  checkNewPasswords(ctx, value),
)

export const AccountSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(['customer', 'partner']),
  email: z.string(),
  displayName: z.string(),
  clientNumber: z.string(),
  partnerStatus: z.enum(['pending', 'approved', 'rejected']).nullable(),
  isModerator: z.boolean(),
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

export const AccountAnswerSchema = z.object({ customer: AccountSummarySchema })
export const MeAnswerSchema = z.object({ customer: AccountSummarySchema.nullable() })

/**
 * The answer to a registration: the account (signed in) and the translated messages to show:
 * 'Registration finished', and for partners that the partner profile is activated later.
 */
export const RegistrationAnswerSchema = z.object({
  customer: AccountSummarySchema,
  messages: z.array(z.string()),
})
export type RegistrationAnswer = z.infer<typeof RegistrationAnswerSchema>

export const LostPasswordAnswerSchema = z.object({ sent: z.literal(true) })
