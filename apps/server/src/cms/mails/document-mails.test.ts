import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { MAIL_KINDS } from '@optika/domain/cms/mail-kinds'
import type { EmailPreview } from '@optika/domain/cms/email-api'
import { documents, documentTranslations } from '../../platform/db/schema/documents.ts'
import { adminWorkspaces, auditLog, emailLog } from '../../platform/db/schema/identity.ts'
import { createMailer } from '../../platform/mail/create-mailer.ts'
import { loadEnv } from '../../platform/env.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import { insertFullOrder } from '../../../test/kits/orders-test-kit.ts'
import { sendOrderConfirmation, shopMailAddress } from '../../commerce/orders/order-mails.ts'
import { findDocumentByPath } from '../documents/read-document-tree.ts'
import { builtInEmailTemplate } from './built-in-email-templates.ts'
import { emailDocumentPath, ensureDefaultEmailDocuments } from './default-email-documents.ts'
import { exampleMailValues } from './mail-samples.ts'
import { renderEmailDocument } from './render-email-document.ts'
import { publishedEmailDocuments, sendDocumentMail } from './send-document-mail.ts'
import { createChangeSignals } from '../../platform/db/change-signals.ts'
import { DOCUMENTS_CHANGED } from '../render/request-documents.ts'

let t: TestApp
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAIL_TRANSPORT: 'log' })
let editor: string
let outsider: string
const warnings: { object: object; message: string }[] = []
const log = { warn: (object: object, message: string) => warnings.push({ object, message }) }

function deps() {
  return {
    db: t.database.db,
    env: env,
    translator: t.translator,
    mailer: createMailer(env, t.database.db, t.jobs),
    log,
  }
}

async function mailsTo(address: string) {
  return t.database.db
    .select()
    .from(emailLog)
    .where(eq(emailLog.to, address))
    .orderBy(desc(emailLog.id))
}

async function emailDocument(locale: Locale, kind: (typeof MAIL_KINDS)[number]) {
  const row = await findDocumentByPath(t.database.db, emailDocumentPath(locale, kind))
  if (!row) throw new Error(`no ${kind} document in ${locale}`)
  return row
}

function call(cookie: string | null, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  })
}

beforeAll(async () => {
  t = await buildTestApp()
  const editorId = await insertAdminUser(t.database.db, {
    username: 'mail-editor',
    permissions: ['documents'],
  })
  // Viewing a document is enough to preview it and to send it as a test.
  await t.database.db
    .insert(adminWorkspaces)
    .values({ userId: editorId, elementType: 'document', path: '/', list: true, view: true })
  editor = await signIn(t.database.db, editorId)
  outsider = await signIn(
    t.database.db,
    await insertAdminUser(t.database.db, { username: 'mail-outsider', permissions: ['assets'] }),
  )
})

afterAll(async () => {
  await t.close()
})

describe('the default e-mail documents', () => {
  it('are inserted once per mail kind and language, and linked as translations', async () => {
    expect(await ensureDefaultEmailDocuments(t.database.db)).toBe(
      LOCALES.length * MAIL_KINDS.length,
    )
    expect(await ensureDefaultEmailDocuments(t.database.db)).toBe(0)
    const confirmation = await emailDocument('cs', 'order-confirmation')
    expect(confirmation).toMatchObject({
      type: 'email',
      template: 'email',
      published: true,
      path: '/cs/emails/',
      settings: {
        mailKind: 'order-confirmation',
        subject: 'Přijali jsme objednávku {{orderNumber}}',
      },
    })
    const english = await emailDocument('en', 'order-confirmation')
    const links = await t.database.db
      .select()
      .from(documentTranslations)
      .where(eq(documentTranslations.sourceId, confirmation.id))
    expect(links).toHaveLength(LOCALES.length)
    expect(links).toContainEqual({
      documentId: english.id,
      sourceId: confirmation.id,
      language: 'en',
    })
  })

  it('say what the built-in texts say, in every language', () => {
    for (const locale of LOCALES) {
      for (const kind of MAIL_KINDS) {
        const template = builtInEmailTemplate(t.translator, locale, kind)
        const mail = renderEmailDocument(template, exampleMailValues(kind))
        expect(mail.unknownPlaceholders, `${kind} ${locale}`).toEqual([])
        expect(mail.subject, `${kind} ${locale}`).not.toMatch(/\{\{|cmsMails\./)
      }
    }
  })

  it('come back only when a kind has no document in the language at all', async () => {
    const status = await emailDocument('en', 'order-status')
    await t.database.db
      .update(documents)
      .set({ key: 'status-moved', published: false })
      .where(eq(documents.id, status.id))
    expect(await ensureDefaultEmailDocuments(t.database.db)).toBe(0)
    await t.database.db
      .update(documents)
      .set({ key: 'order-status', published: true })
      .where(eq(documents.id, status.id))
  })
})

describe('a mail sent from its document', () => {
  it('says what the staff wrote, with the order filled in', async () => {
    const confirmation = await emailDocument('cs', 'order-confirmation')
    await t.database.db
      .update(documents)
      .set({
        editables: {
          body: {
            type: 'wysiwyg',
            data: '<p>Milá {{name}},</p><p>díky za objednávku <b>{{orderNumber}}</b>.</p><p>{{items}}</p>{{#bankDetails}}<p>Platba:</p>{{bankDetails}}{{/bankDetails}}<p>{{orderLink}}</p>',
          },
        },
        settings: {
          ...(confirmation.settings as object),
          subject: 'Objednávka {{orderNumber}} je naše',
        },
      })
      .where(eq(documents.id, confirmation.id))
    const order = await insertFullOrder(t.database.db, { locale: 'cs' })
    await sendOrderConfirmation(deps(), order.id)
    const [mail] = await mailsTo(`buyer${order.number}@example.com`)
    expect(mail!.subject).toBe(`Objednávka ${order.number} je naše`)
    expect(mail!.text).toContain('Milá Jana Nováková,')
    expect(mail!.text).toContain(`díky za objednávku ${order.number}.`)
    expect(mail!.text).toMatch(/Vistara Aviator Žlutá \(VIS-AVI-01\) \| 2 \|/)
    expect(mail!.text).toContain(`Variabilní symbol | ${order.number}`)
    expect(mail!.html).toContain(`<b>${order.number}</b>`)
    expect(mail!.html).toContain('<table')
    // A guest's order has no page in an account: the link's paragraph is dropped.
    expect(mail!.html).not.toContain('<p></p>')
    // The shop's copy still comes from its own (default) document.
    const shop = (await mailsTo(shopMailAddress(env))).find((m) => m.subject.includes(order.number))
    expect(shop?.text).toContain(`buyer${order.number}@example.com`)
  })

  it('goes to the address a shop mail’s document names', async () => {
    const contact = await emailDocument('en', 'contact-form')
    await t.database.db
      .update(documents)
      .set({ settings: { ...(contact.settings as object), to: 'support@optika.example' } })
      .where(eq(documents.id, contact.id))
    const sent = await sendDocumentMail(deps(), 'contact-form', {
      locale: 'en',
      to: 'shop@optika.example',
      values: { name: 'Petr', email: 'petr@example.com', message: '<b>Hi</b>', page: '' },
    })
    const [row] = await t.database.db.select().from(emailLog).where(eq(emailLog.id, sent.id))
    expect(row).toMatchObject({
      to: 'support@optika.example',
      subject: 'Message from the contact form: Petr',
    })
    expect(row!.html).toContain('&lt;b&gt;Hi&lt;/b&gt;')
  })

  it('falls back to the built-in text, with a warning, when the document is unpublished', async () => {
    const reset = await emailDocument('en', 'password-reset')
    await t.database.db
      .update(documents)
      .set({ published: false })
      .where(eq(documents.id, reset.id))
    warnings.length = 0
    const sent = await sendDocumentMail(deps(), 'password-reset', {
      locale: 'en',
      to: 'lost@example.com',
      values: { name: 'Lost', link: 'https://shop.example/en/new-password?token=x', minutes: 60 },
    })
    expect(sent.documentId).toBeNull()
    const [row] = await mailsTo('lost@example.com')
    expect(row!.subject).toBe(t.translator.t('en', 'account.resetMail.subject'))
    expect(row!.text).toContain('https://shop.example/en/new-password?token=x')
    expect(warnings).toEqual([
      expect.objectContaining({ object: { mailKind: 'password-reset', locale: 'en' } }),
    ])
  })

  it('written from the documents the process keeps, follows an edit at once', async () => {
    const kept = createChangeSignals(t.database).kept(DOCUMENTS_CHANGED, () =>
      publishedEmailDocuments(t.database.db),
    )
    const keptDeps = { ...deps(), emailDocuments: () => kept.get() }
    const status = await emailDocument('cs', 'order-status')
    const send = () =>
      sendDocumentMail(keptDeps, 'order-status', {
        locale: 'cs',
        to: 'kept@example.com',
        values: { name: 'Eva', orderNumber: '7', status: 'Odesláno', orderLink: '' },
      })
    const setSubject = (subject: string) =>
      t.database.db
        .update(documents)
        .set({ settings: { ...(status.settings as object), subject } })
        .where(eq(documents.id, status.id))

    await setSubject('Objednávka {{orderNumber}}: {{status}}')
    expect((await send()).rendered.subject).toBe('Objednávka 7: Odesláno')
    await setSubject('Stav objednávky {{orderNumber}} je {{status}}')
    const edited = await send()
    expect(edited).toMatchObject({ documentId: status.id })
    expect(edited.rendered.subject).toBe('Stav objednávky 7 je Odesláno')
    await t.database.db
      .update(documents)
      .set({ published: false })
      .where(eq(documents.id, status.id))
    expect((await send()).documentId).toBeNull()
    await t.database.db
      .update(documents)
      .set({ published: true })
      .where(eq(documents.id, status.id))
  })

  it('in a language whose document is gone comes from the built-in text', async () => {
    const hungarian = await emailDocument('hu', 'order-status')
    await t.database.db.delete(documents).where(eq(documents.id, hungarian.id))
    const sent = await sendDocumentMail(deps(), 'order-status', {
      locale: 'hu',
      to: 'hu@example.com',
      values: { name: 'Anna', orderNumber: '1', status: 'Elküldve', orderLink: '' },
    })
    expect(sent.documentId).toBeNull()
    expect(sent.rendered.subject).toBe(
      t.translator.t('hu', 'checkoutFlow.statusMail.subject', { number: '1', status: 'Elküldve' }),
    )
  })
})

describe('the preview and the test mail', () => {
  it('refuse anonymous callers and users without the documents key', async () => {
    const reset = await emailDocument('cs', 'password-reset')
    for (const url of ['/admin/email/preview', '/admin/email/send-test-email']) {
      const payload = { id: reset.id, to: 'x@example.com' }
      expect((await call(null, url, payload)).statusCode).toBe(401)
      expect((await call(outsider, url, payload)).statusCode).toBe(403)
    }
  })

  it('render what the editor holds with the newest order', async () => {
    const order = await insertFullOrder(t.database.db, { locale: 'en' })
    const confirmation = await emailDocument('cs', 'order-confirmation')
    const response = await call(editor, '/admin/email/preview', {
      id: confirmation.id,
      subject: 'Objednávka {{orderNumber}} {{nope}}',
      body: '<p onclick="x()">Číslo {{orderNumber}}</p><script>alert(1)</script>',
    })
    expect(response.statusCode).toBe(200)
    const preview = response.json<EmailPreview>()
    expect(preview).toMatchObject({
      subject: `Objednávka ${order.number} {{nope}}`,
      mailKind: 'order-confirmation',
      sample: 'data',
      unknownPlaceholders: ['nope'],
    })
    expect(preview.text).toBe(`Číslo ${order.number}\n`)
    expect(preview.html).not.toContain('<script')
    expect(preview.html).not.toContain('onclick')
    expect(preview.placeholders.map((p) => p.name)).toContain('items')
    // Nothing was stored.
    const after = await emailDocument('cs', 'order-confirmation')
    expect(after.settings).toEqual(confirmation.settings)
  })

  it('makes up values for a kind without real cases', async () => {
    const rejected = await emailDocument('en', 'partner-rejected')
    const preview = (
      await call(editor, '/admin/email/preview', { id: rejected.id })
    ).json<EmailPreview>()
    expect(preview.sample).toBe('example')
    expect(preview.text).toContain('Nemáte kamenný obchod.')
  })

  it('mails the preview to any address, logged and audited', async () => {
    const approved = await emailDocument('en', 'partner-approved')
    const response = await call(editor, '/admin/email/send-test-email', {
      id: approved.id,
      to: 'tester@example.com',
    })
    expect(response.statusCode).toBe(200)
    const { emailLogId } = response.json<{ emailLogId: number }>()
    const [row] = await t.database.db.select().from(emailLog).where(eq(emailLog.id, emailLogId))
    expect(row).toMatchObject({
      to: 'tester@example.com',
      subject: 'Your partner account is active',
    })
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'document.sendTestEmail'),
          eq(auditLog.entityId, String(approved.id)),
        ),
      )
    expect(entry?.after).toMatchObject({ to: 'tester@example.com', emailLogId })
  })

  it('refuses a bad address, a document that is not an e-mail and an unknown document', async () => {
    const approved = await emailDocument('en', 'partner-approved')
    const bad = await call(editor, '/admin/email/send-test-email', { id: approved.id, to: 'nope' })
    expect(bad.statusCode).toBe(400)
    const root = await findDocumentByPath(t.database.db, '/cs')
    const notEmail = await call(editor, '/admin/email/preview', { id: root!.id })
    expect(notEmail.statusCode).toBe(400)
    expect(notEmail.json()).toMatchObject({ code: 'NOT_AN_EMAIL' })
    expect((await call(editor, '/admin/email/preview', { id: 99_999_999 })).statusCode).toBe(404)
    expect((await call(editor, '/admin/email/preview', { id: 'abc' })).statusCode).toBe(400)
  })
})
