import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { catalogue } from '@optika/i18n/catalogue'
import { signInAsAdmin } from './sign-in-as-admin.ts'
import { scaled } from './machine-pace.ts'
import { measureOverflow } from './overflow-kit.ts'

/** The back office's Czech text of a catalogue key (Czech is its default language). */
function cs(key: string, params: Record<string, string | number> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.cs.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.mouse.move(0, 0)
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}

/** Calls the admin API from the page, so the session cookie and the same-origin check apply. */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, text: await response.text() }
    },
    { method, url, body },
  )
  expect(result.status, `${method} ${url}: ${result.text}`).toBeLessThan(300)
  return (result.text === '' ? null : JSON.parse(result.text)) as T
}

interface NotifiedUser {
  readonly id: number
  readonly roleId: number
  readonly roleName: string
  readonly username: string
  readonly password: string
}

/** Makes (through the admin's API) a role that may read notifications and a user in it. */
async function createNotifiedUser(page: Page, stamp: string): Promise<NotifiedUser> {
  const roleName = `e2e-notify-role-${stamp}`
  const username = `e2e-notified-${stamp}`
  const password = 'E2e-notified-password-2026'
  const { id: roleId } = await api<{ id: number }>(page, 'POST', '/admin/user/add', {
    parentId: null,
    type: 'role',
    name: roleName,
  })
  await api(page, 'PUT', '/admin/user/role-update', {
    id: roleId,
    data: { permissions: ['notifications'] },
  })
  const { id } = await api<{ id: number }>(page, 'POST', '/admin/user/add', {
    parentId: null,
    type: 'user',
    name: username,
  })
  await api(page, 'PUT', '/admin/user/update', {
    id,
    data: { active: true, email: `${username}@optika.example`, roleIds: [roleId] },
  })
  const { link } = await api<{ link: string }>(page, 'POST', '/admin/user/invitationlink', { id })
  await api(page, 'POST', '/admin/login/reset-password', {
    token: new URL(link).searchParams.get('token'),
    password,
    passwordRepeat: password,
  })
  return { id, roleId, roleName, username, password }
}

/** Signs the user in on its own page (another browser context: another person). */
async function signInAs(page: Page, user: NotifiedUser): Promise<void> {
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: cs('admin.auth.username') }).fill(user.username)
  await page
    .getByRole('textbox', { name: cs('admin.auth.password'), exact: true })
    .fill(user.password)
  await page.getByRole('button', { name: cs('admin.auth.login.submit') }).click()
  await expect(page.getByRole('button', { name: cs('notifications.bell.label') })).toBeVisible({
    timeout: scaled(15_000),
  })
}

test.describe('back office: notifications', () => {
  test('a notification sent to a role reaches its user without a reload; read and deleted', async ({
    page,
    browser,
  }) => {
    const stamp = `${Date.now()}a`
    const title = `E2E oznámení ${stamp}`
    await signInAsAdmin(page)
    const user = await createNotifiedUser(page, stamp)

    // The user signs in elsewhere; the bell shows nothing unread yet.
    const context = await browser.newContext()
    const recipient = await context.newPage()
    await signInAs(recipient, user)
    const quietBell = recipient.getByRole('button', {
      name: cs('notifications.bell.label'),
      exact: true,
    })

    // The admin sends to the role from the notifications screen.
    await page.goto('/admin/notifications')
    await expect(
      page.getByRole('heading', { level: 1, name: cs('notifications.screen.title') }),
    ).toBeVisible()
    await expectNoSeriousAxeViolations(page)
    await page.getByRole('button', { name: cs('notifications.action.send') }).click()
    const dialog = page.getByRole('dialog', { name: cs('notifications.send.heading') })
    await dialog
      .getByRole('combobox', { name: cs('notifications.send.recipient') })
      .fill(user.roleName)
    await page.getByRole('option', { name: user.roleName }).click()
    await dialog
      .getByRole('textbox', { name: cs('notifications.send.title'), exact: true })
      .fill(title)
    await dialog
      .getByRole('textbox', { name: cs('notifications.send.message') })
      .fill('Prosím zkontrolujte nové obruby.')
    await expectNoSeriousAxeViolations(page)
    await dialog.getByRole('button', { name: cs('notifications.send.submit') }).click()
    await expect(dialog.getByRole('status')).toHaveText(
      cs('notifications.feedback.sent', { count: 1 }),
    )
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Without a reload, the user's counter moves and a toast tells of the new one.
    const bell = recipient.getByRole('button', {
      name: cs('notifications.bell.labelUnread', { count: 1 }),
    })
    await expect(bell).toBeVisible({ timeout: scaled(30_000) })
    await expect(recipient.getByRole('status').filter({ hasText: title })).toBeVisible()
    await bell.click()
    const popover = recipient.getByRole('dialog', { name: cs('notifications.bell.heading') })
    await popover.getByRole('button', { name: new RegExp(title) }).click()

    // Opening it shows the message and marks it read: the counter goes back to nothing.
    const drawer = recipient.getByRole('dialog', { name: title })
    await expect(drawer.getByText('Prosím zkontrolujte nové obruby.')).toBeVisible()
    await expect(quietBell).toBeVisible({ timeout: scaled(15_000) })
    await expectNoSeriousAxeViolations(recipient)

    // Deleted, it leaves the list.
    await drawer.getByRole('button', { name: cs('notifications.action.delete') }).click()
    await expect(
      recipient.getByRole('status').filter({ hasText: cs('notifications.feedback.deleted') }),
    ).toBeVisible()
    const table = recipient.getByRole('table', { name: cs('notifications.list.label') })
    await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0)

    // A phone 320 px wide: the screen fits without sideways scrolling.
    await recipient.setViewportSize({ width: 320, height: 720 })
    await expect.poll(() => measureOverflow(recipient)).toBeNull()
    await context.close()
  })

  test('a user filters, marks read and deletes all own notifications after a confirmation', async ({
    page,
    browser,
  }) => {
    const stamp = `${Date.now()}b`
    await signInAsAdmin(page)
    const user = await createNotifiedUser(page, stamp)
    for (const type of ['info', 'error']) {
      await api(page, 'POST', '/admin/notification/send', {
        recipientId: user.id,
        type,
        title: `E2E ${type} ${stamp}`,
      })
    }
    const context = await browser.newContext()
    const own = await context.newPage()
    await signInAs(own, user)
    await own.goto('/admin/notifications')
    const table = own.getByRole('table', { name: cs('notifications.list.label') })
    await expect(table.getByRole('row').filter({ hasText: stamp })).toHaveCount(2)
    await own
      .getByRole('searchbox', { name: cs('notifications.filter.search'), exact: true })
      .fill(`error ${stamp}`)
    await expect(table.getByRole('row').filter({ hasText: stamp })).toHaveCount(1)
    await own
      .getByRole('searchbox', { name: cs('notifications.filter.search'), exact: true })
      .fill('')
    // The cleared search is applied (after its debounce) before the type filter changes.
    await expect(table.getByRole('row').filter({ hasText: stamp })).toHaveCount(2)

    const typeFilter = own.getByRole('combobox', {
      name: cs('notifications.filter.typeLabel'),
      exact: true,
    })
    await typeFilter.click()
    await own.getByRole('option', { name: cs('notifications.type.error'), exact: true }).click()
    await expect(table.getByRole('row').filter({ hasText: stamp })).toHaveCount(1)
    const markRead = table.getByRole('button', {
      name: `${cs('notifications.action.markRead')}: E2E error ${stamp}`,
    })
    await markRead.click()
    await expect(markRead).toHaveCount(0)

    await own.getByRole('button', { name: cs('notifications.action.deleteAll') }).click()
    const confirm = own.getByRole('dialog', { name: cs('notifications.confirm.deleteAllTitle') })
    await expect(
      confirm.getByRole('button', { name: cs('notifications.action.cancel') }),
    ).toBeFocused()
    await expectNoSeriousAxeViolations(own)
    await confirm.getByRole('button', { name: cs('notifications.action.deleteAll') }).click()
    await expect(confirm).toBeHidden()
    await expect(
      own
        .getByRole('status')
        .filter({ hasText: cs('notifications.feedback.deletedAll', { count: 2 }) }),
    ).toBeVisible()
    await typeFilter.click()
    await own.getByRole('option', { name: cs('notifications.filter.anyType'), exact: true }).click()
    await expect(table.getByRole('row').filter({ hasText: stamp })).toHaveCount(0)
    await context.close()
  })
})
