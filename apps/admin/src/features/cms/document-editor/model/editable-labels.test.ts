import { describe, expect, it } from 'vitest'
import type { EditableDefinition } from '@optika/domain/cms/templates'
import { BRICKS, TEMPLATES } from '@optika/domain/cms/templates'
import { cmsEditablesCatalogue } from '@optika/i18n/catalogue/cms-editables'
import { optionLabelKey } from './editable-labels.ts'

function keysOf(definitions: readonly EditableDefinition[]): string[] {
  return definitions.flatMap((definition) => [
    definition.labelKey,
    ...(definition.options ?? []).map((value) => optionLabelKey(definition.name, value)),
    ...keysOf(definition.children ?? []),
  ])
}

describe('editable labels', () => {
  it('has a translation for every template, brick, editable and option the templates name', () => {
    const keys = [
      ...TEMPLATES.flatMap((template) => [template.labelKey, ...keysOf(template.editables)]),
      ...Object.values(BRICKS).flatMap((brick) => [brick.labelKey, ...keysOf(brick.editables)]),
    ]
    const known = new Set(Object.keys(cmsEditablesCatalogue))
    expect(keys.filter((key) => !known.has(key))).toEqual([])
  })
})
