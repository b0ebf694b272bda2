import type { Dictionary } from './dictionary.ts'

/**
 * A text from a dictionary outside React (route `meta` functions run without hooks), with
 * i18next-style `{{name}}` placeholders filled; a missing key shows as the key itself.
 */
export function translateText(
  dictionary: Dictionary | undefined,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = dictionary?.[key] || key
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}
