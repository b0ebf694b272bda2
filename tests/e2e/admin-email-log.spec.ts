import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
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

async function sendTestMail(page: Page, to: string, subject: string): Promise<void> {
  await page.getByRole('button', { name: cs('emailLog.test.open') }).click()
  const dialog = page.getByRole('dialog', { name: cs('emailLog.test.title') })
  await dialog.getByRole('textbox', { name: cs('emailLog.test.to') }).fill(to)
  await dialog.getByRole('textbox', { name: cs('emailLog.test.subject') }).fill(subject)
  await dialog.getByRole('textbox', { name: cs('emailLog.test.content') }).fill('Dobrý den, test.')
  await dialog.getByRole('button', { name: cs('emailLog.test.send') }).click()
}

test.describe('back office: e-mail log', () => {
  test('the admin sends a test mail, reads it and resends it from the log', async ({ page }) => {
    const to = `e2e.resend.${Date.now()}@example.com`
    await signInAsAdmin(page)
    await page.goto('/admin/email-log')
    await expect(page).toHaveURL(/\/admin\/email-log\/log$/)
    await expect(
      page.getByRole('heading', { level: 1, name: cs('admin.nav.emailLog') }),
    ).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    await sendTestMail(page, to, 'E2E znovu odeslat')
    const dialog = page.getByRole('dialog', { name: cs('emailLog.test.title') })
    await expect(dialog.getByRole('status')).toHaveText(cs('emailLog.test.sent'))
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await page.getByRole('searchbox', { name: cs('emailLog.filter.search') }).fill(to)
    const table = page.getByRole('table', { name: cs('emailLog.tab.log') })
    await expect(table.getByRole('row').filter({ hasText: to })).toHaveCount(1, {
      timeout: scaled(10_000),
    })
    await table.getByRole('row').filter({ hasText: to }).getByRole('link').click()
    const drawer = page.getByRole('dialog', { name: 'E2E znovu odeslat' })
    await expect(drawer).toBeVisible()
    await drawer.getByRole('tab', { name: cs('emailLog.detail.text') }).click()
    await expect(drawer.getByText('Dobrý den, test.')).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    await drawer.getByRole('button', { name: cs('emailLog.action.resend') }).click()
    await expect(drawer.getByRole('status')).toContainText(cs('emailLog.resend.queued'))
    await drawer.getByRole('button', { name: cs('emailLog.detail.close') }).click()
    await expect(table.getByRole('row').filter({ hasText: to })).toHaveCount(2)
    await expect(table.getByText(/#\d+/)).toBeVisible()
  })

  test('a blocklisted address is skipped and the log says so', async ({ page }) => {
    const to = `e2e.blocked.${Date.now()}@example.com`
    await signInAsAdmin(page)
    await page.goto('/admin/email-log/blocklist')
    await page.getByRole('textbox', { name: cs('emailLog.blocklist.address') }).fill(to)
    await page.getByRole('textbox', { name: cs('emailLog.blocklist.reason') }).fill('E2E')
    await page.getByRole('button', { name: cs('emailLog.blocklist.add') }).click()
    await expect(
      page.getByRole('status').filter({ hasText: cs('emailLog.blocklist.added') }),
    ).toBeVisible()
    await expect(
      page
        .getByRole('table', { name: cs('emailLog.tab.blocklist') })
        .getByRole('row')
        .filter({ hasText: to }),
    ).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    await page.getByRole('tab', { name: cs('emailLog.tab.log') }).click()
    await sendTestMail(page, to, 'E2E blokováno')
    const dialog = page.getByRole('dialog', { name: cs('emailLog.test.title') })
    await expect(dialog.getByRole('status')).toHaveText(cs('emailLog.test.blocked'))
    await page.keyboard.press('Escape')

    await page.getByRole('searchbox', { name: cs('emailLog.filter.search') }).fill(to)
    const row = page
      .getByRole('table', { name: cs('emailLog.tab.log') })
      .getByRole('row')
      .filter({ hasText: to })
    await expect(row).toContainText(cs('emailLog.status.blocked'))

    // A phone 320 px wide: the list, the filters and the blocklist fit without sideways scrolling.
    await page.setViewportSize({ width: 320, height: 720 })
    await expect.poll(() => measureOverflow(page)).toBeNull()
    await page.getByRole('tab', { name: cs('emailLog.tab.blocklist') }).click()
    await expect(page.getByRole('table', { name: cs('emailLog.tab.blocklist') })).toBeVisible()
    await expect.poll(() => measureOverflow(page)).toBeNull()
  })
})
