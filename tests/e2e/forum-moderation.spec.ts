import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO_CUSTOMER, DEMO_PARTNER, en, logIn } from './checkout-kit.ts'
import { overflowsOf } from './overflow-kit.ts'
import { signInAsAdmin } from './sign-in-as-admin.ts'

const DEMO_MODERATOR = { login: 'moderator@optika.example', password: 'Optika-moderator-2026' }

async function signedIn(browser: Browser, account: { login: string; password: string }) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, account)
  return page
}

async function axeSerious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}

test('a customer posts, another reports it, a moderator hides it and the author sees the reason', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36)
  const body = `Selling cheap copies of branded frames, write to me ${stamp}`
  const reason = `Advertising is not allowed here (${stamp}).`

  // The author starts a thread.
  const author = await signedIn(browser, DEMO_CUSTOMER)
  await author.goto('/en/forum/frames-and-fit/new')
  await author.getByRole('textbox', { name: en('forum.composer.title') }).fill(`Frames ${stamp}`)
  await author.getByRole('textbox', { name: en('forum.composer.body') }).fill(body)
  await author.getByRole('button', { name: en('forum.composer.submitThread') }).click()
  await expect(author).toHaveURL(/\/en\/forum\/thread\/\d+\//)
  const threadUrl = new URL(author.url()).pathname
  await expect(author.getByText(body)).toBeVisible()
  // Nobody reports his own post.
  await expect(
    author.locator('summary', { hasText: en('forumModeration.report.open') }),
  ).toHaveCount(0)

  // Another reader reports it.
  const reader = await signedIn(browser, DEMO_PARTNER)
  await reader.goto(threadUrl)
  const post = reader.locator('article[id^="post-"]').filter({ hasText: body })
  await post.locator('summary', { hasText: en('forumModeration.report.open') }).click()
  await post
    .getByRole('textbox', { name: en('forumModeration.report.reason') })
    .fill('Spam advertising')
  await post.getByRole('button', { name: en('forumModeration.report.submit') }).click()
  await expect(post.getByText(en('forumModeration.report.reported'))).toBeVisible()

  // The moderator finds it in the queue and hides it with a reason.
  const moderator = await signedIn(browser, DEMO_MODERATOR)
  await moderator.goto('/en/forum')
  await moderator.getByRole('link', { name: new RegExp(en('forumModeration.queue.link')) }).click()
  await expect(moderator).toHaveURL(/\/en\/forum\/moderation$/)
  await expect(
    moderator.getByRole('heading', { level: 1, name: en('forumModeration.queue.title') }),
  ).toBeVisible()
  const reported = moderator.getByTestId('reported-post').filter({ hasText: body })
  await expect(reported).toContainText('Spam advertising')
  expect(await axeSerious(moderator)).toEqual([])
  await reported.locator('summary', { hasText: en('forumModeration.post.menu') }).click()
  await reported.getByRole('textbox', { name: en('forumModeration.post.hideReason') }).fill(reason)
  await reported.getByRole('button', { name: en('forumModeration.post.hide') }).click()
  // Hiding resolves the post's reports: it leaves the queue.
  await expect(moderator.getByTestId('reported-post').filter({ hasText: body })).toHaveCount(0)

  // The author sees the reason; another reader only that a moderator hid it.
  await author.goto(threadUrl)
  await expect(author.getByText(en('forum.post.hiddenReason', { reason }))).toBeVisible()
  await reader.goto(threadUrl)
  await expect(reader.getByText(en('forum.post.hiddenByModerator')).first()).toBeVisible()
  await expect(reader.getByText(reason)).toHaveCount(0)
  await expect(reader.getByText(body)).toHaveCount(0)

  // The moderator's thread tools: lock, then unlock again.
  await moderator.goto(threadUrl)
  await moderator.getByRole('button', { name: en('forumModeration.thread.lock') }).click()
  await expect(
    moderator.getByRole('button', { name: en('forumModeration.thread.unlock') }),
  ).toBeVisible()
  expect(await axeSerious(moderator)).toEqual([])
  await moderator.getByRole('button', { name: en('forumModeration.thread.unlock') }).click()
  await expect(
    moderator.getByRole('button', { name: en('forumModeration.thread.lock') }),
  ).toBeVisible()

  // The queue page fits a phone.
  expect(await overflowsOf(moderator, '/en/forum/moderation')).toEqual([])
})

test('the back office lists the boards, the moderation log and the moderators', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/admin/forum')
  await expect(page.getByRole('table', { name: /Sekce/ })).toContainText('frames-and-fit')
  await page.getByRole('tab', { name: 'Moderátoři' }).click()
  await expect(page.getByRole('table', { name: 'Moderátoři' })).toContainText(DEMO_MODERATOR.login)
  await page.getByRole('tab', { name: 'Záznam moderování' }).click()
  await expect(page.getByRole('table', { name: 'Záznam moderování' })).toBeVisible()
})
