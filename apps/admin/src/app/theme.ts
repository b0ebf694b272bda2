import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core'

/**
 * The back office's look: Mantine defaults with a calm blue, a focus ring for keyboard users only,
 * and text colours dark enough for WCAG AA contrast (Mantine's blue.6 links and gray.6 "dimmed"
 * text fall short of 4.5:1 on white).
 */
export const adminTheme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
})

/** WCAG AA for normal text, with a little room for the browser's rounding. */
const MIN_CONTRAST = 4.6

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (lighter + 0.05) / (darker + 0.05)
}

/**
 * The text colour of every "light" variant (badges such as "Schválen", light buttons, alerts):
 * Mantine draws shade 9 on shade 1, which is 3.8:1 for green and less for yellow, lime and
 * orange. Each colour's text is darkened just enough to reach AA on its own background.
 */
export function readableLightColors(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {}
  for (const [name, shades] of Object.entries(theme.colors)) {
    const [background, text] = [shades[1], shades[9]]
    if (background === undefined || text === undefined) continue
    let amount = 0
    while (contrast(darken(text, amount), background) < MIN_CONTRAST && amount < 0.9) amount += 0.05
    if (amount > 0) variables[`--mantine-color-${name}-light-color`] = darken(text, amount)
  }
  return variables
}

export const adminCssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', ...readableLightColors(theme) },
  dark: {},
})
