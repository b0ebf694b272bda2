import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANONYMOUS_VIEWER } from '@optika/domain/accounts/viewer'
import { catalogue } from '@optika/i18n/catalogue'
import type { Database } from '../../platform/db/client.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { createTranslator, syncCatalogue } from '../../platform/i18n/translator.ts'
import {
  DETAIL_FIXTURE as D,
  insertDetailFixture,
} from '../../../test/fixtures/product-detail-fixture.ts'
import { addBusinessDays, deliveryOptionsFor, deliveryWindow } from './delivery-estimate.ts'
import { createProductDetailService } from './product-detail-service.ts'
import { loadShopSettings } from '../../platform/settings/shop-settings.ts'

// 2026-11-27 is a Friday.
const FRIDAY_MORNING = new Date('2026-11-27T09:00:00Z')

describe('delivery dates', () => {
  it('count business days only: a weekend in between adds two days', () => {
    expect(addBusinessDays('2026-11-27', 0)).toBe('2026-11-27')
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30')
    expect(addBusinessDays('2026-11-25', 2)).toBe('2026-11-27')
    expect(addBusinessDays('2026-11-26', 5)).toBe('2026-12-03')
  })

  it('leave on the day of the order, or on Monday when ordered at the weekend', () => {
    expect(deliveryWindow(FRIDAY_MORNING, { min: 2, max: 4 })).toEqual({
      earliest: '2026-12-01',
      latest: '2026-12-03',
    })
    expect(deliveryWindow(new Date('2026-11-28T12:00:00Z'), { min: 2, max: 4 })).toEqual({
      earliest: '2026-12-02',
      latest: '2026-12-04',
    })
  })

  it('follow the shop’s calendar: Friday 23:30 UTC is already Saturday in Prague', () => {
    expect(deliveryWindow(new Date('2026-11-27T23:30:00Z'), { min: 1, max: 1 })).toEqual({
      earliest: '2026-12-01',
      latest: '2026-12-01',
    })
  })

  describe('on the product page', () => {
    let database: Database

    beforeAll(async () => {
      database = await createTestDatabase()
      await syncCatalogue(database.db, catalogue)
      await insertDetailFixture(database.db)
    })
    afterAll(() => database.close())

    async function page(country: 'CZ' | 'HU') {
      const service = createProductDetailService({
        db: database.db,
        translator: await createTranslator(database.db),
        shopSettings: () => loadShopSettings(database.db),
        now: () => FRIDAY_MORNING,
      })
      const detail = await service.get(
        'en',
        D.frame,
        { ...ANONYMOUS_VIEWER, country },
        new URLSearchParams(),
      )
      if (!detail) throw new Error('no product page')
      return detail
    }

    it('gives each shipping method of the visitor’s country with its carrier and dates', async () => {
      const czech = await page('CZ')
      // The demo configuration: the forwarder takes 2–4 business days in Czechia.
      expect(czech.delivery.country).toBe('CZ')
      expect(czech.delivery.options).toContainEqual(
        expect.objectContaining({
          name: 'Forwarding company',
          earliest: '2026-12-01',
          latest: '2026-12-03',
          datesText: expect.stringMatching(/1.*3/) as unknown as string,
        }),
      )
      const hungarian = await page('HU')
      expect(hungarian.delivery.country).toBe('HU')
      expect(hungarian.delivery.options.map((o) => o.name)).toEqual(['Forwarding company'])
    })

    it('are worked out once a day for the same settings, again for new settings', async () => {
      const settings = await loadShopSettings(database.db)
      const friday = deliveryOptionsFor(settings, 'CZ', 'en', FRIDAY_MORNING)
      const fridayEvening = new Date('2026-11-27T16:00:00Z')
      expect(deliveryOptionsFor(settings, 'CZ', 'en', fridayEvening)).toBe(friday)
      // Another language or country is its own answer.
      expect(deliveryOptionsFor(settings, 'CZ', 'cs', FRIDAY_MORNING)).not.toBe(friday)

      const monday = deliveryOptionsFor(settings, 'CZ', 'en', new Date('2026-11-30T09:00:00Z'))
      expect(monday.map((o) => o.earliest)).not.toEqual(friday.map((o) => o.earliest))

      const reloaded = await loadShopSettings(database.db)
      const again = deliveryOptionsFor(reloaded, 'CZ', 'en', FRIDAY_MORNING)
      expect(again).not.toBe(friday)
      expect(again).toEqual(friday)
    })

    it('promises a date from the stock state: now when orderable, later or never otherwise', async () => {
      const detail = await page('CZ')
      expect(
        detail.variants.map((v) => [v.availability, v.orderability, v.deliveryOutlook]),
      ).toEqual([
        ['inStock', 'available', 'dated'],
        // Low in stock with no pieces left: comes later.
        ['lowStock', 'outOfStock', 'later'],
        ['outOfStock', 'outOfStock', 'later'],
        // The last pieces of a product with no further deliveries still ship now.
        ['noFurtherDeliveries', 'available', 'dated'],
        ['endOfProduction', 'cannotBeOrdered', 'none'],
      ])
    })
  })
})
