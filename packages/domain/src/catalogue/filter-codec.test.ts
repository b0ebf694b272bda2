import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  activeKeys,
  decodeFilterParams,
  encodeFilterParams,
  isSelectionActive,
  removeFromState,
  type FilterSelection,
  type FilterSpec,
  type FilterState,
} from './filter-codec.ts'
import { formatPageParam, paginate, parsePageParam } from './product-list-api.ts'

const brand: FilterSpec = {
  name: 'brand',
  type: 'multiselect',
  values: [{ key: 'rayban' }, { key: 'oakley' }, { key: 'vistara' }],
}
const color: FilterSpec = {
  name: 'color',
  type: 'color',
  values: [{ key: 'black' }, { key: 'gold' }],
}
const model: FilterSpec = { name: 'model', type: 'text', searchType: 'all' }
const lensWidth: FilterSpec = { name: 'lensWidth', type: 'range', range: { min: 40, max: 62 } }
const noBounds: FilterSpec = { name: 'weight', type: 'range' }

const query = (specs: FilterSpec[], state: FilterState) =>
  new URLSearchParams(encodeFilterParams(specs, state)).toString()

describe('filter activity (seed section 4)', () => {
  it('a text is active when not blank', () => {
    expect(isSelectionActive(model, { type: 'text', value: 'aviator' })).toBe(true)
    expect(isSelectionActive(model, { type: 'text', value: '  ' })).toBe(false)
    expect(isSelectionActive(model, undefined)).toBe(false)
  })

  it('a multiselect or colour is active per selected key matching a known value', () => {
    expect(isSelectionActive(brand, { type: 'multiselect', keys: ['oakley'] })).toBe(true)
    expect(isSelectionActive(brand, { type: 'multiselect', keys: ['nope'] })).toBe(false)
    expect(isSelectionActive(color, { type: 'color', keys: [] })).toBe(false)
    expect(activeKeys(brand, ['nope', 'oakley', 'rayban'])).toEqual(['oakley', 'rayban'])
  })

  it('a range is active only when both bounds are set and differ from the full range', () => {
    expect(isSelectionActive(lensWidth, { type: 'range', min: 44, max: 62 })).toBe(true)
    expect(isSelectionActive(lensWidth, { type: 'range', min: 40, max: 62 })).toBe(false)
    expect(isSelectionActive(lensWidth, { type: 'range', min: Number.NaN, max: 50 })).toBe(false)
    // Without bounds the slider goes from 0 to 100 (seed section 9).
    expect(isSelectionActive(noBounds, { type: 'range', min: 0, max: 100 })).toBe(false)
    expect(isSelectionActive(noBounds, { type: 'range', min: 0, max: 99 })).toBe(true)
  })
})

describe('encoding (seed section 5)', () => {
  it('joins keys with _, sends texts and ranges min_max, adds searchin=all', () => {
    expect(
      query([brand, color, model, lensWidth], {
        brand: { type: 'multiselect', keys: ['rayban', 'oakley'] },
        color: { type: 'color', keys: ['gold'] },
        model: { type: 'text', value: ' aviator ' },
        lensWidth: { type: 'range', min: 44, max: 55 },
      }),
    ).toBe('brand=rayban_oakley&color=gold&model=aviator&lensWidth=44_55&searchin=all')
  })

  it('sends nothing for filters without an active selection', () => {
    expect(
      query([brand, color, model, lensWidth], {
        brand: { type: 'multiselect', keys: ['nope'] },
        color: { type: 'color', keys: [] },
        model: { type: 'text', value: '' },
        lensWidth: { type: 'range', min: 40, max: 62 },
      }),
    ).toBe('')
  })

  it('drops unknown keys from an otherwise active selection', () => {
    expect(query([brand], { brand: { type: 'multiselect', keys: ['x', 'oakley'] } })).toBe(
      'brand=oakley',
    )
  })

  it('reports malformed ranges and ignores parameters of no filter', () => {
    for (const value of ['abc_5', '9_1', '5', '1_2_3', '_5', '1e3_5']) {
      const { state, errors } = decodeFilterParams(
        [lensWidth],
        new URLSearchParams({ lensWidth: value, other: '1' }),
      )
      expect(state).toEqual({})
      expect(errors).toEqual([{ name: 'lensWidth', value, reason: 'range' }])
    }
  })
})

const KEY = fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/)
const TYPES = ['multiselect', 'color', 'text', 'range'] as const

/** Filters with distinct names, each with known values or a full range. */
const specsArb: fc.Arbitrary<FilterSpec[]> = fc
  .uniqueArray(fc.stringMatching(/^[a-z][a-zA-Z]{0,7}$/), { minLength: 1, maxLength: 6 })
  .filter((names) => !names.includes('searchin'))
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc
          .record({
            type: fc.constantFrom(...TYPES),
            keys: fc.uniqueArray(KEY, { minLength: 1, maxLength: 6 }),
            min: fc.integer({ min: -50, max: 50 }),
            span: fc.integer({ min: 1, max: 100 }),
            searchType: fc.constantFrom('category' as const, 'all' as const),
          })
          .map(({ type, keys, min, span, searchType }): FilterSpec => {
            switch (type) {
              case 'multiselect':
              case 'color':
                return { name, type, values: keys.map((key) => ({ key })) }
              case 'text':
                return { name, type, searchType }
              case 'range':
                return { name, type, range: { min, max: min + span } }
            }
          }),
      ),
    ),
  )

/** An active selection for a spec (seed section 4's rules hold by construction). */
function activeSelectionArb(spec: FilterSpec): fc.Arbitrary<FilterSelection> {
  switch (spec.type) {
    case 'multiselect':
    case 'color':
      return fc
        .subarray(
          (spec.values ?? []).map((v) => v.key),
          { minLength: 1 },
        )
        .chain((keys) => fc.shuffledSubarray(keys, { minLength: keys.length }))
        .map((keys) => ({ type: spec.type as 'multiselect' | 'color', keys }))
    case 'text':
      return fc
        .string({ minLength: 1, maxLength: 20 })
        .map((text) => text.trim())
        .filter((text) => text !== '')
        .map((value) => ({ type: 'text' as const, value }))
    case 'range': {
      const range = spec.range ?? { min: 0, max: 100 }
      return fc
        .tuple(
          fc.integer({ min: range.min - 20, max: range.max + 20 }),
          fc.integer({ min: range.min - 20, max: range.max + 20 }),
        )
        .map(([a, b]) => ({ type: 'range' as const, min: Math.min(a, b), max: Math.max(a, b) }))
        .filter((r) => r.min !== range.min || r.max !== range.max)
    }
  }
}

const caseArb = specsArb.chain((specs) =>
  fc
    .tuple(...specs.map((spec) => fc.option(activeSelectionArb(spec), { nil: undefined })))
    .map((selections) => {
      const state: Record<string, FilterSelection> = {}
      specs.forEach((spec, i) => {
        const selection = selections[i]
        if (selection) state[spec.name] = selection
      })
      return { specs, state }
    }),
)

describe('codec properties', () => {
  it('decoding the encoded query gives back every active selection', () => {
    fc.assert(
      fc.property(caseArb, ({ specs, state }) => {
        const params = new URLSearchParams(query(specs, state))
        const decoded = decodeFilterParams(specs, params)
        expect(decoded.errors).toEqual([])
        expect(decoded.state).toEqual(state)
        const searchesAll = specs.some(
          (spec) => spec.type === 'text' && spec.searchType === 'all' && state[spec.name],
        )
        expect(params.get('searchin')).toBe(searchesAll ? 'all' : null)
      }),
    )
  })

  it('encodes inactive selections to nothing', () => {
    fc.assert(
      fc.property(specsArb, (specs) => {
        const inactive: Record<string, FilterSelection> = {}
        for (const spec of specs) {
          if (spec.type === 'text') inactive[spec.name] = { type: 'text', value: '   ' }
          else if (spec.type === 'range') inactive[spec.name] = { type: 'range', ...spec.range! }
          else inactive[spec.name] = { type: spec.type, keys: ['not_a_key'] }
        }
        expect(encodeFilterParams(specs, inactive)).toEqual([])
      }),
    )
  })

  it('joins several keys with _', () => {
    fc.assert(
      fc.property(fc.uniqueArray(KEY, { minLength: 2, maxLength: 5 }), (keys) => {
        const spec: FilterSpec = {
          name: 'f',
          type: 'multiselect',
          values: keys.map((key) => ({ key })),
        }
        expect(encodeFilterParams([spec], { f: { type: 'multiselect', keys } })).toEqual([
          ['f', keys.join('_')],
        ])
      }),
    )
  })
})

describe('removing an active entry', () => {
  const state: FilterState = {
    brand: { type: 'multiselect', keys: ['rayban', 'oakley'] },
    model: { type: 'text', value: 'aviator' },
    lensWidth: { type: 'range', min: 44, max: 50 },
  }

  it('removes that key, clears the text, or empties the range', () => {
    expect(removeFromState(state, 'brand', 'rayban').brand).toEqual({
      type: 'multiselect',
      keys: ['oakley'],
    })
    expect(
      removeFromState(removeFromState(state, 'brand', 'rayban'), 'brand', 'oakley'),
    ).not.toHaveProperty('brand')
    expect(removeFromState(state, 'model')).not.toHaveProperty('model')
    expect(removeFromState(state, 'lensWidth', '44_50')).not.toHaveProperty('lensWidth')
  })
})

describe('page parameter', () => {
  it('reads a page or a load-more span within the limits', () => {
    expect(parsePageParam(undefined)).toEqual({ from: 1, to: 1 })
    expect(parsePageParam('3')).toEqual({ from: 3, to: 3 })
    expect(parsePageParam('1-3')).toEqual({ from: 1, to: 3 })
    expect(parsePageParam('10000')).toEqual({ from: 10_000, to: 10_000 })
    for (const bad of ['0', '-1', 'abc', '1.5', '10001', '3-2', '1-51', '01', '', '1-', ' 2']) {
      expect(parsePageParam(bad)).toBeNull()
    }
  })

  it('formats what it reads', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_951 }),
        fc.integer({ min: 0, max: 49 }),
        (from, extra) => {
          const span = { from, to: from + extra }
          expect(parsePageParam(formatPageParam(span))).toEqual(span)
        },
      ),
    )
  })

  it('paginates with a window of page numbers around the current page', () => {
    expect(paginate(1, 0, 24)).toEqual({
      pageCount: 1,
      current: 1,
      previous: null,
      next: null,
      pagesInRange: [1],
      totalCount: 0,
    })
    expect(paginate(5, 240, 24)).toMatchObject({
      pagesInRange: [3, 4, 5, 6, 7],
      previous: 4,
      next: 6,
    })
    expect(paginate(10, 240, 24)).toMatchObject({ pagesInRange: [6, 7, 8, 9, 10], next: null })
    expect(paginate(12, 240, 24)).toMatchObject({ previous: 10, next: null, pageCount: 10 })
  })
})
