import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminLoginSchema,
  DeeplinkQuerySchema,
  LoginStepSchema,
  LostPasswordSchema,
  MIN_ADMIN_PASSWORD_LENGTH,
  RecoveryCodesSchema,
  ResetPasswordSchema,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
} from '@optika/domain/admin/auth-api'
import type { Env } from '../../platform/env.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { Mailer } from '../../platform/mail/create-mailer.ts'
import {
  clearSessionCookie,
  findLiveSession,
  setSessionCookie,
  type LiveSession,
} from './admin-sessions.ts'
import { authContextOf } from './auth-context.ts'
import { deeplinkTarget } from './deeplink.ts'
import { requestPasswordReset, resetPassword, signInWithToken } from './one-time-links.ts'
import { registerAdminSessionHook } from './require-admin.ts'
import { signInWithPassword, signOut } from './sign-in.ts'
import { confirmTwoFactorSetup, startTwoFactorSetup, verifySecondFactor } from './two-factor.ts'

export interface AdminAuthDeps {
  readonly env: Pick<Env, 'PUBLIC_URL'>
  readonly translator: Translator
  readonly mailer: Mailer
}

const tags = ['admin-auth']
const ErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})

/**
 * Schema messages of the sign-in forms are translation keys (packages/domain): a failed
 * validation answers 400 with each field's message in the request's language.
 */
function assertValid(request: FastifyRequest, translator: Translator): void {
  const error = request.validationError
  if (!error) return
  const issues: readonly ZodFastifySchemaValidationError[] = hasZodFastifySchemaValidationErrors(
    error,
  )
    ? (error as { validation: ZodFastifySchemaValidationError[] }).validation
    : []
  throw new AppError(
    400,
    'VALIDATION_ERROR',
    'validation.formError',
    {},
    issues.map((issue) => ({
      path: `${error.validationContext ?? ''}${issue.instancePath}`,
      message: issue.message?.startsWith('validation.')
        ? translator.t(request.ctx.locale, issue.message, { value: MIN_ADMIN_PASSWORD_LENGTH })
        : (issue.message ?? ''),
    })),
  )
}

/** The live session of the cookie at any stage, or 401. */
async function requireSession(request: FastifyRequest): Promise<LiveSession> {
  const token = readCookie(request, 'adminSession')
  const session = token ? await findLiveSession(request.ctx.db, token) : null
  if (!session) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  return session
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store')
}

/**
 * Back-office sign-in: the session hook (request.admin), password login, second factor and its
 * set-up, logout, lost password and reset, token-login and deep links.
 */
export function registerAdminAuth(app: FastifyInstance, deps: AdminAuthDeps): void {
  const { translator, mailer, env } = deps
  registerAdminSessionHook(app)
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/admin/login',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Sign in with username and password; says whether a second factor follows',
        body: AdminLoginSchema,
        response: { 200: LoginStepSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      assertValid(request, translator)
      const { step, session } = await signInWithPassword(
        authContextOf(request),
        request.body,
        readCookie(request, 'adminSession'),
      )
      setSessionCookie(reply, session.token)
      noStore(reply)
      return step
    },
  )

  r.post(
    '/admin/login/2fa',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Second factor: a TOTP code (usable once) or an unused recovery code',
        body: TwoFactorCodeSchema,
        response: { 200: LoginStepSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request)
      assertValid(request, translator)
      const completed = await verifySecondFactor(authContextOf(request), session, request.body.code)
      setSessionCookie(reply, completed.token)
      noStore(reply)
      return { next: 'done' as const, returnTo: '/admin' }
    },
  )

  r.get(
    '/admin/login/2fa-setup-secret',
    {
      schema: {
        tags,
        summary: 'A new pending TOTP secret and its QR code (forced set-up or profile)',
        response: { 200: TwoFactorSetupSchema, 401: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request)
      if (session.stage === 'password') throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
      noStore(reply)
      return startTwoFactorSetup(request.ctx.db, session.user)
    },
  )

  r.post(
    '/admin/login/2fa-setup',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Confirms the pending secret with a code; enables 2FA and returns recovery codes',
        body: TwoFactorCodeSchema,
        response: {
          200: RecoveryCodesSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request)
      assertValid(request, translator)
      const result = await confirmTwoFactorSetup(authContextOf(request), session, request.body.code)
      setSessionCookie(reply, result.session.token)
      noStore(reply)
      return { recoveryCodes: result.recoveryCodes }
    },
  )

  r.post(
    '/admin/logout',
    {
      schema: {
        tags,
        summary: 'Ends the current back-office session (any stage)',
        response: { 204: z.null(), 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request)
      await signOut(authContextOf(request), session)
      clearSessionCookie(reply)
      return reply.status(204).send(null)
    },
  )

  r.post(
    '/admin/login/lost-password',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Mails a single-use reset link (1 h) if the username or e-mail is known',
        body: LostPasswordSchema,
        response: { 200: z.object({ sent: z.literal(true) }), 400: ErrorSchema },
      },
    },
    async (request) => {
      assertValid(request, translator)
      return requestPasswordReset(
        authContextOf(request),
        { translator, mailer, publicUrl: env.PUBLIC_URL },
        request.body,
      )
    },
  )

  r.post(
    '/admin/login/reset-password',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Sets a new password through a reset or invitation link; does not sign in',
        body: ResetPasswordSchema,
        response: { 204: z.null(), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      assertValid(request, translator)
      await resetPassword(authContextOf(request), request.body)
      return reply.status(204).send(null)
    },
  )

  r.get(
    '/admin/login/token',
    {
      schema: {
        tags,
        summary: 'Signs in through a single-use token-login link, then redirects',
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const { token } = request.query
      const signedIn = token ? await signInWithToken(authContextOf(request), token) : null
      noStore(reply)
      if (!signedIn) return reply.redirect('/admin/login?error=link', 302)
      setSessionCookie(reply, signedIn.session.token)
      return reply.redirect(signedIn.redirectTo, 302)
    },
  )

  r.get(
    '/admin/login/deeplink',
    {
      schema: {
        tags,
        summary:
          'Opens an element (?type=object&id=123 or ?object_123_object), through the login if needed',
        querystring: DeeplinkQuerySchema,
      },
    },
    async (request, reply) => {
      const target = deeplinkTarget(request.query) ?? '/admin'
      if (request.admin) return reply.redirect(target, 302)
      return reply.redirect(`/admin/login?returnTo=${encodeURIComponent(target)}`, 302)
    },
  )
}
