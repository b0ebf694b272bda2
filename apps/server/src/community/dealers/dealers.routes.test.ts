import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type {
  Dealer,
  DealerSearchAnswer,
  GeoSuggestAnswer,
  PartnerDealerListing,
} from '@optika/domain/community/dealer-api'
import { objects } from '../../platform/db/schema/elements.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs } from '../../../test/inject-json.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'

/** Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (the same file, the same SQL). */
describe('dealer map API', () => {
  let testApp: TestApp
  const EN = { 'accept-language': 'en' }
  const ids: Record<string, number> = {}
  let brandA = 0
  let brandB = 0

  async function insertObject(
    classId: string,
    key: string,
    data: Record<string, unknown>,
    published = true,
  ) {
    const [row] = await testApp.database.db
      .insert(objects)
      .values({ type: 'object', key, path: '/dealer-test/', classId, data, published })
      .returning({ id: objects.id })
    return row!.id
  }

  function get(url: string, cookie: string | null = null) {
    return injectAs(testApp.app, 'GET', url, cookie, undefined, EN)
  }

  beforeAll(async () => {
    testApp = await buildTestApp()
    brandA = await insertObject('Brand', `brand-a-${Date.now()}`, { name: 'Aurora Test' })
    brandB = await insertObject('Brand', `brand-b-${Date.now()}`, { name: 'Borealis Test' })
    const dealers: [string, string, string, string, number, number, string[], number[]][] = [
      [
        'prague',
        'Test Optika Praha',
        'Praha',
        'CZ',
        50.0833,
        14.4167,
        ['eyeTest', 'repairs'],
        [brandA],
      ],
      ['brno', 'Test Optika Brno', 'Brno', 'CZ', 49.1951, 16.6068, ['eyeTest'], [brandB]],
      [
        'bratislava',
        'Test Optika Bratislava',
        'Bratislava',
        'SK',
        48.1486,
        17.1077,
        ['contactLenses'],
        [brandA, brandB],
      ],
      [
        'krakow',
        'Test Optyk Kraków',
        'Kraków',
        'PL',
        50.0614,
        19.9366,
        ['eyeTest', 'sunglasses'],
        [brandA],
      ],
      ['cluj', 'Test Optica Cluj', 'Cluj-Napoca', 'RO', 46.7712, 23.6236, [], []],
    ]
    for (const [key, name, city, country, lat, lng, services, brandIds] of dealers) {
      ids[key] = await insertObject('Dealer', `dealer-${key}-${Date.now()}`, {
        name,
        city,
        country,
        lat,
        lng,
        services,
        brandIds,
        street: 'Hlavní 1',
        postcode: '',
        phone: '+420 555 000 000',
        email: 'test@optika.example',
        web: 'https://optika.example',
        openingHours: [
          { day: 'tu', opens: '09:00', closes: '17:00' },
          { day: 'mo', opens: '09:00', closes: '17:00' },
        ],
        description: { en: 'A test dealer.', cs: 'Zkušební prodejce.' },
      })
    }
    ids.unpublished = await insertObject(
      'Dealer',
      `dealer-hidden-${Date.now()}`,
      { name: 'Hidden Optika', lat: 50, lng: 14.4, country: 'CZ' },
      false,
    )
  })
  afterAll(() => testApp.close())

  describe('gazetteer', () => {
    const cases: [string, string, string][] = [
      ['Praha', 'Praha', 'CZ'],
      ['praha', 'Praha', 'CZ'],
      ['PRAHA', 'Praha', 'CZ'],
      ['Praha 4', 'Praha 4', 'CZ'],
      ['140 00', 'Praha 4', 'CZ'],
      ['14000', 'Praha 4', 'CZ'],
      ['Bratislava', 'Bratislava', 'SK'],
      ['Győr', 'Győr', 'HU'],
      ['gyor', 'Győr', 'HU'],
      ['Kraków', 'Kraków', 'PL'],
      ['krakow', 'Kraków', 'PL'],
      ['Cluj-Napoca', 'Cluj-Napoca', 'RO'],
      ['cluj napoca', 'Cluj-Napoca', 'RO'],
      ['31-001', 'Kraków', 'PL'],
    ]
    it.each(cases)('%s → %s (%s) first', async (q, name, country) => {
      const response = await get(`/api/geo/suggest?q=${encodeURIComponent(q)}`)
      expect(response.statusCode).toBe(200)
      const first = response.json<GeoSuggestAnswer>().places[0]
      expect(first).toMatchObject({ name, country })
    })

    it('suggests by prefix as you type, exact matches before longer names, at most `limit`', async () => {
      const places = (await get('/api/geo/suggest?q=Pra&limit=8')).json<GeoSuggestAnswer>().places
      expect(places).toHaveLength(8)
      expect(places.every((p) => p.name.toLowerCase().startsWith('pra'))).toBe(true)
      const brno = (await get('/api/geo/suggest?q=brno')).json<GeoSuggestAnswer>().places
      expect(brno[0]?.name).toBe('Brno')
      expect(brno.slice(1).every((p) => p.name !== 'Brno' || p.country !== 'CZ')).toBe(true)
    })

    it('answers a postcode with its postcode and a sensible position', async () => {
      const [place] = (await get('/api/geo/suggest?q=140%2000')).json<GeoSuggestAnswer>().places
      expect(place?.postcode).toBe('140 00')
      expect(place?.lat).toBeGreaterThan(49.9)
      expect(place?.lat).toBeLessThan(50.2)
    })
  })

  describe('search', () => {
    it('sorts by the distance PostgreSQL computes from the geocoded address', async () => {
      const response = await get('/api/dealers?q=Brno')
      expect(response.statusCode).toBe(200)
      const answer = response.json<DealerSearchAnswer>()
      expect(answer.place?.name).toBe('Brno')
      const ours = answer.dealers.filter((d) => d.name.startsWith('Test Opt'))
      expect(ours.map((d) => d.city)).toEqual([
        'Brno',
        'Bratislava',
        'Praha',
        'Kraków',
        'Cluj-Napoca',
      ])
      const distances = answer.dealers.map((d) => d.distance ?? Infinity)
      expect(distances).toEqual([...distances].sort((a, b) => a - b))
      // Brno → Praha is about 185 km as the crow flies.
      const praha = ours.find((d) => d.city === 'Praha')!
      expect(praha.distance).toBeGreaterThan(180_000)
      expect(praha.distance).toBeLessThan(190_000)
      expect(answer.markers.length).toBeGreaterThanOrEqual(5)
      expect(answer.dealers.some((d) => d.name === 'Hidden Optika')).toBe(false)
    })

    it('sorts from a point ("use my location")', async () => {
      const answer = (await get('/api/dealers?lat=46.77&lng=23.6')).json<DealerSearchAnswer>()
      expect(answer.place).toBeNull()
      expect(answer.dealers.filter((d) => d.name.startsWith('Test Opt'))[0]?.city).toBe(
        'Cluj-Napoca',
      )
    })

    it('filters by service (all of them) and brand (any), with facet counts of the other filter', async () => {
      const services = (
        await get('/api/dealers?q=Praha&services=eyeTest')
      ).json<DealerSearchAnswer>()
      const ours = services.dealers.filter((d) => d.name.startsWith('Test Opt')).map((d) => d.city)
      expect(ours.sort()).toEqual(['Brno', 'Kraków', 'Praha'])
      expect(services.facets.brands.find((b) => b.id === brandA)?.count).toBe(2)
      expect(services.facets.brands.find((b) => b.id === brandB)?.count).toBe(1)

      const both = (
        await get(`/api/dealers?services=eyeTest_repairs&brands=${brandA}`)
      ).json<DealerSearchAnswer>()
      expect(both.dealers.filter((d) => d.name.startsWith('Test Opt')).map((d) => d.city)).toEqual([
        'Praha',
      ])

      const brand = (await get(`/api/dealers?brands=${brandB}`)).json<DealerSearchAnswer>()
      const brandCities = brand.dealers
        .filter((d) => d.name.startsWith('Test Opt'))
        .map((d) => d.city)
      expect(brandCities.sort()).toEqual(['Bratislava', 'Brno'])
      // The service facet counts brand B's dealers, whatever services are chosen.
      expect(brand.facets.services.find((s) => s.key === 'contactLenses')?.count).toBe(1)
      expect(brand.dealers[0]?.brands.map((b) => b.name)).toContain('Borealis Test')
    })

    it("answers 'Address not found' as a translated 404 when q matches no place", async () => {
      const response = await get('/api/dealers?q=Xyzzyville')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({
        code: 'ADDRESS_NOT_FOUND',
        message: 'Address not found',
      })
    })

    it('pages, keeping the markers of every match', async () => {
      const answer = (await get('/api/dealers?page=999')).json<DealerSearchAnswer>()
      expect(answer.page).toBe(answer.pageCount)
      expect(answer.markers.length).toBe(answer.total)
    })
  })

  describe('detail', () => {
    it("shows a dealer with opening hours Monday first and the page language's description", async () => {
      const response = await get(`/api/dealers/o${ids.prague}`)
      expect(response.statusCode).toBe(200)
      const dealer = response.json<Dealer>()
      expect(dealer).toMatchObject({
        name: 'Test Optika Praha',
        description: 'A test dealer.',
        isPartner: false,
      })
      expect(dealer.openingHours.map((row) => row.day)).toEqual(['mo', 'tu'])
      expect(dealer.slug).toBe('test-optika-praha')
    })

    it.each(['o999999999', `o${0}`, 'x1', 'p999999', '%27', 'o1;drop'])(
      '404 for %s',
      async (ref) => {
        const response = await get(`/api/dealers/${encodeURIComponent(ref)}`)
        expect(response.statusCode).toBe(404)
        expect(response.json<{ message: string }>().message).toBe('Dealer not found')
      },
    )

    it('404 for an unpublished dealer', async () => {
      expect((await get(`/api/dealers/o${ids.unpublished}`)).statusCode).toBe(404)
    })
  })

  describe("partners' own entries", () => {
    const listing = {
      listed: true,
      name: 'Partner Optik Győr',
      street: 'Baross Gábor út 5',
      city: 'Győr',
      postcode: '9021',
      country: 'HU',
      phone: '+36 96 000 000',
      services: ['eyeTest'],
      openingHours: [{ day: 'fr', opens: '08:00', closes: '16:00' }],
    }

    it('refuses visitors (401), retail customers and pending partners (403)', async () => {
      expect(
        (await injectAs(testApp.app, 'GET', '/api/partner/dealer-listing', null)).statusCode,
      ).toBe(401)
      const retail = await insertCustomer(testApp.database.db)
      const retailCookie = await signInCustomer(testApp.app, retail.email)
      expect(
        (await injectAs(testApp.app, 'PUT', '/api/partner/dealer-listing', retailCookie, listing))
          .statusCode,
      ).toBe(403)
      const pending = await insertCustomer(testApp.database.db, { kind: 'partner' })
      const pendingCookie = await signInCustomer(testApp.app, pending.email)
      expect(
        (await injectAs(testApp.app, 'PUT', '/api/partner/dealer-listing', pendingCookie, listing))
          .statusCode,
      ).toBe(403)
    })

    it('lists an approved partner placed by its postcode, and takes it off when it opts out', async () => {
      const partner = await insertCustomer(testApp.database.db, { kind: 'partner' })
      await approvePartner(testApp.database.db, partner.id)
      const cookie = await signInCustomer(testApp.app, partner.email)
      expect(
        (await injectAs(testApp.app, 'GET', '/api/partner/dealer-listing', cookie)).json(),
      ).toBeNull()

      const saved = await injectAs(
        testApp.app,
        'PUT',
        '/api/partner/dealer-listing',
        cookie,
        listing,
        EN,
      )
      expect(saved.statusCode).toBe(200)
      const entry = saved.json<PartnerDealerListing>()
      expect(entry.lat).toBeGreaterThan(47.5)
      expect(entry.lat).toBeLessThan(47.8)

      const near = (await get('/api/dealers?q=Gy%C5%91r')).json<DealerSearchAnswer>()
      expect(near.dealers[0]).toMatchObject({
        ref: `p${partner.id}`,
        isPartner: true,
        name: 'Partner Optik Győr',
      })
      expect((await get(`/api/dealers/p${partner.id}`)).json<Dealer>().openingHours).toEqual(
        listing.openingHours,
      )

      await injectAs(testApp.app, 'PUT', '/api/partner/dealer-listing', cookie, {
        ...listing,
        listed: false,
      })
      const after = (await get('/api/dealers?q=Gy%C5%91r')).json<DealerSearchAnswer>()
      expect(after.dealers.some((d) => d.ref === `p${partner.id}`)).toBe(false)
      expect((await get(`/api/dealers/p${partner.id}`)).statusCode).toBe(404)
      expect(
        (await injectAs(testApp.app, 'GET', '/api/partner/dealer-listing', cookie)).json(),
      ).toMatchObject({ listed: false })
    })

    it('takes a listed partner off the map when the shop no longer approves it', async () => {
      const partner = await insertCustomer(testApp.database.db, { kind: 'partner' })
      await approvePartner(testApp.database.db, partner.id)
      const cookie = await signInCustomer(testApp.app, partner.email)
      const gps = { ...listing, name: 'Partner GPS', lat: 47.69, lng: 17.63 }
      expect(
        (await injectAs(testApp.app, 'PUT', '/api/partner/dealer-listing', cookie, gps)).statusCode,
      ).toBe(200)
      expect((await get(`/api/dealers/p${partner.id}`)).statusCode).toBe(200)
      await testApp.database.db.execute(
        sql`update customers set partner_status = 'rejected' where id = ${partner.id}`,
      )
      expect((await get(`/api/dealers/p${partner.id}`)).statusCode).toBe(404)
    })

    it("answers 'Address not found' for an unknown town without GPS, and bad input as translated 400s", async () => {
      const partner = await insertCustomer(testApp.database.db, { kind: 'partner' })
      await approvePartner(testApp.database.db, partner.id)
      const cookie = await signInCustomer(testApp.app, partner.email)
      const put = (body: unknown) =>
        injectAs(testApp.app, 'PUT', '/api/partner/dealer-listing', cookie, body, EN)
      const unknown = await put({ ...listing, postcode: '', city: 'Xyzzyville' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toMatchObject({
        code: 'ADDRESS_NOT_FOUND',
        message: 'Address not found',
      })
      for (const bad of [
        { ...listing, name: 'Nul\u0000name' },
        { ...listing, web: 'javascript:alert(1)' },
        { ...listing, openingHours: [{ day: 'mo', opens: '18:00', closes: '08:00' }] },
        { ...listing, services: ['teleportation'] },
        { ...listing, country: 'XX' },
        { ...listing, lat: 91, lng: 0 },
      ]) {
        const response = await put(bad)
        expect(response.statusCode).toBe(400)
      }
      expect(
        (await injectAs(testApp.app, 'GET', '/api/partner/dealer-listing', cookie)).json(),
      ).toBeNull()
    })
  })

  describe('hostile input', () => {
    const hostile = [
      'x'.repeat(10_000),
      '%',
      '_',
      "'; drop table objects; --",
      '.*(',
      '[a-z]+$',
      '\\',
      'a\u0000b',
      'שלום',
      'القاهرة',
      '😀👓',
      '\u202eakşarB',
    ]
    it.each(hostile.map((q) => [q.slice(0, 20), q]))(
      'suggest %j → 200 empty or 400, never 500',
      async (_label, q) => {
        const response = await get(`/api/geo/suggest?q=${encodeURIComponent(q)}`)
        expect([200, 400]).toContain(response.statusCode)
        if (response.statusCode === 200)
          expect(response.json<GeoSuggestAnswer>().places).toEqual([])
        else expect(response.json<{ message: string }>().message).not.toMatch(/^dealer\./)
      },
    )
    it.each(hostile.map((q) => [q.slice(0, 20), q]))(
      'search %j → translated 4xx',
      async (_label, q) => {
        const response = await get(`/api/dealers?q=${encodeURIComponent(q)}`)
        expect([400, 404]).toContain(response.statusCode)
        expect(response.json<{ message: string }>().message).not.toMatch(/^(dealer|error)\./)
      },
    )
    it.each([
      'brands=1%27',
      'brands=%25',
      'services=eyeTest_%2A',
      'lat=50',
      'lat=abc&lng=1',
      'page=-1',
      'country=ZZ',
    ])('search with %s → translated 400', async (query) => {
      const response = await get(`/api/dealers?${query}`)
      expect(response.statusCode).toBe(400)
    })
    it('keeps the objects table after it all', async () => {
      const rows = await testApp.database.db.execute(sql`select count(*)::int as n from objects`)
      expect(Number(rows.rows[0]?.n)).toBeGreaterThan(0)
    })
  })
})
