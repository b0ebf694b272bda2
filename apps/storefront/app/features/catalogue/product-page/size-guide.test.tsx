import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { SizeGuide } from './size-guide.tsx'

function render(locale: Locale): string {
  const dictionary = Object.fromEntries(
    Object.entries(catalogue).map(([key, texts]) => [key, texts[locale]]),
  )
  return renderToStaticMarkup(
    <I18nProvider locale={locale} dictionary={dictionary}>
      <SizeGuide size={{ lensWidth: 57, bridgeWidth: 17, templeLength: 145 }} />
    </I18nProvider>,
  )
}

describe('size guide', () => {
  it('is a disclosure naming the frame size, closed at first', () => {
    const html = render('en')
    expect(html).toMatch(
      /^<details[^>]*><summary[^>]*>.*How to read the frame size \(57□17 145\)<\/summary>/,
    )
    expect(html).not.toMatch(/<details[^>]* open/)
  })

  it('gives the drawing a text alternative with the three sizes', () => {
    const html = render('en')
    const labelled =
      /<svg role="img" aria-labelledby="([^"]+)"[^>]*><title id="\1">([^<]+)<\/title>/.exec(html)
    expect(labelled?.[2]).toBe(
      'Drawing of the frame from the front and the side: the lens width of 57 mm is measured across one lens, the bridge width of 17 mm between the two lenses, and the temple length of 145 mm from the hinge to the end of the temple.',
    )
  })

  it('explains each number and how to read one’s own glasses, in every language', () => {
    const en = render('en')
    expect(en).toContain('Lens width: 57 mm')
    expect(en).toContain('Bridge width: 17 mm')
    expect(en).toContain('Temple length: 145 mm')
    expect(en).toContain('Look at the inside of a temple')
    const hu = render('hu')
    expect(hu).toContain('Hogyan olvassa le a keret méretét')
    expect(hu).toContain('Lencseszélesség: 57 mm')
  })
})
