import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { generateSync } from 'otplib'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'
import { seedCatalogue } from '@optika/i18n/catalogue/seed'
import { scaled } from './machine-pace.ts'

type Text = keyof typeof adminCatalogue | keyof typeof seedCatalogue

/** The back office's English texts, from the catalogue the server seeds its dictionary from. */
function en(key: Text, values: Record<string, string | number> = {}): string {
  const entry =
    key in adminCatalogue
      ? adminCatalogue[key as keyof typeof adminCatalogue]
      : seedCatalogue[key as keyof typeof seedCatalogue]
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}

const DEMO_ADMIN = { username: 'admin', password: 'Optika-admin-2026' }
const TOTP = { algorithm: 'sha1', digits: 6, period: 30 } as const

/** Opens the back office in English (the choice the language switcher stores). */
async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript("window.localStorage.setItem('optika.admin.locale', 'en')")
}

async function signIn(
  page: Page,
  username: string,
  password: string,
  { open = true }: { open?: boolean } = {},
): Promise<void> {
  if (open) await page.goto('/admin/login')
  await expect(
    page.getByRole('heading', { level: 1, name: en('admin.auth.login.title') }),
  ).toBeVisible()
  await page.getByRole('textbox', { name: en('admin.auth.username') }).fill(username)
  await page.getByRole('textbox', { name: en('admin.auth.password'), exact: true }).fill(password)
  await page.getByRole('button', { name: en('admin.auth.login.submit') }).click()
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: en('admin.userMenu.label') }).click()
  await page.getByRole('menuitem', { name: en('admin.userMenu.signOut') }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
}

async function expectDashboard(page: Page): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name: en('admin.dashboard.welcome') }),
  ).toBeVisible()
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
      const text = await response.text()
      return { status: response.status, text }
    },
    { method, url, body },
  )
  expect(result.status, `${method} ${url}: ${result.text}`).toBeLessThan(300)
  return (result.text === '' ? null : JSON.parse(result.text)) as T
}

/** Serious or critical accessibility violations on the page as it is now. */
async function severeViolations(page: Page) {
  // Checked at rest: not with the pointer still hovering what was just clicked.
  await page.mouse.move(0, 0)
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((n) => [n.target, n.failureSummary]),
    }))
}

/** A link the server built with its public address, opened against the server under test. */
function localPath(link: string): string {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

async function newEnglishPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await useEnglish(page)
  return page
}

test.describe('admin identity', () => {
  test('an admin signs in with 2FA, grants a role to an invited user, who sees only what it allows', async ({
    page,
    browser,
  }) => {
    test.setTimeout(scaled(180_000))
    const stamp = `${Date.now()}-${test.info().workerIndex}`
    const admin = { username: `e2e-admin-${stamp}`, password: 'E2e-admin-password-2026' }
    const clerk = { username: `e2e-clerk-${stamp}`, password: 'E2e-clerk-password-2026' }
    const roleName = `E2E orders ${stamp}`
    await useEnglish(page)

    // The back office asks who you are first, and returns to the requested screen afterwards.
    await page.goto('/admin/user-management')
    await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fuser-management$/)
    expect(await severeViolations(page)).toEqual([])
    await signIn(page, DEMO_ADMIN.username, 'not-the-password', { open: false })
    await expect(page.getByRole('alert')).toContainText(en('auth.usernameOrPasswordInvalid'))
    await page
      .getByRole('textbox', { name: en('admin.auth.password'), exact: true })
      .fill(DEMO_ADMIN.password)
    await page.getByRole('button', { name: en('admin.auth.login.submit') }).click()
    await expect(page.getByRole('heading', { level: 1, name: en('admin.nav.users') })).toBeVisible()

    // A new administrator for the 2FA part (the demo admin keeps signing in without it for the
    // other specs): created through the API, its first password set through its invitation link.
    const { id: adminId } = await api<{ id: number }>(page, 'POST', '/admin/user/add', {
      parentId: null,
      type: 'user',
      name: admin.username,
    })
    await api(page, 'PUT', '/admin/user/update', {
      id: adminId,
      data: { isAdmin: true, active: true, email: `${admin.username}@optika.example` },
    })
    const { link: adminLink } = await api<{ link: string }>(
      page,
      'POST',
      '/admin/user/invitationlink',
      {
        id: adminId,
      },
    )
    const token = new URL(adminLink).searchParams.get('token')
    await api(page, 'POST', '/admin/login/reset-password', {
      token,
      password: admin.password,
      passwordRepeat: admin.password,
    })
    await signOut(page)

    // The new admin switches 2FA on in the profile: QR code and secret, confirmed by a code.
    await signIn(page, admin.username, admin.password)
    await expectDashboard(page)
    await page.getByRole('button', { name: en('admin.userMenu.label') }).click()
    await page.getByRole('menuitem', { name: en('admin.userMenu.profile') }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: en('admin.profile.title') }),
    ).toBeVisible()
    await page.getByRole('button', { name: en('admin.twoFactor.enable') }).click()
    await expect(page.getByRole('img', { name: en('admin.twoFactor.setup.qrLabel') })).toBeVisible()
    const secret = (await page.getByLabel(en('admin.twoFactor.setup.secret')).textContent())?.trim()
    expect(secret).toBeTruthy()
    await page
      .getByRole('textbox', { name: en('admin.twoFactor.setup.code') })
      .fill(generateSync({ ...TOTP, secret: secret ?? '' }))
    await page.getByRole('button', { name: en('admin.twoFactor.setup.confirm') }).click()
    await expect(
      page.getByRole('list', { name: en('admin.twoFactor.recoveryCodes.title') }),
    ).toBeVisible()
    await expect(page.getByText(en('admin.twoFactor.enabled'), { exact: true })).toBeVisible()
    await signOut(page)

    // Signing in now takes the password, then a fresh code (the next time step: a code works once).
    await signIn(page, admin.username, admin.password)
    await expect(page).toHaveURL(/\/admin\/login\/2fa\?/)
    await expect(
      page.getByRole('heading', { level: 1, name: en('admin.auth.twoFactor.title') }),
    ).toBeVisible()
    const nextStep = Math.floor(Date.now() / 1000) + 30
    await page
      .getByRole('textbox', { name: en('admin.auth.twoFactor.code') })
      .fill(generateSync({ ...TOTP, secret: secret ?? '', epoch: nextStep }))
    await page.getByRole('button', { name: en('admin.auth.twoFactor.submit') }).click()
    await expectDashboard(page)

    // A role that opens the orders only.
    const nav = page.getByRole('navigation', { name: en('admin.nav.label') })
    await nav.getByRole('link', { name: en('admin.nav.users') }).click()
    await expect(page.getByRole('heading', { level: 1, name: en('admin.nav.users') })).toBeVisible()
    expect(await severeViolations(page)).toEqual([])
    const roles = page.getByRole('region', { name: en('admin.users.tree.roles') })
    await roles.getByRole('button', { name: en('admin.users.tree.addRole') }).click()
    const addRole = page.getByRole('dialog', { name: en('admin.users.tree.addRole') })
    await addRole.getByRole('textbox', { name: en('admin.users.field.nodeName') }).fill(roleName)
    await addRole.getByRole('button', { name: en('admin.common.add') }).click()
    await expect(addRole).toBeHidden()
    const roleEditor = page.getByRole('region', { name: roleName })
    await expect(roleEditor.getByRole('heading', { level: 2, name: roleName })).toBeVisible()
    await roleEditor.getByRole('tab', { name: en('admin.users.tab.permissions') }).click()
    await roleEditor
      .getByRole('checkbox', { name: en('admin.permission.orders'), exact: true })
      .check()
    // …and may list and view the data objects under /, but not save them.
    await roleEditor.getByRole('tab', { name: en('admin.users.tab.workspaces') }).click()
    const objectType = en('admin.elementType.object')
    await roleEditor
      .getByRole('button', { name: en('admin.workspace.add', { type: objectType }) })
      .click()
    const objects = roleEditor.getByRole('table', { name: objectType })
    await expect(
      objects.getByRole('textbox', {
        name: en('admin.workspace.pathOfRow', { type: objectType, row: 1 }),
      }),
    ).toHaveValue('/')
    const rightBox = (right: 'list' | 'view' | 'save') =>
      objects.getByRole('checkbox', {
        name: en('admin.workspace.rightOf', {
          right: en(`admin.workspace.right.${right}`),
          path: '/',
        }),
      })
    await expect(rightBox('view')).toBeDisabled()
    await rightBox('list').check()
    await rightBox('view').check()
    await roleEditor.getByRole('button', { name: en('admin.common.save') }).click()
    await expect(roleEditor.getByRole('status')).toHaveText(en('admin.common.saved'))

    // A user with that role, and an invitation link for them.
    const users = page.getByRole('region', { name: en('admin.users.tree.users') })
    await users.getByRole('button', { name: en('admin.users.tree.addUser') }).click()
    const addUser = page.getByRole('dialog', { name: en('admin.users.tree.addUser') })
    await addUser
      .getByRole('textbox', { name: en('admin.users.field.username') })
      .fill(clerk.username)
    await addUser.getByRole('button', { name: en('admin.common.add') }).click()
    await expect(addUser).toBeHidden()
    const userEditor = page.getByRole('region', { name: clerk.username })
    await expect(userEditor.getByRole('heading', { level: 2, name: clerk.username })).toBeVisible()
    await userEditor
      .getByRole('textbox', { name: en('admin.users.field.email') })
      .fill(`${clerk.username}@optika.example`)
    await userEditor.getByRole('switch', { name: en('admin.users.field.active') }).check()
    await userEditor.getByRole('combobox', { name: en('admin.users.field.roles') }).click()
    await page.getByRole('option', { name: roleName }).click()
    await page.keyboard.press('Escape')
    await userEditor.getByRole('button', { name: en('admin.common.save') }).click()
    await expect(userEditor.getByRole('status')).toHaveText(en('admin.common.saved'))
    expect(await severeViolations(page)).toEqual([])
    // Found again by its username, and moved into a new folder of the users tree.
    const folderName = `E2E team ${stamp}`
    await users.getByRole('button', { name: en('admin.users.tree.addFolder') }).click()
    const addFolder = page.getByRole('dialog', { name: en('admin.users.tree.addFolder') })
    await addFolder
      .getByRole('textbox', { name: en('admin.users.field.nodeName') })
      .fill(folderName)
    await addFolder.getByRole('button', { name: en('admin.common.add') }).click()
    await expect(addFolder).toBeHidden()
    await expect(
      page.getByRole('region', { name: folderName }).getByRole('heading', { level: 2 }),
    ).toHaveText(folderName)
    await page.getByRole('searchbox', { name: en('admin.users.search.label') }).fill(clerk.username)
    await page
      .getByRole('list', { name: en('admin.users.search.results') })
      .getByRole('link', { name: clerk.username, exact: true })
      .click()
    await expect(userEditor.getByRole('heading', { level: 2, name: clerk.username })).toBeVisible()
    await userEditor.getByRole('combobox', { name: en('admin.users.field.folder') }).click()
    await page.getByRole('option', { name: folderName, exact: true }).click()
    await userEditor.getByRole('button', { name: en('admin.common.save') }).click()
    await expect(userEditor.getByRole('status')).toHaveText(en('admin.common.saved'))
    await expect(
      users
        .getByRole('group', { name: folderName })
        .getByRole('button', { name: clerk.username, exact: true }),
    ).toBeVisible()
    await expect(users.getByRole('button', { name: clerk.username, exact: true })).toHaveCount(1)
    expect(await severeViolations(page)).toEqual([])
    // What the user may do with the data objects under /, and why.
    await userEditor.getByRole('tab', { name: en('admin.users.tab.analyze') }).click()
    await userEditor.getByRole('button', { name: en('admin.analyze.submit') }).click()
    const analysis = userEditor.getByRole('table', { name: en('admin.analyze.result') })
    const analysisRow = (right: 'list' | 'view' | 'save') =>
      analysis.getByRole('row').filter({
        has: page.getByRole('cell', { name: en(`admin.workspace.right.${right}`), exact: true }),
      })
    await expect(analysisRow('list')).toContainText(en('admin.common.yes'))
    await expect(analysisRow('view')).toContainText(en('admin.common.yes'))
    await expect(analysisRow('save')).toContainText(en('admin.common.no'))
    await userEditor.getByRole('tab', { name: en('admin.users.tab.actions') }).click()
    await userEditor.getByRole('button', { name: en('admin.users.links.invitation') }).click()
    const invitationField = userEditor.getByRole('textbox', {
      name: en('admin.users.links.invitationLink'),
    })
    await expect(invitationField).toHaveValue(/\/admin\/login\/reset-password\?token=/)
    const invitation = await invitationField.inputValue()

    // The audit log records the change, and its filters narrow the list.
    await nav.getByRole('link', { name: en('admin.nav.auditLog') }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: en('admin.nav.auditLog') }),
    ).toBeVisible()
    const auditLog = page.getByRole('table', { name: en('admin.nav.auditLog') })
    await page.getByRole('textbox', { name: en('admin.auditLog.action') }).fill('adminRole.add')
    await page.getByRole('button', { name: en('admin.auditLog.apply') }).click()
    await expect(
      auditLog.getByRole('row').filter({ hasText: 'adminRole.add' }).first(),
    ).toBeVisible()
    await expect(auditLog.getByRole('row').filter({ hasText: 'adminUser.update' })).toHaveCount(0)
    await page.getByRole('textbox', { name: en('admin.auditLog.action') }).fill('no.such.action')
    await page.getByRole('button', { name: en('admin.auditLog.apply') }).click()
    await expect(auditLog.getByText(en('admin.auditLog.empty'))).toBeVisible()

    // The invited user opens the link elsewhere and chooses a password; a mismatch is refused.
    const clerkPage = await newEnglishPage(browser)
    await clerkPage.goto(localPath(invitation))
    await expect(
      clerkPage.getByRole('heading', { level: 1, name: en('admin.auth.resetPassword.title') }),
    ).toBeVisible()
    const password = clerkPage.getByRole('textbox', {
      name: en('admin.auth.newPassword'),
      exact: true,
    })
    const repeat = clerkPage.getByRole('textbox', {
      name: en('admin.auth.newPasswordRepeat'),
      exact: true,
    })
    await password.fill(clerk.password)
    await repeat.fill(`${clerk.password}-typo`)
    await clerkPage.getByRole('button', { name: en('admin.auth.resetPassword.submit') }).click()
    await expect(
      clerkPage.getByText('Unfortunately, the passwords you have entered do not match!'),
    ).toBeVisible()
    await repeat.fill(clerk.password)
    await clerkPage.getByRole('button', { name: en('admin.auth.resetPassword.submit') }).click()
    await expect(clerkPage.getByRole('status')).toHaveText(en('admin.auth.resetPassword.done'))

    // Signed in, they see the orders and nothing their role does not grant.
    await signIn(clerkPage, clerk.username, clerk.password)
    await expectDashboard(clerkPage)
    const clerkNav = clerkPage.getByRole('navigation', { name: en('admin.nav.label') })
    await expect(clerkNav.getByRole('link', { name: en('admin.nav.orders') })).toBeVisible()
    await expect(clerkNav.getByRole('link', { name: en('admin.nav.users') })).toHaveCount(0)
    await expect(clerkNav.getByRole('link', { name: en('admin.nav.dataObjects') })).toHaveCount(0)
    await clerkNav.getByRole('link', { name: en('admin.nav.orders') }).click()
    await expect(
      clerkPage.getByRole('heading', { level: 1, name: en('admin.nav.orders') }),
    ).toBeVisible()
    await clerkPage.goto('/admin/user-management')
    await expect(
      clerkPage.getByRole('heading', { level: 1, name: en('admin.accessDenied.title') }),
    ).toBeVisible()
    await clerkPage.context().close()
  })

  test('a user who must use 2FA sets it up on signing in; a lost password is asked for safely', async ({
    page,
    browser,
  }) => {
    test.setTimeout(scaled(120_000))
    const stamp = `${Date.now()}-${test.info().workerIndex}`
    const user = { username: `e2e-forced-${stamp}`, password: 'E2e-forced-password-2026' }
    await useEnglish(page)

    // The demo admin creates the user with "require 2FA" and sets its password through a link.
    await signIn(page, DEMO_ADMIN.username, DEMO_ADMIN.password)
    await expectDashboard(page)
    const { id } = await api<{ id: number }>(page, 'POST', '/admin/user/add', {
      parentId: null,
      type: 'user',
      name: user.username,
    })
    await api(page, 'PUT', '/admin/user/update', {
      id,
      data: { active: true, twoFactorRequired: true, email: `${user.username}@optika.example` },
    })
    const { link } = await api<{ link: string }>(page, 'POST', '/admin/user/invitationlink', { id })
    await api(page, 'POST', '/admin/login/reset-password', {
      token: new URL(link).searchParams.get('token'),
      password: user.password,
      passwordRepeat: user.password,
    })

    // Signing in, they are taken through the set-up before the back office opens.
    const forced = await newEnglishPage(browser)
    await signIn(forced, user.username, user.password)
    await expect(forced).toHaveURL(/\/admin\/login\/2fa-setup\?/)
    await expect(
      forced.getByRole('heading', { level: 1, name: en('admin.auth.twoFactorSetup.title') }),
    ).toBeVisible()
    const secret = (
      await forced.getByLabel(en('admin.twoFactor.setup.secret')).textContent()
    )?.trim()
    expect(secret).toBeTruthy()
    await forced
      .getByRole('textbox', { name: en('admin.twoFactor.setup.code') })
      .fill(generateSync({ ...TOTP, secret: secret ?? '' }))
    await forced.getByRole('button', { name: en('admin.twoFactor.setup.confirm') }).click()
    const codes = forced.getByRole('list', { name: en('admin.twoFactor.recoveryCodes.title') })
    await expect(codes).toBeVisible()
    expect(await codes.getByRole('listitem').count()).toBeGreaterThan(0)
    await forced.getByRole('button', { name: en('admin.auth.twoFactorSetup.continue') }).click()
    await expectDashboard(forced)
    await forced.context().close()

    // A lost password: the answer is the same whether or not the account exists.
    const lost = await newEnglishPage(browser)
    await lost.goto('/admin/login')
    await lost.getByRole('link', { name: en('admin.auth.login.lostPassword') }).click()
    await expect(
      lost.getByRole('heading', { level: 1, name: en('admin.auth.lostPassword.title') }),
    ).toBeVisible()
    await lost.getByRole('button', { name: en('admin.auth.lostPassword.submit') }).click()
    await expect(lost.getByText(en('validation.usernameRequired'))).toBeVisible()
    await lost.getByRole('textbox', { name: en('admin.auth.username') }).fill(`nobody-${stamp}`)
    await lost.getByRole('button', { name: en('admin.auth.lostPassword.submit') }).click()
    await expect(lost.getByRole('status')).toHaveText(en('admin.auth.lostPassword.sent'))
    await lost.context().close()
  })
})
