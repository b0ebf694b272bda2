import { expect, test, type Locator, type Page } from '@playwright/test'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { adminPimObjectsCatalogue } from '@optika/i18n/catalogue/admin-pim-objects'
import { notificationsCatalogue } from '@optika/i18n/catalogue/notifications'
import { signInAsAdmin } from './sign-in-as-admin.ts'

type AdminText = keyof typeof adminCatalogue

/** The shell's texts come from the same catalogue the server seeds its dictionary from. */
function cs(key: AdminText): string {
  return adminCatalogue[key].cs
}
function en(key: AdminText): string {
  return adminCatalogue[key].en
}

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  const focusedTarget = target.and(page.locator(':focus'))
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if ((await focusedTarget.count()) === 1) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test.describe('admin shell', () => {
  // The back office opens only to a signed-in user (the demo admin has no 2FA; the identity spec
  // enables it only on an admin of its own).
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('an administrator finds their way around the back office', async ({ page }) => {
    // The shell opens in Czech, the shop's default language.
    await page.goto('/admin')
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs')
    const czechNav = page.getByRole('navigation', { name: cs('admin.nav.label') })
    await expect(czechNav).toBeVisible()
    await expect(czechNav.getByRole('link', { name: cs('admin.nav.dashboard') })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(
      page.getByRole('heading', { level: 1, name: cs('admin.dashboard.welcome') }),
    ).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.getByRole('combobox', { name: cs('admin.search.label') })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 2, name: cs('admin.status.title') }),
    ).toBeVisible()

    // The server's messages come in the screens' language, not in the browser's (English here)
    // nor in that of the storefront page visited last.
    const notFound = notificationsCatalogue['notifications.error.notFound']
    const serverMessage = async (): Promise<unknown> =>
      (await page.request.get('/admin/notification/find?id=2147483000')).json()
    await page.request.get('/sk')
    expect(await serverMessage()).toMatchObject({ message: notFound.cs })

    // Switching to English translates the navigation, and the choice survives a reload.
    await page.getByRole('combobox', { name: cs('admin.language.label') }).click()
    await page.getByRole('option', { name: 'English' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const nav = page.getByRole('navigation', { name: en('admin.nav.label') })
    await expect(nav.getByRole('link', { name: en('admin.nav.dataObjects') })).toBeVisible()
    await expect(nav.getByRole('heading', { name: en('admin.nav.group.catalogue') })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 1, name: en('admin.dashboard.welcome') }),
    ).toBeVisible()

    expect(await serverMessage()).toMatchObject({ message: notFound.en })

    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('combobox', { name: en('admin.language.label') })).toHaveValue(
      'English',
    )

    // The keyboard alone reaches another screen: Tab to its link, press Enter.
    const dataObjects = nav.getByRole('link', { name: en('admin.nav.dataObjects') })
    await tabTo(page, dataObjects)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/admin\/data-objects$/)
    const heading = page.getByRole('heading', { level: 1, name: en('admin.nav.dataObjects') })
    await expect(heading).toBeVisible()
    await expect(heading).toBeFocused()
    await expect(
      page.getByRole('tree', { name: adminPimObjectsCatalogue['adminPimObjects.tree.label'].en }),
    ).toBeVisible()
    await expect(dataObjects).toHaveAttribute('aria-current', 'page')
    await expect(page).toHaveTitle(`${en('admin.nav.dataObjects')} · Optika`)

    // An unknown address under the shell shows its translated "not found" screen, inside the frame.
    await page.goto('/admin/data-objects/no-such-screen')
    await expect(
      page.getByRole('heading', { level: 1, name: en('admin.notFound.title') }),
    ).toBeVisible()
    await expect(page.getByText('/admin/data-objects/no-such-screen')).toBeVisible()
    await expect(nav).toBeVisible()
    await page.getByRole('link', { name: en('admin.common.backToDashboard') }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(
      page.getByRole('heading', { level: 1, name: en('admin.dashboard.welcome') }),
    ).toBeVisible()
  })

  test('the system status card reports the database engine', async ({ page }) => {
    await page.goto('/admin')
    const status = page.getByRole('region', { name: cs('admin.status.title') })
    await expect(status.getByText(cs('admin.status.database'))).toBeVisible()
    await expect(status.getByText(cs('admin.status.ready')).first()).toBeVisible()
  })
})
