import { describe, expect, it } from 'vitest'
import type { FieldDefinition, LayoutNode } from '@optika/domain/pim/class-definition'
import {
  fieldPath,
  fieldsOf,
  hasVisibleContent,
  inheritedValueAt,
  isLocaleFilled,
  summarizeValue,
  toFieldNumber,
} from './layout-model.ts'

const name: FieldDefinition = { kind: 'field', type: 'input', name: 'name', title: 'Name' }
const slug: FieldDefinition = { kind: 'field', type: 'input', name: 'slug', title: 'Slug' }
const secret: FieldDefinition = {
  kind: 'field',
  type: 'input',
  name: 'secret',
  title: 'Secret',
  invisible: true,
}
const texts: LayoutNode = {
  kind: 'layout',
  type: 'localizedfields',
  name: 'texts',
  title: 'Texts',
  children: [name, slug],
}
const layout: LayoutNode[] = [
  { kind: 'layout', type: 'panel', name: 'basics', title: 'Basics', children: [texts, secret] },
]

describe('the editor form generated from a class layout', () => {
  it('places localized values under the language and nested values under their row', () => {
    expect(fieldPath([], name, 'cs')).toEqual(['name', 'cs'])
    expect(fieldPath(['filters', 2], slug)).toEqual(['filters', 2, 'slug'])
  })

  it('lists the fields inside containers in layout order', () => {
    expect(fieldsOf(layout).map((field) => field.name)).toEqual(['name', 'slug', 'secret'])
  })

  it('marks a language tab filled when any of its fields has a value there', () => {
    const data = { name: { cs: 'Brýle' }, slug: { en: '' } }
    expect(isLocaleFilled(data, [], [texts], 'cs')).toBe(true)
    expect(isLocaleFilled(data, [], [texts], 'en')).toBe(false)
  })

  it('hides invisible fields and containers holding only those', () => {
    expect(hasVisibleContent(secret)).toBe(false)
    expect(
      hasVisibleContent({
        kind: 'layout',
        type: 'region',
        name: 'r',
        title: '',
        children: [secret],
      }),
    ).toBe(false)
    expect(hasVisibleContent(layout[0] as LayoutNode)).toBe(true)
  })

  it('shows an inherited value only where the own value is empty', () => {
    const inherited = { name: { cs: 'Rodič' }, code: 'P1' }
    expect(inheritedValueAt(undefined, inherited, ['name', 'cs'])).toBe('Rodič')
    expect(inheritedValueAt('Vlastní', inherited, ['name', 'cs'])).toBeUndefined()
    expect(inheritedValueAt('', inherited, ['name', 'en'])).toBeUndefined()
  })

  it('summarises values of every shape as short text', () => {
    expect(summarizeValue('<p>Hello <b>world</b></p>')).toBe('Hello world')
    expect(summarizeValue(['a', 'b'])).toBe('a, b')
    expect(summarizeValue({ value: 5, unitId: 'mm' })).toBe('5 mm')
    expect(summarizeValue(false)).toBe('false')
  })

  it('rounds a typed number to the field decimals and reads blank as empty', () => {
    expect(toFieldNumber('12,345', 1)).toBe(12.3)
    expect(toFieldNumber(7.5, 0)).toBe(8)
    expect(toFieldNumber('', 2)).toBeUndefined()
    expect(toFieldNumber('abc', undefined)).toBeUndefined()
  })
})
