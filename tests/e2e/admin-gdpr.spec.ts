import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { catalogue } from '@optika/i18n/catalogue'
import { DEMO_ACCOUNTS } from '../../apps/server/src/demo/demo-accounts.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'
import { measureOverflow } from './overflow-kit.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
}

const customer = DEMO_ACCOUNTS.customer
const customerName = `${customer.firstName} ${customer.lastName}`

test.describe('back office: GDPR data extractor', () => {
  test('the admin finds the demo customer and downloads the export as JSON and PDF', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page.goto('/admin/data-privacy')
    await expect(page.getByRole('heading', { level: 1, name: cs('admin.nav.gdpr') })).toBeVisible()
    await expect(page.getByText(cs('gdpr.screen.hint'))).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    // By keyboard: the search box takes the e-mail, the results follow as typing pauses.
    await page.getByRole('searchbox', { name: cs('gdpr.screen.search.label') }).fill(customer.email)
    const results = page.getByRole('table', { name: cs('gdpr.screen.results') })
    const row = results.getByRole('row').filter({ hasText: customer.email })
    await expect(row).toHaveCount(1, { timeout: scaled(10_000) })
    await expect(row).toContainText(customer.clientNumber)
    await expect(page).toHaveURL(/q=zakaznik/)
    const open = row.getByRole('button', { name: cs('gdpr.screen.open', { name: customerName }) })
    await open.focus()
    await page.keyboard.press('Enter')

    const summary = page.getByRole('region', { name: customerName })
    await expect(summary).toBeVisible()
    const sections = summary.getByRole('table', { name: cs('gdpr.summary.title') })
    await expect(
      sections.getByRole('row').filter({ hasText: cs('gdpr.section.account') }),
    ).toContainText('1')
    await expectNoSeriousAxeViolations(page)

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      summary.getByRole('link', { name: cs('gdpr.screen.downloadJson') }).click(),
    ])
    expect(json.suggestedFilename()).toBe(
      `optika-${customer.clientNumber.replace(/\s+/g, '')}.json`,
    )
    const data = JSON.parse(await readFile(await json.path(), 'utf8')) as {
      account: { email: string; clientNumber: string }
      orders: unknown[]
      consents: unknown[]
    }
    expect(data.account).toMatchObject({
      email: customer.email,
      clientNumber: customer.clientNumber,
    })
    expect(Array.isArray(data.orders)).toBe(true)
    expect(data.consents.length).toBeGreaterThan(0)

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      summary.getByRole('link', { name: cs('gdpr.screen.downloadPdf') }).click(),
    ])
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/)
    const bytes = await readFile(await pdf.path())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const document = await PDFDocument.load(bytes)
    expect(document.getPageCount()).toBeGreaterThanOrEqual(1)

    // Anonymizing asks for the client number first; the demo customer stays as she is.
    await summary.getByRole('button', { name: cs('gdpr.screen.anonymizeButton') }).click()
    const dialog = page.getByRole('dialog', { name: cs('gdpr.anonymize.title') })
    const submit = dialog.getByRole('button', { name: cs('gdpr.anonymize.submit') })
    await expect(submit).toBeDisabled()
    await dialog
      .getByRole('textbox', {
        name: cs('gdpr.anonymize.confirmLabel', { clientNumber: customer.clientNumber }),
      })
      .fill(customer.clientNumber)
    await expect(submit).toBeEnabled()
    await expectNoSeriousAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await page.setViewportSize({ width: 320, height: 720 })
    await expect.poll(() => measureOverflow(page)).toBeNull()
  })
})
