import { describe, expect, it } from 'vitest'
import type { LayoutNode } from '@optika/domain/pim/class-definition'
import { SHOP_CLASSES } from '@optika/domain/pim/shop-classes'
import { adminFixesCatalogue } from '@optika/i18n/catalogue/admin-fixes'
import { layoutTitleKey } from './layout-title.ts'

function titlesOf(nodes: readonly LayoutNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.title === '' ? [] : [node.title]),
    ...(node.children ? titlesOf(node.children) : []),
  ])
}

describe('layout titles in the back office language', () => {
  it('names a title by its words in lower camel case', () => {
    expect(layoutTitleKey('Size (lens width)')).toBe('adminFixes.layoutTitle.sizeLensWidth')
    expect(layoutTitleKey('URL slug')).toBe('adminFixes.layoutTitle.urlSlug')
    expect(layoutTitleKey('Code')).toBe('adminFixes.layoutTitle.code')
  })

  it("has every tab, panel and field title of the shop's classes in all six languages", () => {
    const titles = new Set(
      SHOP_CLASSES.flatMap((shopClass) => titlesOf(shopClass.definition.layout)),
    )
    const untranslated = [...titles].filter(
      (title) =>
        (adminFixesCatalogue as Record<string, { en: string } | undefined>)[layoutTitleKey(title)]
          ?.en !== title,
    )
    expect(untranslated).toEqual([])
  })
})
