import { expect, type Page } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'

/** The sign-in screen's Czech texts (the back office's default language). */
function cs(key: keyof typeof adminCatalogue): string {
  return adminCatalogue[key].cs
}

/**
 * The demo administrator signs in (in Czech, the default) and lands on the dashboard.
 * Unless `checkRedirect` is false, it first expects /admin to send the visitor to the sign-in page.
 */
export async function signInAsAdmin(
  page: Page,
  { checkRedirect = true }: { checkRedirect?: boolean } = {},
): Promise<void> {
  await page.goto('/admin')
  if (checkRedirect) await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin$/)
  await page.getByRole('textbox', { name: cs('admin.auth.username') }).fill('admin')
  await page
    .getByRole('textbox', { name: cs('admin.auth.password'), exact: true })
    .fill('Optika-admin-2026')
  await page.getByRole('button', { name: cs('admin.auth.login.submit') }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: cs('admin.dashboard.welcome') }),
  ).toBeVisible()
}
