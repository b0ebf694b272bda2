import { expect, test, type Locator, type Page } from '@playwright/test'
import type { RatingSummary } from '@optika/domain/catalogue/rating-api'
import { catalogue } from '@optika/i18n/catalogue'

/** The page's texts come from the same catalogue the server seeds its dictionary from. */
function text(key: string, params: Record<string, string> = {}): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry.en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

const CUSTOMER = { login: 'zakaznik@optika.example', password: 'Optika-zakaznik-2026' }

async function logIn(page: Page): Promise<void> {
  await page.goto('/en/login')
  await expect(page.getByRole('button', { name: text('auth.logIn') })).toBeEnabled()
  await page.getByRole('textbox', { name: text('accountPage.login.login') }).fill(CUSTOMER.login)
  await page
    .getByRole('textbox', { name: text('customer.password'), exact: true })
    .fill(CUSTOMER.password)
  await page.getByRole('button', { name: text('auth.logIn') }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/**
 * A frame from the demo's "Frames" category that nobody has rated yet (so the journey starts
 * from an empty form even when the server is reused between runs).
 */
async function unratedFrame(page: Page): Promise<number> {
  await page.goto('/en')
  await page
    .getByRole('region', { name: text('shop.home.categoriesTitle') })
    .getByRole('link', { name: 'Frames', exact: true })
    .first()
    .click()
  const tiles = page.locator('article[id^="product-"]')
  await expect(tiles.first()).toBeVisible()
  const ids: number[] = []
  for (const tile of await tiles.all()) {
    ids.push(Number((await tile.getAttribute('id'))?.replace('product-', '')))
  }
  for (const id of ids) {
    const summary = (await (
      await page.request.get(`/api/product/${id}/ratings`)
    ).json()) as RatingSummary
    if (summary.count === 0 && summary.mine === null) return id
  }
  throw new Error('Every listed frame has ratings already')
}

function ratingForm(page: Page, title: string): Locator {
  return page.getByRole('form', { name: title })
}

function star(form: Locator, stars: number): Locator {
  return form.getByRole('radio', { name: text('ratings.starsOf', { value: String(stars) }) })
}

test('a customer rates a product with pros and cons and later changes the rating', async ({
  page,
}) => {
  await logIn(page)
  const productId = await unratedFrame(page)
  // A made-up slug: the page redirects to its own address.
  await page.goto(`/en/p/${productId}/x`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // No stars chosen: the same message the server would answer.
  let form = ratingForm(page, text('ratings.formTitle'))
  const submit = form.getByRole('button', { name: text('ratings.submit') })
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(form.getByRole('alert')).toHaveText(text('validation.ratingRequired'))

  await star(form, 4).check()
  await form.getByRole('textbox', { name: text('rating.verbal') }).fill('Light, sits well.')
  await form.getByRole('textbox', { name: text('rating.pros') }).fill('Very light')
  await form.getByRole('textbox', { name: text('rating.cons') }).fill('Case sold separately')
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/product/${productId}/rating`) &&
      response.request().method() === 'PUT',
  )
  await submit.click()
  expect((await saved).status()).toBe(200)
  await expect(page.getByRole('status').filter({ hasText: text('ratings.saved') })).toBeVisible()

  const list = page.getByRole('list', { name: text('ratings.title') })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  const item = list.getByRole('listitem').first()
  await expect(item).toContainText(text('ratings.starsOf', { value: '4' }))
  await expect(item).toContainText('Light, sits well.')
  await expect(item).toContainText('Very light')
  await expect(item).toContainText('Case sold separately')
  await expect(item).not.toContainText(CUSTOMER.login)
  await expect(page.getByText(text('ratings.average', { value: '4.0' }))).toBeAttached()
  await expect(page.getByText(text('ratings.count', { count: '1' }))).toBeVisible()

  // After a reload the form is prefilled; the arrow key moves the stars from 4 to 5.
  await page.reload()
  form = ratingForm(page, text('ratings.changeTitle'))
  await expect(form.getByText(text('rating.alreadyRated'))).toBeVisible()
  await expect(star(form, 4)).toBeChecked()
  await expect(form.getByRole('textbox', { name: text('rating.pros') })).toHaveValue('Very light')
  const change = form.getByRole('button', { name: text('ratings.submitChange') })
  await expect(change).toBeEnabled()
  await star(form, 4).focus()
  await page.keyboard.press('ArrowRight')
  await expect(star(form, 5)).toBeChecked()
  await change.click()
  await expect(page.getByRole('status').filter({ hasText: text('ratings.saved') })).toBeVisible()

  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('listitem').first()).toContainText(
    text('ratings.starsOf', { value: '5' }),
  )
  await expect(page.getByText(text('ratings.average', { value: '5.0' }))).toBeAttached()
  await page.reload()
  await expect(
    page.getByRole('list', { name: text('ratings.title') }).getByRole('listitem'),
  ).toHaveCount(1)
  await expect(page.getByText(text('ratings.count', { count: '1' }))).toBeVisible()
})

test('an anonymous visitor is asked to log in to rate', async ({ page }) => {
  const productId = await unratedFrame(page)
  await page.goto(`/en/p/${productId}/x`)
  await expect(page.getByText(text('ratings.loginPrompt'))).toBeVisible()
  // Its login link brings the visitor back to this product.
  await expect(
    page
      .getByText(text('ratings.loginPrompt'))
      .getByRole('link', { name: text('auth.logIn'), exact: true }),
  ).toHaveAttribute('href', new RegExp(`^/en/login\\?returnTo=%2Fen%2Fp%2F${productId}%2F`))
  await expect(page.getByRole('form', { name: text('ratings.formTitle') })).toHaveCount(0)
  const response = await page.request.put(`/api/product/${productId}/rating`, {
    data: { overall: 5 },
  })
  expect(response.status()).toBe(401)
})
