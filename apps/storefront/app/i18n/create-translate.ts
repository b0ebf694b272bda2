import type { Dictionary } from './dictionary.ts'

/** Translates a key, filling `{{name}}` placeholders from `params`. */
export type Translate = (key: string, params?: Readonly<Record<string, string | number>>) => string

/**
 * A `t` over one language's dictionary. It implements the part of i18next's format the shop's
 * dictionary uses (flat keys, `{{name}}` placeholders; a missing key shows as the key itself)
 * and renders exactly what i18next renders for it (create-translate.test.ts compares the two over
 * the whole catalogue). It replaces i18next in the browser because i18next and react-i18next
 * alone (about 17 KB gzip) would take the home page past its 120 KB script budget.
 */
export function createTranslate(dictionary: Dictionary): Translate {
  return (key, params) => {
    const text = (Object.hasOwn(dictionary, key) ? dictionary[key] : undefined) || key
    if (!params) return text
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    )
  }
}
