import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { catalogue } from '@optika/i18n/catalogue'
import type { Rating, RatingSummary } from '@optika/domain/catalogue/rating-api'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { ProductRatings } from './product-ratings.tsx'
import { barPercent, formatAverage, formatRatingDate } from './rating-format.ts'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))
const czech = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.cs]))

const jana: Rating = {
  id: 7,
  overall: 4,
  verbal: 'Light and comfortable.',
  pros: 'Weight',
  cons: 'Price',
  author: 'Jana N.',
  date: '2026-03-04T10:00:00.000Z',
  hidden: false,
  mine: false,
}

const summary: RatingSummary = {
  productId: 100,
  count: 2,
  average: 4.5,
  distribution: [0, 0, 0, 1, 1],
  ratings: [{ ...jana, id: 8, overall: 5, author: 'Ota V.', pros: '', cons: '' }, jana],
  mine: null,
  canRate: false,
  canModerate: false,
}

function render(value: RatingSummary, locale: 'en' | 'cs' = 'en', returnTo?: string): string {
  return renderToStaticMarkup(
    <I18nProvider locale={locale} dictionary={locale === 'en' ? english : czech}>
      <ProductRatings summary={value} {...(returnTo ? { returnTo } : {})} />
    </I18nProvider>,
  )
}

describe('ProductRatings (server render)', () => {
  it('shows the average, count and distribution with text for screen readers', () => {
    const html = render(summary)
    expect(html).toContain('Average rating 4.5 of 5')
    expect(html).toContain('Number of ratings: 2')
    expect(html).toContain('5 of 5: 1')
    expect(html).toContain('3 of 5: 0')
  })

  it('lists each rating with stars as text, review, pros, cons, author and date', () => {
    const html = render(summary)
    expect(html).toContain('4 of 5')
    expect(html).toContain('Light and comfortable.')
    expect(html).toContain('Pros')
    expect(html).toContain('Weight')
    expect(html).toContain('Cons')
    expect(html).toContain('Jana N.')
    expect(html).toContain('dateTime="2026-03-04T10:00:00.000Z"')
    expect(html).toContain('4 Mar 2026')
    expect(html.indexOf('Ota V.')).toBeLessThan(html.indexOf('Jana N.'))
  })

  it('sends anonymous visitors to log in and back', () => {
    const html = render(summary, 'en', '/en/product/frame-1/100')
    expect(html).toContain('Only signed-in customers can rate products.')
    expect(html).toContain('href="/en/login?returnTo=%2Fen%2Fproduct%2Fframe-1%2F100"')
    expect(html).not.toContain('<form')
  })

  it('gives signed-in customers five labelled star radios, prefilled with their rating', () => {
    const mine = { ...jana, mine: true }
    const html = render({ ...summary, canRate: true, mine, ratings: [mine] })
    expect(html.match(/type="radio"/g)).toHaveLength(5)
    expect(html).toMatch(/checked="" value="4"/)
    expect(html).toContain('You have already rated this product. You can change your rating.')
    expect(html).toContain('Overall rating')
    expect(html).toContain('Written review')
    expect(html).toContain('>Light and comfortable.</textarea>')
    expect(html).toContain('Your rating')
  })

  it('shows moderators Hide and Show, and nobody else', () => {
    const hidden = { ...jana, id: 9, hidden: true }
    const html = render({ ...summary, canRate: true, canModerate: true, ratings: [jana, hidden] })
    expect(html).toContain('>Hide</button>')
    expect(html).toContain('>Show</button>')
    expect(html).toContain('Hidden by a moderator')
    expect(render(summary)).not.toContain('</button>')
  })

  it('says when nobody has rated yet, in Czech too', () => {
    const empty = {
      ...summary,
      count: 0,
      average: null,
      distribution: [0, 0, 0, 0, 0],
      ratings: [],
    }
    expect(render(empty)).toContain('Nobody has rated this product yet.')
    expect(render(empty, 'cs')).toContain('Tento produkt zatím nikdo nehodnotil.')
  })
})

describe('rating formats', () => {
  it('writes the average with one decimal in the page language', () => {
    expect(formatAverage(4.3, 'cs')).toBe('4,3')
    expect(formatAverage(4, 'en')).toBe('4.0')
  })

  it('writes the date in the shop time zone', () => {
    expect(formatRatingDate('2026-03-04T23:30:00.000Z', 'en')).toBe('5 Mar 2026')
    expect(formatRatingDate('not a date', 'en')).toBe('not a date')
  })

  it('draws bars as a share of all ratings', () => {
    expect(barPercent(1, 3)).toBe(33)
    expect(barPercent(0, 0)).toBe(0)
  })
})
