import { describe, expect, it } from 'vitest'
import {
  ClassDefinitionSchema,
  type FieldContainerDefinition,
  type FieldDefinition,
  type LayoutNode,
} from './class-definition.ts'
import {
  validateObjectData,
  type ValidateOptions,
  type ValidationLookup,
} from './validate-object-data.ts'

const lookup: ValidationLookup = {
  selectOptions: (id) =>
    id === 'Shapes'
      ? [
          { key: 'round', value: 'Round' },
          { key: 'square', value: 'Square' },
        ]
      : undefined,
  fieldContainer(kind, key): FieldContainerDefinition | undefined {
    if (kind === 'fieldcollection' && key === 'Feature') {
      return {
        key,
        title: 'Feature',
        layout: [
          field({ name: 'label', type: 'input', mandatory: true }),
          {
            kind: 'layout',
            type: 'localizedfields',
            name: 'l10n',
            title: '',
            children: [field({ name: 'note', type: 'textarea' })],
          },
        ],
      }
    }
    if (kind === 'objectbrick' && key === 'Lens') {
      return { key, title: 'Lens', layout: [field({ name: 'diameter', type: 'number', max: 80 })] }
    }
    return undefined
  },
  classificationKey(storeId, keyId) {
    if (storeId !== 1) return undefined
    if (keyId === 10) return field({ name: 'weight', type: 'number', decimals: 1 })
    if (keyId === 11) return field({ name: 'finish', type: 'input', maxLength: 5 })
    return undefined
  },
  classificationGroupKeys: (storeId, groupId) =>
    storeId === 1 && groupId === 5
      ? [
          { keyId: 10, mandatory: true },
          { keyId: 11, mandatory: false },
        ]
      : undefined,
  unitExists: (unitId) => ['mm', 'cm', 'g'].includes(unitId),
}

function field(
  overrides: Partial<FieldDefinition> & Pick<FieldDefinition, 'name' | 'type'>,
): FieldDefinition {
  return { kind: 'field', title: overrides.name, ...overrides }
}

function classOf(...layout: LayoutNode[]) {
  return ClassDefinitionSchema.parse({ layout })
}

function run(
  fields: LayoutNode | LayoutNode[],
  data: unknown,
  options: ValidateOptions = { checkMandatory: false },
) {
  return validateObjectData(classOf(...[fields].flat()), data, lookup, options)
}

/** Valid samples keep their (normalized) value; invalid samples report `key` at the field. */
function expectValid(definition: FieldDefinition, value: unknown, normalized: unknown = value) {
  const result = run(definition, { [definition.name]: value })
  expect(result.errors).toEqual([])
  expect(result.data[definition.name]).toEqual(normalized)
}
function expectInvalid(definition: FieldDefinition, value: unknown, key: string, path?: string) {
  const result = run(definition, { [definition.name]: value })
  expect(result.errors.map((e) => [e.path, e.key])).toContainEqual([path ?? definition.name, key])
  expect(result.data[definition.name]).toBeUndefined()
}

describe('input and textarea', () => {
  const code = field({
    name: 'code',
    type: 'input',
    minLength: 2,
    maxLength: 5,
    regex: '^[A-Z0-9]+$',
  })
  it('keeps text within length and pattern', () => expectValid(code, 'RB12'))
  it('refuses a non-string', () => expectInvalid(code, 12, 'pimClasses.field.text'))
  it('refuses text shorter than minLength with the seed message and its value', () => {
    const result = run(code, { code: 'R' })
    expect(result.errors).toEqual([
      { path: 'code', key: 'validation.minLength', params: { value: 2 } },
    ])
  })
  it('refuses text longer than maxLength', () =>
    expectInvalid(code, 'RB1234', 'pimClasses.field.maxLength'))
  it('refuses text not matching the regex', () =>
    expectInvalid(code, 'rb12', 'pimClasses.field.regex'))
  it('counts characters, not UTF-16 units', () =>
    expectValid(field({ name: 't', type: 'textarea', maxLength: 3 }), 'čřž'))
})

describe('wysiwyg', () => {
  it('keeps HTML (sanitized by the server)', () =>
    expectValid(field({ name: 'd', type: 'wysiwyg' }), '<p>x</p>'))
  it('refuses a non-string', () =>
    expectInvalid(field({ name: 'd', type: 'wysiwyg' }), ['x'], 'pimClasses.field.text'))
})

describe('number', () => {
  const width = field({ name: 'width', type: 'number', min: 10, max: 80, decimals: 1 })
  it('keeps numbers within bounds and decimals', () => expectValid(width, 52.5))
  it('accepts numeric text and stores a number', () => expectValid(width, '52.5', 52.5))
  it('refuses below min and above max with the bound', () => {
    expect(run(width, { width: 5 }).errors).toEqual([
      { path: 'width', key: 'pimClasses.field.min', params: { value: 10 } },
    ])
    expect(run(width, { width: 81 }).errors[0]?.key).toBe('pimClasses.field.max')
  })
  it('refuses more decimals than allowed instead of rounding', () =>
    expectInvalid(width, 52.25, 'pimClasses.field.decimals'))
  it('tolerates binary float noise', () => expectValid(width, 0.1 + 0.2 + 50, 0.1 + 0.2 + 50))
  it('refuses a fraction when decimals is 0', () =>
    expectInvalid(
      field({ name: 'n', type: 'number', decimals: 0 }),
      1.5,
      'pimClasses.field.integer',
    ))
  it('refuses text and infinity', () => {
    expectInvalid(width, 'wide', 'pimClasses.field.number')
    expectInvalid(width, Infinity, 'pimClasses.field.number')
  })
})

describe('quantityValue', () => {
  const weight = field({
    name: 'weight',
    type: 'quantityValue',
    validUnits: ['g'],
    max: 500,
    defaultUnit: 'g',
  })
  it('keeps a value with an allowed unit', () => expectValid(weight, { value: 20, unitId: 'g' }))
  it('fills the default unit', () => expectValid(weight, { value: 20 }, { value: 20, unitId: 'g' }))
  it('refuses a unit outside validUnits or unknown', () => {
    expectInvalid(weight, { value: 20, unitId: 'mm' }, 'pimClasses.field.unit', 'weight.unitId')
    expectInvalid(weight, { value: 20, unitId: 'kg' }, 'pimClasses.field.unit', 'weight.unitId')
  })
  it('checks the value bounds', () =>
    expectInvalid(weight, { value: 900, unitId: 'g' }, 'pimClasses.field.max', 'weight.value'))
  it('treats a missing value as empty', () => {
    const result = run(weight, { weight: { value: null, unitId: 'g' } })
    expect(result).toEqual({ data: {}, errors: [] })
  })
  it('refuses a bare number', () => expectInvalid(weight, 20, 'pimClasses.field.quantityValue'))
})

describe('select', () => {
  const inline = field({ name: 'gender', type: 'select', options: [{ key: 'men', value: 'Men' }] })
  const fromSet = field({ name: 'shape', type: 'select', optionsProviderId: 'Shapes' })
  it('keeps an inline option', () => expectValid(inline, 'men'))
  it('keeps an option of a named set', () => expectValid(fromSet, 'round'))
  it('refuses a key not offered', () => {
    expect(run(fromSet, { shape: 'oval' }).errors).toEqual([
      { path: 'shape', key: 'pimClasses.field.option', params: { value: 'oval' } },
    ])
  })
  it('refuses anything when the set does not exist', () =>
    expectInvalid(
      field({ name: 's', type: 'select', optionsProviderId: 'Gone' }),
      'round',
      'pimClasses.field.option',
    ))
})

describe('multiselect', () => {
  const shapes = field({
    name: 'shapes',
    type: 'multiselect',
    optionsProviderId: 'Shapes',
    maxItems: 1,
  })
  it('keeps known keys, without duplicates', () =>
    expectValid({ ...shapes, maxItems: 2 }, ['round', 'round', 'square'], ['round', 'square']))
  it('refuses unknown keys at their index', () =>
    expectInvalid(shapes, ['oval'], 'pimClasses.field.option', 'shapes.0'))
  it('refuses more items than maxItems', () =>
    expectInvalid(shapes, ['round', 'square'], 'pimClasses.field.maxItems'))
  it('refuses fewer items than minItems', () =>
    expectInvalid({ ...shapes, minItems: 2, maxItems: 3 }, ['round'], 'pimClasses.field.minItems'))
  it('refuses a single string', () => expectInvalid(shapes, 'round', 'pimClasses.field.list'))
})

describe('boolean', () => {
  const flag = field({ name: 'bestseller', type: 'boolean', mandatory: true })
  it('keeps true and false (false is a value)', () => {
    expectValid(flag, true)
    expect(run(flag, { bestseller: false }, { checkMandatory: true })).toEqual({
      data: { bestseller: false },
      errors: [],
    })
  })
  it('refuses "yes"', () => expectInvalid(flag, 'yes', 'pimClasses.field.boolean'))
})

describe('date', () => {
  const released = field({ name: 'released', type: 'date' })
  it('keeps an ISO date', () => expectValid(released, '2026-02-28'))
  it('refuses impossible dates and other formats', () => {
    expectInvalid(released, '2026-02-30', 'pimClasses.field.date')
    expectInvalid(released, '28.2.2026', 'pimClasses.field.date')
    expectInvalid(released, '2026-02-28T10:00:00Z', 'pimClasses.field.date')
  })
})

describe('color', () => {
  const css = field({ name: 'css', type: 'color' })
  it('keeps #rrggbb in lower case', () => expectValid(css, '#A0B1C2', '#a0b1c2'))
  it('refuses names and short forms', () => {
    expectInvalid(css, 'red', 'pimClasses.field.color')
    expectInvalid(css, '#abc', 'pimClasses.field.color')
  })
})

describe('image and manyToOneRelation', () => {
  for (const type of ['image', 'manyToOneRelation'] as const) {
    it(`${type} keeps a positive integer id`, () => expectValid(field({ name: 'x', type }), 7))
    it(`${type} refuses 0, fractions and text`, () => {
      expectInvalid(field({ name: 'x', type }), 0, 'pimClasses.field.id')
      expectInvalid(field({ name: 'x', type }), 1.5, 'pimClasses.field.id')
      expectInvalid(field({ name: 'x', type }), '7', 'pimClasses.field.id')
    })
  }
})

describe('imageGallery and manyToManyRelation', () => {
  for (const type of ['imageGallery', 'manyToManyRelation'] as const) {
    const list = field({ name: 'x', type, maxItems: 3 })
    it(`${type} keeps ordered ids without duplicates`, () => expectValid(list, [3, 1, 3], [3, 1]))
    it(`${type} refuses a bad id at its index`, () =>
      expectInvalid(list, [3, -1], 'pimClasses.field.id', 'x.1'))
    it(`${type} refuses too many items`, () =>
      expectInvalid(list, [1, 2, 3, 4], 'pimClasses.field.maxItems'))
  }
})

describe('prices', () => {
  const prices = field({ name: 'prices', type: 'prices' })
  it('keeps catalog and action prices in minor units', () =>
    expectValid(prices, { CZK: { catalog: 249000, action: 199000 }, EUR: { catalog: 9900 } }))
  it('drops empty currencies', () =>
    expectValid(prices, { CZK: { catalog: 100 }, EUR: {}, HUF: null }, { CZK: { catalog: 100 } }))
  it('refuses unknown currencies', () =>
    expectInvalid(prices, { USD: { catalog: 100 } }, 'pimClasses.field.currency', 'prices.USD'))
  it('refuses negative or fractional amounts', () => {
    expectInvalid(prices, { CZK: { catalog: -1 } }, 'pimClasses.field.price', 'prices.CZK.catalog')
    expectInvalid(
      prices,
      { CZK: { catalog: 10.5 } },
      'pimClasses.field.price',
      'prices.CZK.catalog',
    )
  })
  it('refuses an action price above the catalog price', () =>
    expectInvalid(
      prices,
      { CZK: { catalog: 100, action: 101 } },
      'pimClasses.field.actionAboveCatalog',
      'prices.CZK.action',
    ))
})

describe('block', () => {
  const sizes = field({
    name: 'sizes',
    type: 'block',
    maxItems: 2,
    children: [
      field({ name: 'size', type: 'number', mandatory: true }),
      field({ name: 'label', type: 'input' }),
    ],
  })
  it('keeps rows, dropping unknown keys and empty rows', () =>
    expectValid(
      sizes,
      [{ size: 52, extra: 1 }, {}, { size: 54, label: '' }],
      [{ size: 52 }, { size: 54 }],
    ))
  it('validates row fields with paths into the row', () =>
    expectInvalid(sizes, [{ size: 'big' }], 'pimClasses.field.number', 'sizes.0.size'))
  it('checks mandatory row fields when publishing', () => {
    const result = run(sizes, { sizes: [{ label: 'x' }] }, { checkMandatory: true })
    expect(result.errors).toContainEqual({ path: 'sizes.0.size', key: 'validation.required' })
  })
  it('refuses more rows than maxItems', () =>
    expectInvalid(sizes, [{ size: 1 }, { size: 2 }, { size: 3 }], 'pimClasses.field.maxItems'))
})

describe('fieldcollections', () => {
  const features = field({ name: 'features', type: 'fieldcollections', allowedTypes: ['Feature'] })
  it('keeps items of allowed types with their fields, localized inside', () =>
    expectValid(
      features,
      [{ type: 'Feature', label: 'UV', note: { cs: 'UV filtr', xx: 'dropped' }, junk: 1 }],
      [{ type: 'Feature', label: 'UV', note: { cs: 'UV filtr' } }],
    ))
  it('refuses an item type that is not allowed', () =>
    expectInvalid(
      features,
      [{ type: 'Other' }],
      'pimClasses.field.collectionType',
      'features.0.type',
    ))
  it('refuses an item type missing from the lookup even when allowed', () =>
    expectInvalid(
      { ...features, allowedTypes: [] },
      [{ type: 'Ghost' }],
      'pimClasses.field.collectionType',
      'features.0.type',
    ))
  it('checks mandatory fields of items when publishing', () => {
    const result = run(features, { features: [{ type: 'Feature' }] }, { checkMandatory: true })
    expect(result.errors).toContainEqual({ path: 'features.0.label', key: 'validation.required' })
  })
})

describe('objectbricks', () => {
  const bricks = field({ name: 'bricks', type: 'objectbricks', allowedTypes: ['Lens'] })
  it('keeps allowed bricks with their fields', () =>
    expectValid(bricks, { Lens: { diameter: 50, other: 1 } }, { Lens: { diameter: 50 } }))
  it('drops empty bricks', () => {
    expect(run(bricks, { bricks: { Lens: {} } }).data).toEqual({})
  })
  it('refuses unknown bricks and validates brick fields', () => {
    expectInvalid(bricks, { Frame: { a: 1 } }, 'pimClasses.field.collectionType', 'bricks.Frame')
    expectInvalid(
      bricks,
      { Lens: { diameter: 99 } },
      'pimClasses.field.max',
      'bricks.Lens.diameter',
    )
  })
})

describe('classificationstore', () => {
  const store = field({ name: 'specs', type: 'classificationstore', storeId: 1 })
  it('keeps values of active groups typed by the key, per language', () =>
    expectValid(
      store,
      {
        groups: [5],
        values: {
          5: { 10: { default: 12.5 }, 11: { cs: 'mat', en: 'matte', xx: 'x' }, 99: { default: 1 } },
          6: {},
        },
      },
      { groups: [5], values: { 5: { 10: { default: 12.5 }, 11: { cs: 'mat', en: 'matte' } } } },
    ))
  it('drops values of groups that are not active', () =>
    expect(
      run(store, { specs: { groups: [], values: { 5: { 10: { default: 1 } } } } }).data,
    ).toEqual({}))
  it('refuses unknown groups', () =>
    expectInvalid(store, { groups: [7], values: {} }, 'pimClasses.field.group', 'specs.groups.0'))
  it('types values by the key definition', () => {
    const result = run(store, { specs: { groups: [5], values: { 5: { 10: { default: 1.25 } } } } })
    expect(result.errors).toEqual([
      { path: 'specs.values.5.10.default', key: 'pimClasses.field.decimals', params: { value: 1 } },
    ])
  })
  it('asks for mandatory keys of active groups when publishing', () => {
    const result = run(store, { specs: { groups: [5], values: {} } }, { checkMandatory: true })
    expect(result.errors).toEqual([{ path: 'specs.values.5.10', key: 'validation.required' }])
  })
})

describe('mandatory', () => {
  const name = field({ name: 'code', type: 'input', mandatory: true })
  it('is not checked for drafts', () => expect(run(name, {}).errors).toEqual([]))
  it('reports the seed message when publishing', () =>
    expect(run(name, { code: '  ' }, { checkMandatory: true }).errors).toEqual([
      { path: 'code', key: 'validation.required' },
    ]))
  it('is satisfied by an inherited value', () =>
    expect(run(name, {}, { checkMandatory: true, inherited: { code: 'RB' } }).errors).toEqual([]))
  it('does not add "required" on top of a format error', () =>
    expect(run(name, { code: 5 }, { checkMandatory: true }).errors).toEqual([
      { path: 'code', key: 'pimClasses.field.text' },
    ]))
})

describe('localized fields', () => {
  const title = field({ name: 'title', type: 'input', mandatory: true, maxLength: 10 })
  const layout: LayoutNode = {
    kind: 'layout',
    type: 'localizedfields',
    name: 'l10n',
    title: '',
    children: [title],
  }
  it('keeps a value per language and drops unknown languages and empty ones', () =>
    expect(
      run(layout, { title: { cs: 'Brýle', en: 'Glasses', hu: '', de: 'Brille' } }).data,
    ).toEqual({
      title: { cs: 'Brýle', en: 'Glasses' },
    }))
  it('validates each language with a path per language', () =>
    expect(run(layout, { title: { pl: 'Okulary przeciwsłoneczne' } }).errors).toEqual([
      { path: 'title.pl', key: 'pimClasses.field.maxLength', params: { value: 10 } },
    ]))
  it('mandatory asks for the default language (cs) only', () => {
    expect(run(layout, { title: { en: 'Glasses' } }, { checkMandatory: true }).errors).toEqual([
      { path: 'title.cs', key: 'validation.required' },
    ])
    expect(run(layout, { title: { cs: 'Brýle' } }, { checkMandatory: true }).errors).toEqual([])
  })
  it('an inherited cs value satisfies mandatory', () =>
    expect(
      run(layout, {}, { checkMandatory: true, inherited: { title: { cs: 'Brýle' } } }).errors,
    ).toEqual([]))
  it('refuses a plain string for a localized field', () =>
    expect(run(layout, { title: 'Brýle' }).errors).toEqual([
      { path: 'title', key: 'pimClasses.field.localized' },
    ]))
})

describe('the data as a whole', () => {
  const layout: LayoutNode = {
    kind: 'layout',
    type: 'panel',
    name: 'main',
    title: '',
    children: [
      field({ name: 'code', type: 'input' }),
      field({ name: 'tags', type: 'multiselect', options: [] }),
    ],
  }
  it('drops unknown keys and empty values', () =>
    expect(run(layout, { code: 'A', tags: [], unknown: 1, other: null })).toEqual({
      data: { code: 'A' },
      errors: [],
    }))
  it('refuses data that is not an object', () =>
    expect(run(layout, ['x']).errors).toEqual([{ path: '', key: 'pimClasses.field.type' }]))
  it('treats null data as empty', () => expect(run(layout, null)).toEqual({ data: {}, errors: [] }))
})
