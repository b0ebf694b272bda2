import { expect, test, type Page } from '@playwright/test'
import type { ProductsResponse } from '@optika/domain/catalogue/product-list-api'
import { DEMO_CATEGORIES } from '../../apps/server/src/demo/demo-categories.ts'
import { openCategory, settled, text, tileNames } from './listing-kit.ts'

/** The first page's product names the API answers for a sort (the anonymous visitor's). */
async function namesSortedBy(page: Page, id: number, sort: string): Promise<string[]> {
  const answer = await page.evaluate(
    async ([cid, by]) => {
      const response = await fetch(`/api/products?cid=${cid}&p=1&sort=${by}`)
      return (await response.json()) as ProductsResponse
    },
    [id, sort] as const,
  )
  return answer.products.map((product) => product.name)
}

// Issue 21: the optics/magnifiers and spare-parts lists opened sorted by name, and there
// 'Newest first' did nothing. Seed section 9: "Default sort new".
for (const key of ['optics', 'spare-parts'] as const) {
  const name = DEMO_CATEGORIES.find((category) => category.key === key)?.name.en ?? key

  test(`${name} opens newest first, and 'Name' then 'Newest first' reorder it each time`, async ({
    page,
  }) => {
    const id = await openCategory(page, key)
    const sortBar = page.getByRole('group', { name: text('list.sortBy') })
    const newestButton = sortBar.getByRole('button', { name: text('sort.new') })
    const nameButton = sortBar.getByRole('button', { name: text('sort.name') })
    await expect(newestButton).toHaveAttribute('aria-pressed', 'true')
    await expect(page).not.toHaveURL(/[?&]sort=/)

    const newest = await namesSortedBy(page, id, 'new')
    const byName = await namesSortedBy(page, id, 'name')
    // The two orders differ, so each click below must change what the shopper sees.
    expect(byName).not.toEqual(newest)
    expect(await tileNames(page)).toEqual(newest)

    await nameButton.click()
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/)
    await settled(page)
    await expect(nameButton).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => tileNames(page)).toEqual(byName)

    await newestButton.click()
    await expect(page).toHaveURL(/[?&]sort=new(&|$)/)
    await settled(page)
    await expect(newestButton).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => tileNames(page)).toEqual(newest)
  })
}
