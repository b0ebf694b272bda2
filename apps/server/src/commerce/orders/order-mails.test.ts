import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../platform/db/schema/accounts.ts'
import { emailLog } from '../../platform/db/schema/identity.ts'
import { loadEnv } from '../../platform/env.ts'
import { catalogue } from '@optika/i18n/catalogue'
import type { Database } from '../../platform/db/client.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { createTranslator, syncCatalogue, type Translator } from '../../platform/i18n/translator.ts'
import { createMailer, defineMailDelivery } from '../../platform/mail/create-mailer.ts'
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue.ts'
import { waitForMailRow, waitForQueuedJob } from '../../../test/kits/jobs-test-kit.ts'
import {
  defineOrderConfirmationJob,
  queueOrderConfirmation,
  sendOrderConfirmation,
  sendOrderStatusMail,
  shopMailAddress,
  type OrderMailDeps,
} from './order-mails.ts'
import { insertFullOrder } from '../../../test/kits/orders-test-kit.ts'

// The mails need the database, the translations and the mailer, not the HTTP app.
let t: { database: Database; translator: Translator }
let deps: OrderMailDeps
let jobs: JobQueue

beforeAll(async () => {
  const database = await createTestDatabase()
  await syncCatalogue(database.db, catalogue)
  t = { database, translator: await createTranslator(database.db) }
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAIL_TRANSPORT: 'log' })
  jobs = createJobQueue(database)
  defineMailDelivery(jobs, database.db, env)
  deps = {
    db: database.db,
    env,
    translator: t.translator,
    mailer: createMailer(env, database.db, jobs),
  }
  defineOrderConfirmationJob(jobs, deps)
  await jobs.start()
})
afterAll(async () => {
  await jobs.stop()
  await t.database.close()
})

async function mailsTo(address: string) {
  return t.database.db
    .select()
    .from(emailLog)
    .where(eq(emailLog.to, address))
    .orderBy(desc(emailLog.id))
}

describe('the order confirmation', () => {
  it("is written in the order's language with items, prices, coupon, bank details, QR and delivery", async () => {
    const order = await insertFullOrder(t.database.db, { locale: 'cs' })
    await sendOrderConfirmation(deps, order.id)
    const [mail] = await mailsTo(`buyer${order.number}@example.com`)
    expect(mail).toBeDefined()
    expect(mail!.subject).toBe(`Přijali jsme objednávku ${order.number}`)
    expect((await waitForMailRow(t.database.db, mail!.id)).status).toBe('logged')
    const text = mail!.text
    expect(text).toContain('Dobrý den, Jana Nováková,')
    // Intl separates thousands and the currency with (narrow) no-break spaces: \s matches them.
    expect(text).toMatch(
      /Vistara Aviator Žlutá \(VIS-AVI-01\) \| 2 \| 1\s210,00\sKč \/ 1\s000,00\sKč bez DPH \| 2\s420,00\sKč/,
    )
    expect(text).toContain('JARO10')
    expect(text).toMatch(/Sleva \(Slevový kupón JARO10\) \| −242,00\sKč/)
    expect(text).toMatch(/2\s541,00\sKč/)
    expect(text).toContain('CZ83 9999 0000 0012 3456 7805')
    expect(text).toContain(`Variabilní symbol | ${order.number}`)
    expect(text).toContain('Doručení obvykle trvá 3–5 pracovních dnů.')
    expect(text).toContain('Prosím zavolat před doručením.')
    expect(mail!.html).toContain('src="data:image/png;base64,')
    expect(mail!.html).not.toContain('<script')
  })

  it('speaks Hungarian for a Hungarian order and states the invoice due date for invoice payment', async () => {
    const order = await insertFullOrder(t.database.db, {
      locale: 'hu',
      currency: 'HUF',
      country: 'HU',
      paymentKind: 'invoice',
      paymentName: 'Számla',
      maturityDays: 14,
    })
    await sendOrderConfirmation(deps, order.id)
    const [mail] = await mailsTo(`buyer${order.number}@example.com`)
    expect(mail!.subject).toBe(`Megkaptuk a(z) ${order.number} számú rendelést`)
    expect(mail!.text).toContain('Számlát küldünk, amelynek fizetési határideje 2026. március 16.')
    expect(mail!.text).toContain(
      'Szállítás szállítmányozó céggel a németországi központi raktárból',
    )
    expect(mail!.html).not.toContain('data:image/png')
  })

  it('sends the new-order mail to the shop in the shop language', async () => {
    const order = await insertFullOrder(t.database.db, { locale: 'en' })
    await sendOrderConfirmation(deps, order.id)
    const [buyer] = await mailsTo(`buyer${order.number}@example.com`)
    expect(buyer!.subject).toBe(`We have received order ${order.number}`)
    expect(buyer!.text).toContain(
      'Shipping by a forwarding company from a central warehouse in Germany',
    )
    const shop = (await mailsTo(shopMailAddress(deps.env))).find((m) =>
      m.subject.includes(order.number),
    )
    expect(shop?.subject).toMatch(
      new RegExp(`^Nová objednávka ${order.number} \\(2\\s541,00\\sKč\\)$`),
    )
    expect(shop?.text).toContain(`buyer${order.number}@example.com`)
  })
})

describe('the confirmation job', () => {
  it('mails a placed order once, however often it is queued, and marks the order', async () => {
    const order = await insertFullOrder(t.database.db, { locale: 'en' })
    const runs = [
      await queueOrderConfirmation(jobs, t.database.db, order.id),
      await queueOrderConfirmation(jobs, t.database.db, order.id),
    ]
    for (const id of runs) expect(await waitForQueuedJob(t.database.db, id)).toBe('completed')
    const toBuyer = await mailsTo(`buyer${order.number}@example.com`)
    expect(toBuyer.map((m) => m.subject)).toEqual([`We have received order ${order.number}`])
    const toShop = (await mailsTo(shopMailAddress(deps.env))).filter((m) =>
      m.subject.includes(order.number),
    )
    expect(toShop).toHaveLength(1)
    const [marked] = await t.database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(marked!.confirmationMailedAt).not.toBeNull()
  })

  it('mails nothing for an order that is not there', async () => {
    const before = await t.database.db.$count(emailLog)
    const id = await queueOrderConfirmation(jobs, t.database.db, 2_000_000_000)
    expect(await waitForQueuedJob(t.database.db, id)).toBe('completed')
    expect(await t.database.db.$count(emailLog)).toBe(before)
  })
})

describe('what the buyer typed', () => {
  it('is escaped in the HTML part of both mails', async () => {
    const order = await insertFullOrder(t.database.db, {
      name: '<img src=x onerror=alert(1)>',
      comment: '<script>alert(1)</script>',
    })
    await sendOrderConfirmation(deps, order.id)
    const mails = (await t.database.db.select().from(emailLog)).filter((m) =>
      m.subject.includes(order.number),
    )
    expect(mails).toHaveLength(2)
    for (const mail of mails) {
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(mail.html).not.toContain('<script')
      expect(mail.html).not.toContain('<img src=x')
    }
  })
})

describe('the status mail', () => {
  it("tells the buyer the new status in the order's language", async () => {
    const order = await insertFullOrder(t.database.db, { locale: 'pl', status: 'shipped' })
    await sendOrderStatusMail(deps, order.id)
    const [mail] = await mailsTo(`buyer${order.number}@example.com`)
    const shipped = t.translator.t('pl', 'orderStatus.shipped')
    expect(mail!.subject).toBe(`Zamówienie ${order.number}: ${shipped}`)
    expect(mail!.text).toContain(t.translator.t('pl', 'order.statusUpdated'))
    expect(mail!.text).toContain(`Nowy status: ${shipped}`)
  })

  it("names a status it does not know 'Unknown status'", async () => {
    const order = await insertFullOrder(t.database.db, { locale: 'en' })
    await t.database.db
      .update(orders)
      .set({ status: 'lostInTransit' })
      .where(eq(orders.id, order.id))
    await sendOrderStatusMail(deps, order.id)
    const [mail] = await mailsTo(`buyer${order.number}@example.com`)
    expect(mail!.subject).toBe(`Order ${order.number}: Unknown status`)
  })

  it('sends nothing for an order that does not exist', async () => {
    const before = (await t.database.db.select().from(emailLog)).length
    await sendOrderStatusMail(deps, 987_654_321)
    expect((await t.database.db.select().from(emailLog)).length).toBe(before)
  })
})

describe('the shop address', () => {
  it('is SHOP_EMAIL when set, else shop@ the public host', () => {
    const base = { NODE_ENV: 'test', PUBLIC_URL: 'https://optika.example' }
    expect(shopMailAddress(loadEnv(base))).toBe('shop@optika.example')
    expect(shopMailAddress(loadEnv({ ...base, SHOP_EMAIL: 'orders@optika.example' }))).toBe(
      'orders@optika.example',
    )
  })
})
