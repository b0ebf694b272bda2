import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldDefinition, LayoutDefinition } from '@optika/domain/pim/class-definition'
import type { adminFixesCatalogue } from '@optika/i18n/catalogue/admin-fixes'
import { isLocale } from '@optika/i18n/locales'

const TITLE_PREFIX = 'adminFixes.layoutTitle.'

/** The shared translation that may hold a layout title: `Size (lens width)` → `…sizeLensWidth`. */
export function layoutTitleKey(title: string): keyof typeof adminFixesCatalogue {
  const words = title.split(/[^A-Za-z0-9]+/).filter((word) => word !== '')
  // Only a key this section holds is ever looked up (see useLayoutTitle), hence the cast.
  return (TITLE_PREFIX +
    words
      .map((word, index) => {
        const lower = word.toLowerCase()
        return index === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1)
      })
      .join('')) as keyof typeof adminFixesCatalogue
}

/**
 * A layout node's label in the back office's language: the node's own title in that language
 * (`titles`, set in the class editor) first. Else the shared translations: class titles are
 * written in English (the language classes are exchanged in) and the catalogue holds the shop
 * classes' titles; a title is translated only while it is still the English text of its key, so
 * a title an editor changed is shown as typed, never replaced by the shipped one.
 */
export function useLayoutTitle(): (
  node: Pick<FieldDefinition | LayoutDefinition, 'title' | 'titles' | 'name'>,
) => string {
  const { t, i18n } = useTranslation()
  return useCallback(
    (node) => {
      const language = i18n.language
      const own = isLocale(language) ? node.titles?.[language]?.trim() : undefined
      if (own) return own
      if (node.title === '') return node.name
      const key = layoutTitleKey(node.title)
      if (i18n.getResource('en', 'translation', key) !== node.title) return node.title
      return t(key, { defaultValue: node.title })
    },
    [t, i18n],
  )
}
