import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminContactMessageListQuerySchema,
  AdminContactMessageListSchema,
  AdminContactMessageSchema,
  AdminContactTopicSchema,
  CONTACT_ATTACHMENT_MAX_BYTES,
  CONTACT_ATTACHMENTS_MAX,
  ContactAttachmentParamsSchema,
  ContactFormAnswerSchema,
  ContactMessageParamsSchema,
  ContactReplyInputSchema,
  ContactStatusInputSchema,
  ContactTopicInputSchema,
  ContactTopicListSchema,
  ContactTopicParamsSchema,
  ContactTopicsQuerySchema,
} from '@optika/domain/community/contact-api'
import { ZodError } from 'zod'
import { createCaptchaChallenge } from '../../accounts/customer-auth/captcha.ts'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { AppError } from '../../platform/http/app-error.ts'
import {
  getContactMessage,
  listContactMessages,
  openContactAttachment,
  replyToContactMessage,
  setContactMessageStatus,
  type StaffRequest,
} from './contact-messages-admin.ts'
import { createTopic, listActiveTopics, listAllTopics, updateTopic } from './contact-topics.ts'
import { receiveContactForm } from './receive-contact-form.ts'
import { parseContactForm, sendContactMessage, type ContactDeps } from './send-contact-message.ts'

const ErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** The no-JS captcha's challenge id, kept for the form's own address only. */
const CAPTCHA_COOKIE = 'optika-contact-captcha'

/**
 * A form a browser posts without JavaScript (it asks for HTML): answered with a redirect back to
 * its page, `?contact=sent` or `?contact=error&contactError=<keys>`, rather than with JSON.
 */
function isPlainFormPost(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? ''
  return request.isMultipart() && accept.includes('text/html')
}

/** The page to go back to: a path of this shop under a language, else the home page. */
export function safeReturnPath(value: unknown, locale: string): string {
  const fallback = `/${locale}`
  if (typeof value !== 'string' || value.length > 500) return fallback
  // Only the characters of an encoded path: no scheme, query, fragment, space or line break.
  if (!/^\/[a-z]{2}(\/[\w\-.~%!$&'()*+,;=:@/]*)?$/.test(value)) return fallback
  return value
}

/** The catalogue keys an error shows on the page (field errors first, then the message). */
function errorKeys(error: unknown): string[] {
  const keys: string[] = []
  if (error instanceof ZodError) keys.push(...error.issues.map((issue) => issue.message))
  else if (error instanceof AppError) {
    const fields = Array.isArray(error.details) ? (error.details as { key?: unknown }[]) : []
    for (const field of fields) if (typeof field.key === 'string') keys.push(field.key)
    if (keys.length === 0) keys.push(error.key)
  } else keys.push('contact.uploadInvalid')
  return [...new Set(keys.filter((key) => /^[a-zA-Z]+(\.[a-zA-Z]+)+$/.test(key)))].slice(0, 8)
}

function staffOf(request: FastifyRequest): StaffRequest {
  const admin = request.admin
  if (!admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  return {
    adminUserId: admin.userId,
    name: admin.name || admin.username,
    ip: request.ip,
    requestId: request.id,
    log: request.log,
  }
}

/**
 * The contact form (packages/domain/src/community/contact-api.ts): the storefront's topics and
 * POST /api/contact (JSON, or multipart with attachments — a form sent without JavaScript), and
 * the back office's messages and topics under /admin/contact (permission `contactMessages`).
 */
export async function registerContactRoutes(
  app: FastifyInstance,
  deps: ContactDeps,
): Promise<void> {
  const db = deps.mail.db
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: CONTACT_ATTACHMENT_MAX_BYTES,
        // One more than allowed, so a fourth file is refused with its own message.
        files: CONTACT_ATTACHMENTS_MAX + 1,
        fields: 20,
        fieldSize: 20_000,
        parts: 24,
      },
    })
    const r = scope.withTypeProvider<ZodTypeProvider>()
    const tags = ['contact']

    r.get(
      '/api/contact/topics',
      {
        schema: {
          tags,
          summary: "The contact form's active topics in the language",
          querystring: ContactTopicsQuerySchema,
          response: { 200: ContactTopicListSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=60')
        return { topics: await listActiveTopics(db, request.query.locale) }
      },
    )

    r.get(
      '/api/contact/captcha',
      {
        schema: {
          tags,
          summary: 'A captcha picture for the form sent without JavaScript',
          description:
            'Answers the SVG and keeps the challenge’s id in a cookie for POST /api/contact only.',
        },
      },
      async (request, reply) => {
        const challenge = await createCaptchaChallenge(db)
        return reply
          .setCookie(CAPTCHA_COOKIE, challenge.id, {
            path: '/api/contact',
            httpOnly: true,
            sameSite: 'lax',
            secure: request.server.cookiePolicy.secure,
            maxAge: 600,
          })
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .type('image/svg+xml')
          .send(challenge.svg)
      },
    )

    r.post(
      '/api/contact',
      {
        schema: {
          tags,
          summary: "The contact form's message to the shop (a visitor answers the captcha first)",
          description:
            'JSON (ContactForm) or multipart/form-data with the same fields and up to three ' +
            '`attachments` (pictures or PDF, 5 MB each). Stored and mailed to the topic’s address.',
          response: {
            200: ContactFormAnswerSchema,
            400: ErrorSchema,
            413: ErrorSchema,
            415: ErrorSchema,
            422: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        const plain = isPlainFormPost(request)
        let returnTo = `/${request.ctx.locale}`
        try {
          const received = await receiveContactForm(request)
          try {
            const fields = { ...received.fields }
            returnTo = safeReturnPath(fields['returnTo'], request.ctx.locale)
            delete fields['returnTo']
            // Without JavaScript the challenge's id comes from the captcha picture's cookie.
            if (!fields['captchaId']) fields['captchaId'] = request.cookies[CAPTCHA_COOKIE] ?? ''
            const input = parseContactForm(fields)
            await sendContactMessage(
              deps,
              { viewer: request.viewer, requestId: request.id, log: request.log },
              input,
              received.attachments,
            )
          } finally {
            await received.cleanUp()
          }
        } catch (error) {
          if (!plain) throw error
          const query = new URLSearchParams({
            contact: 'error',
            contactError: errorKeys(error).join(','),
          })
          return reply.redirect(`${returnTo}?${query.toString()}#contact-form`, 303)
        }
        if (plain) return reply.redirect(`${returnTo}?contact=sent#contact-form`, 303)
        return { sent: true as const }
      },
    )

    // ── Back office ─────────────────────────────────────────────────────────────────────────
    const adminTags = ['admin contact']
    const guard = { preValidation: [requirePermission('contactMessages')] }

    r.get(
      '/admin/contact/messages',
      {
        ...guard,
        schema: {
          tags: adminTags,
          querystring: AdminContactMessageListQuerySchema,
          response: { 200: AdminContactMessageListSchema },
        },
      },
      async (request) => listContactMessages(db, request.query, request.ctx.locale),
    )
    r.get(
      '/admin/contact/messages/:id',
      {
        ...guard,
        schema: {
          tags: adminTags,
          params: ContactMessageParamsSchema,
          response: { 200: AdminContactMessageSchema },
        },
      },
      async (request) => getContactMessage(db, request.params.id, request.ctx.locale),
    )
    r.get(
      '/admin/contact/messages/:id/attachments/:position',
      {
        ...guard,
        schema: { tags: adminTags, params: ContactAttachmentParamsSchema },
      },
      async (request, reply) => {
        const file = await openContactAttachment(
          db,
          deps.assetStore,
          request.params.id,
          request.params.position,
        )
        return reply
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', attachmentDisposition(file.filename))
          .type(file.mimeType)
          .send(file.stream)
      },
    )
    r.post(
      '/admin/contact/messages/:id/reply',
      {
        ...guard,
        schema: {
          tags: adminTags,
          params: ContactMessageParamsSchema,
          body: ContactReplyInputSchema,
          response: { 200: AdminContactMessageSchema },
        },
      },
      async (request) =>
        replyToContactMessage(
          deps.mail,
          staffOf(request),
          request.params.id,
          request.body.body,
          request.ctx.locale,
        ),
    )
    r.post(
      '/admin/contact/messages/:id/status',
      {
        ...guard,
        schema: {
          tags: adminTags,
          params: ContactMessageParamsSchema,
          body: ContactStatusInputSchema,
          response: { 200: AdminContactMessageSchema },
        },
      },
      async (request) =>
        setContactMessageStatus(
          db,
          staffOf(request),
          request.params.id,
          request.body.status,
          request.ctx.locale,
        ),
    )
    r.get(
      '/admin/contact/topics',
      {
        ...guard,
        schema: { tags: adminTags, response: { 200: z.array(AdminContactTopicSchema) } },
      },
      async () => listAllTopics(db),
    )
    r.post(
      '/admin/contact/topics',
      {
        ...guard,
        schema: {
          tags: adminTags,
          body: ContactTopicInputSchema,
          response: { 200: AdminContactTopicSchema },
        },
      },
      async (request) => createTopic(db, staffOf(request), request.body),
    )
    r.put(
      '/admin/contact/topics/:id',
      {
        ...guard,
        schema: {
          tags: adminTags,
          params: ContactTopicParamsSchema,
          body: ContactTopicInputSchema,
          response: { 200: AdminContactTopicSchema },
        },
      },
      async (request) => updateTopic(db, staffOf(request), request.params.id, request.body),
    )
  })
}
