import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_QUANTITY_UNITS } from '@optika/domain/pim/default-units'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs, signInNewUser, type Method } from '../../../test/inject-json.ts'

let t: TestApp
/** Holds `quantityValues`. */
let manager: string
/** Holds only `objects`: may read the unit list. */
let editor: string
let nobody: string

const BASE = '/admin/quantity-value'

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  manager = await signInNewUser(db, { username: 'qv.manager', permissions: ['quantityValues'] })
  editor = await signInNewUser(db, { username: 'qv.editor', permissions: ['objects'] })
  nobody = await signInNewUser(db, { username: 'qv.nobody' })
})
afterAll(() => t.close())

const call = (cookie: string | null, method: Method, url: string, payload?: unknown) =>
  injectAs(t.app, method, `${BASE}/${url}`, cookie, payload, { 'accept-language': 'en' })

async function ok<T = Record<string, unknown>>(method: Method, url: string, payload?: unknown) {
  const response = await call(manager, method, url, payload)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<T>()
}

interface Unit {
  id: string
  abbreviation: string
  group: string
  baseUnitId: string | null
  factor: number | null
}

describe('unit lists', () => {
  it('unit-list answers every unit by group then abbreviation, also to the object editor', async () => {
    const response = await call(editor, 'GET', 'unit-list')
    expect(response.statusCode).toBe(200)
    const units = response.json<{ data: Unit[] }>().data
    expect(units).toHaveLength(DEFAULT_QUANTITY_UNITS.length)
    const keys = units.map((unit) => [unit.group, unit.abbreviation])
    const sorted = [...keys].sort((a, b) =>
      a[0] === b[0] ? (a[1]! < b[1]! ? -1 : 1) : a[0]! < b[0]! ? -1 : 1,
    )
    expect(keys.map((k) => k[0])).toEqual(sorted.map((k) => k[0]))
    expect(units.find((unit) => unit.id === 'mm')).toMatchObject({ baseUnitId: 'm', factor: 0.001 })
  })

  it('unit-proxy pages and filters', async () => {
    const page = await ok<{ total: number; data: Unit[] }>('GET', 'unit-proxy?start=0&limit=3')
    expect(page.total).toBe(DEFAULT_QUANTITY_UNITS.length)
    expect(page.data).toHaveLength(3)
    const metres = await ok<{ total: number; data: Unit[] }>(
      'GET',
      'unit-proxy?filter=metre&sort=id',
    )
    expect(metres.data.map((unit) => unit.id)).toEqual(['cm', 'dm', 'm', 'mm', 'um'])
    expect((await call(manager, 'GET', 'unit-proxy?limit=0')).statusCode).toBe(400)
  })

  it('refuses anonymous callers with 401 and callers without the key with 403', async () => {
    expect((await call(null, 'GET', 'unit-list')).statusCode).toBe(401)
    expect((await call(nobody, 'GET', 'unit-list')).statusCode).toBe(403)
    for (const url of ['unit-proxy', 'unit-export', 'convert?value=1&fromUnit=cm&toUnit=mm']) {
      expect((await call(editor, 'GET', url)).statusCode).toBe(403)
    }
    expect(
      (await call(editor, 'POST', 'unit-proxy', { action: 'destroy', data: { id: 'mm' } }))
        .statusCode,
    ).toBe(403)
    expect((await call(editor, 'PUT', 'unit-import', [])).statusCode).toBe(403)
  })
})

describe('unit-proxy writes', () => {
  it('creates, updates and deletes a unit', async () => {
    const created = await ok<{ data: Unit }>('POST', 'unit-proxy', {
      action: 'create',
      data: { id: 'inch', abbreviation: 'in', group: 'length', baseUnitId: 'cm', factor: 2.54 },
    })
    expect(created.data).toMatchObject({ id: 'inch', baseUnitId: 'cm', factor: 2.54 })
    expect(await ok('GET', 'convert?value=1&fromUnit=inch&toUnit=mm')).toMatchObject({
      value: 25.4,
    })

    const updated = await ok<{ data: Unit }>('PUT', 'unit-proxy', {
      action: 'update',
      data: { id: 'inch', longname: 'inch' },
    })
    expect(updated.data).toMatchObject({ id: 'inch', abbreviation: 'in', factor: 2.54 })

    await ok('POST', 'unit-proxy', { action: 'destroy', data: { id: 'inch' } })
    const gone = await call(manager, 'POST', 'unit-proxy', {
      action: 'destroy',
      data: { id: 'inch' },
    })
    expect(gone.statusCode).toBe(404)
  })

  it('refuses a taken id (409), a bad base or factor (400) and an unknown unit (404)', async () => {
    const taken = await call(manager, 'POST', 'unit-proxy', {
      action: 'create',
      data: { id: 'mm', abbreviation: 'mm' },
    })
    expect(taken.statusCode).toBe(409)
    const bad: [unknown, string][] = [
      [{ id: 'q1', abbreviation: 'q', baseUnitId: 'q1', factor: 2 }, 'baseUnitId'],
      [{ id: 'q2', abbreviation: 'q', baseUnitId: 'nothing', factor: 2 }, 'baseUnitId'],
      [{ id: 'q3', abbreviation: 'q', baseUnitId: 'm', factor: 0 }, 'factor'],
      [{ id: 'q 4', abbreviation: 'q' }, 'id'],
      [{ id: 'q5', abbreviation: '' }, 'abbreviation'],
    ]
    for (const [data, path] of bad) {
      const response = await call(manager, 'POST', 'unit-proxy', { action: 'create', data })
      expect(response.statusCode, JSON.stringify(data)).toBe(400)
      expect(JSON.stringify(response.json())).toContain(path)
    }
    // m → mm would close a loop (mm already converts into m).
    const loop = await call(manager, 'PUT', 'unit-proxy', {
      action: 'update',
      data: { id: 'm', baseUnitId: 'mm', factor: 1000 },
    })
    expect(loop.statusCode).toBe(400)
    expect(loop.json<{ errors: { message: string }[] }>().errors[0]!.message).toContain('loop')
    expect(
      (
        await call(manager, 'PUT', 'unit-proxy', {
          action: 'update',
          data: { id: 'nothing', abbreviation: 'x' },
        })
      ).statusCode,
    ).toBe(404)
    expect((await call(manager, 'POST', 'unit-proxy', { action: 'explode' })).statusCode).toBe(400)
    const units = await ok<{ data: Unit[] }>('GET', 'unit-list')
    expect(units.data.find((unit) => unit.id === 'm')!.baseUnitId).toBeNull()
  })

  it('refuses to delete a unit others convert into', async () => {
    const response = await call(manager, 'POST', 'unit-proxy', {
      action: 'destroy',
      data: { id: 'm' },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json<{ message: string }>().message).toContain('mm')
  })
})

describe('conversion', () => {
  it('converts 10 cm to 100 mm and °F to °C', async () => {
    expect(await ok('GET', 'convert?value=10&fromUnit=cm&toUnit=mm')).toEqual({
      value: 100,
      fromUnit: 'cm',
      toUnit: 'mm',
    })
    expect(await ok('GET', 'convert?value=212&fromUnit=fahrenheit&toUnit=celsius')).toMatchObject({
      value: 100,
    })
  })

  it('answers 400 for units without a common base and 404 for an unknown unit', async () => {
    const incompatible = await call(manager, 'GET', 'convert?value=1&fromUnit=cm&toUnit=kg')
    expect(incompatible.statusCode).toBe(400)
    expect(incompatible.json()).toMatchObject({ code: 'INCOMPATIBLE_UNITS' })
    expect(
      (await call(manager, 'GET', 'convert?value=1&fromUnit=cm&toUnit=nothing')).statusCode,
    ).toBe(404)
    expect((await call(manager, 'GET', 'convert?value=abc&fromUnit=cm&toUnit=mm')).statusCode).toBe(
      400,
    )
  })

  it('convert-all answers the value in every unit of the same base', async () => {
    const all = await ok<{ values: { unitId: string; value: number; abbreviation: string }[] }>(
      'GET',
      'convert-all?value=1&unit=kg',
    )
    expect(all.values).toEqual(
      expect.arrayContaining([
        { unitId: 'kg', abbreviation: 'kg', value: 1 },
        { unitId: 'g', abbreviation: 'g', value: 1000 },
        { unitId: 'mg', abbreviation: 'mg', value: 1000000 },
      ]),
    )
    expect(all.values).toHaveLength(3)
    expect((await call(manager, 'GET', 'convert-all?value=1&unit=nothing')).statusCode).toBe(404)
    expect((await call(manager, 'GET', 'convert-all?unit=kg')).statusCode).toBe(400)
  })
})

describe('export and import', () => {
  it('exports every unit as a JSON download that imports back unchanged', async () => {
    const response = await call(manager, 'GET', 'unit-export')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain('attachment')
    const exported = response.json<Unit[]>()
    expect(exported).toHaveLength(DEFAULT_QUANTITY_UNITS.length)
    const imported = await ok('PUT', 'unit-import', exported)
    expect(imported).toEqual({ success: true, created: 0, updated: exported.length })
    expect((await call(manager, 'GET', 'unit-export')).json()).toEqual(exported)
  })

  it('creates and updates by id in one go, a base may come later in the file', async () => {
    const result = await ok('POST', 'unit-import', {
      units: [
        { id: 'nm', abbreviation: 'nm', group: 'length', baseUnitId: 'km', factor: 1e-12 },
        { id: 'km', abbreviation: 'km', group: 'length', baseUnitId: 'm', factor: 1000 },
        {
          id: 'cm',
          abbreviation: 'cm',
          longname: 'centimetre (imported)',
          group: 'length',
          baseUnitId: 'm',
          factor: 0.01,
        },
      ],
    })
    expect(result).toEqual({ success: true, created: 2, updated: 1 })
    expect(await ok('GET', 'convert?value=1&fromUnit=km&toUnit=nm')).toMatchObject({ value: 1e12 })
    const units = await ok<{ data: (Unit & { longname: string })[] }>('GET', 'unit-list')
    expect(units.data.find((unit) => unit.id === 'cm')!.longname).toBe('centimetre (imported)')
  })

  it('refuses an import with invalid entries, listing them, and writes nothing', async () => {
    const before = (await call(manager, 'GET', 'unit-export')).json<Unit[]>()
    const cases: [unknown, string[]][] = [
      [
        [
          { id: 'ok1', abbreviation: 'ok' },
          { id: 'bad1', abbreviation: 'b', baseUnitId: 'nothing', factor: 1 },
          { id: 'bad2', abbreviation: 'b', baseUnitId: 'bad2', factor: 1 },
        ],
        ['1.baseUnitId', '2.baseUnitId'],
      ],
      [
        [
          { id: 'dup', abbreviation: 'd' },
          { id: 'dup', abbreviation: 'd' },
        ],
        ['1.id'],
      ],
      [
        [
          { id: 'ok2', abbreviation: 'ok' },
          { id: 'z', abbreviation: 'z', baseUnitId: 'm', factor: 0 },
        ],
        ['1.factor'],
      ],
      [[{ id: 'm', abbreviation: 'm', baseUnitId: 'mm', factor: 1000 }], ['0.baseUnitId']],
    ]
    for (const [payload, paths] of cases) {
      const response = await call(manager, 'PUT', 'unit-import', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      const errors = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)
      for (const path of paths) expect(errors.join(' ').replaceAll('/', '.')).toContain(path)
    }
    expect((await call(manager, 'GET', 'unit-export')).json()).toEqual(before)
  })
})
