import { expect, test } from '@playwright/test'
import type { LaunchedChrome } from 'chrome-launcher'
import { scaled } from './machine-pace.ts'
import {
  PAGE_NAMES,
  auditPage,
  describeFailing,
  launchChromium,
  pagePaths,
  warmUp,
  type CategoryId,
  type PageName,
} from './lighthouse-kit.ts'

/**
 * Lighthouse on a phone (its default mobile configuration) scores the storefront's home, category
 * and product pages 1.0 in accessibility, best practices and SEO. Only these: they do not depend
 * on how busy the machine is. Performance is measured by `npm run bench` (median of three).
 */
const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const satisfies CategoryId[]

test.describe('storefront in Lighthouse (mobile)', () => {
  let chrome: LaunchedChrome | undefined
  let paths: Readonly<Record<PageName, string>> | undefined

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(scaled(60_000))
    chrome = await launchChromium()
    paths = await pagePaths(baseURL ?? '')
  })

  test.afterAll(() => {
    chrome?.kill()
  })

  for (const name of PAGE_NAMES) {
    test(`the ${name} page scores 1.0 in accessibility, best practices and SEO`, async ({
      baseURL,
    }) => {
      test.setTimeout(scaled(120_000))
      if (chrome === undefined || paths === undefined) throw new Error('No Chromium or pages.')
      const url = `${baseURL ?? ''}${paths[name]}`
      await warmUp(url)
      const audit = await auditPage(url, chrome.port, CATEGORIES)
      expect(audit.failing, describeFailing(name, audit.failing).join('\n')).toEqual([])
      expect(audit.scores).toEqual({ accessibility: 1, 'best-practices': 1, seo: 1 })
    })
  }
})
