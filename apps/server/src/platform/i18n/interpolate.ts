/** Fills i18next-style `{{name}}` placeholders; unknown placeholders stay visible. */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}
