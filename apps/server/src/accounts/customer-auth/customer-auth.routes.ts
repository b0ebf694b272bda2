import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  AccountAnswerSchema,
  CaptchaChallengeSchema,
  LoginSchema,
  LostPasswordAnswerSchema,
  LostPasswordSchema,
  MeAnswerSchema,
  RegistrationAnswerSchema,
  RegistrationSchema,
  ResetPasswordSchema,
} from '@optika/domain/accounts/account-api'
import { customerTokens } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import type { AccountRouteDeps } from '../customer-profile/account-route-deps.ts'
import { accountSummaryOf } from './account-summary.ts'
import { createCaptchaChallenge, verifyCaptcha } from './captcha.ts'
import { checkCustomerCredentials, signInAs } from './customer-sign-in.ts'
import { clearCustomerSessionCookie, endCustomerSession, hashToken } from './customer-sessions.ts'
import { resetCustomerPassword, sendPasswordResetLink } from './password-reset.ts'
import { registerCustomer } from './register-customer.ts'
import { sendDocumentMail } from '../../cms/mails/send-document-mail.ts'

const tags = ['account']
const ErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})

/** At most this many lost-password mails per account per hour; more asks are answered alike. */
const MAX_RESET_MAILS_PER_HOUR = 3

/** Account answers carry personal data and set cookies: never cached. */
const NO_STORE = 'no-store'

/** What a sign-in asks of the cart (commerce's cart service): the guest cart joins the customer's. */
export interface GuestCartMerge {
  mergeGuestCart(request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void>
}

/** Registration, captcha, login/logout, lost and new password (issue 7, decision 017). */
export async function registerCustomerAuthRoutes(
  app: FastifyInstance,
  deps: AccountRouteDeps & { readonly cart: GuestCartMerge },
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const { db, translator } = deps

  typed.get(
    '/api/account/captcha',
    {
      schema: {
        tags,
        summary: 'A new captcha challenge (single use, 10 minutes)',
        response: { 200: CaptchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', NO_STORE)
      return createCaptchaChallenge(db)
    },
  )

  typed.post(
    '/api/account/register',
    {
      schema: {
        tags,
        summary: 'Registers a customer or a partner (pending approval) and signs them in',
        body: RegistrationSchema,
        response: { 200: RegistrationAnswerSchema, 400: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      // Seed section 6: a signed-in user cannot register anew and must log out first.
      if (request.viewer.customerId !== null) {
        throw new AppError(409, 'LOGOUT_FIRST', 'auth.logoutBeforeRegister')
      }
      const input = request.body
      // The captcha comes first (and is used up), so a bot learns nothing, not even whether an
      // e-mail is registered, without solving one.
      if (!(await verifyCaptcha(db, input.captchaId, input.captchaCode))) {
        throw new AppError(400, 'CAPTCHA_WRONG', 'validation.formError', {}, [
          { path: 'body/captchaCode', key: 'account.captchaWrong' },
        ])
      }
      const locale = request.ctx.locale
      const customer = await registerCustomer(db, input, { locale })
      // Registration signs in (decision 017): the new customer lands in the shop signed in.
      await signInAs(request, reply, customer.id)
      await deps.cart.mergeGuestCart(request, reply, customer.id) // guest cart → customer's
      const name = `${customer.firstName} ${customer.lastName}`.trim()
      const partner = customer.kind === 'partner'
      await sendDocumentMail({ ...deps, log: request.log }, 'registration-finished', {
        locale,
        to: customer.email,
        values: { name, clientNumber: customer.clientNumber, partner },
        mail: { requestId: request.id, log: request.log },
      })
      request.log.info({ customerId: customer.id, kind: customer.kind }, 'customer registered')
      reply.header('cache-control', NO_STORE)
      return {
        customer: accountSummaryOf(customer),
        messages: [
          translator.t(locale, 'registration.finished'),
          ...(partner ? [translator.t(locale, 'registration.partnerActivatedLater')] : []),
        ],
      }
    },
  )

  typed.post(
    '/api/account/login',
    {
      schema: {
        tags,
        summary: 'Signs in with e-mail or username and password (a new session)',
        body: LoginSchema,
        response: {
          200: AccountAnswerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const customer = await checkCustomerCredentials(db, {
        login: request.body.login,
        password: request.body.password,
        ip: request.ip,
      })
      await signInAs(request, reply, customer.id)
      await deps.cart.mergeGuestCart(request, reply, customer.id) // guest cart → customer's
      request.log.info({ customerId: customer.id }, 'customer signed in')
      reply.header('cache-control', NO_STORE)
      return { customer: accountSummaryOf(customer) }
    },
  )

  typed.post(
    '/api/account/logout',
    { schema: { tags, summary: 'Ends this session and clears the cookie' } },
    async (request, reply) => {
      const token = readCookie(request, 'customerSession')
      if (token) await endCustomerSession(db, hashToken(token))
      clearCustomerSessionCookie(reply)
      return reply.status(204).send()
    },
  )

  typed.get(
    '/api/account/me',
    {
      schema: {
        tags,
        summary: 'The signed-in customer, or null',
        response: { 200: MeAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE)
      const id = request.viewer.customerId
      if (id === null) return { customer: null }
      const [customer] = await db.select().from(customers).where(eq(customers.id, id))
      return { customer: customer ? accountSummaryOf(customer) : null }
    },
  )

  typed.post(
    '/api/account/lost-password',
    {
      schema: {
        tags,
        summary: 'Mails a single-use link to set a new password (always answers sent)',
        body: LostPasswordSchema,
        response: { 200: LostPasswordAnswerSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const [customer] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            sql`lower(${customers.email}) = lower(${request.body.email})`,
            isNull(customers.deletedAt),
          ),
        )
        .limit(1)
      if (customer) {
        const [recent] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(customerTokens)
          .where(
            and(
              eq(customerTokens.customerId, customer.id),
              eq(customerTokens.kind, 'passwordReset'),
              isNull(customerTokens.createdBy),
              gt(customerTokens.createdAt, sql`now() - interval '1 hour'`),
            ),
          )
        // Not a way to flood somebody's mailbox; the answer stays the same.
        if ((recent?.count ?? 0) < MAX_RESET_MAILS_PER_HOUR) {
          await sendPasswordResetLink(deps, customer.id, {
            locale: request.ctx.locale,
            requestId: request.id,
            log: request.log,
          })
        }
      }
      return { sent: true as const }
    },
  )

  typed.post(
    '/api/account/reset-password',
    {
      schema: {
        tags,
        summary: 'Sets a new password through a reset link, ends other sessions, signs in',
        body: ResetPasswordSchema,
        response: { 200: AccountAnswerSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const customerId = await resetCustomerPassword(db, request.body)
      await signInAs(request, reply, customerId)
      await deps.cart.mergeGuestCart(request, reply, customerId) // guest cart → customer's
      const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
      if (!customer) throw new AppError(400, 'INVALID_TOKEN', 'account.linkInvalid')
      request.log.info({ customerId }, 'customer password reset')
      reply.header('cache-control', NO_STORE)
      return { customer: accountSummaryOf(customer) }
    },
  )
}
