import { describe, expect, it } from 'vitest'
import { draftOf, readFitDraft } from './fit-draft.ts'

describe('reading the fit form', () => {
  it('reads three whole millimetre sizes', () => {
    expect(readFitDraft({ lensWidth: '52', bridgeWidth: ' 18 ', templeLength: '140' })).toEqual({
      size: { lensWidth: 52, bridgeWidth: 18, templeLength: 140 },
    })
  })

  it('asks for every empty field and gives the bounds of a wrong one', () => {
    expect(readFitDraft({ lensWidth: '', bridgeWidth: '9', templeLength: '14.5' })).toEqual({
      errors: {
        lensWidth: { key: 'validation.required' },
        bridgeWidth: { key: 'frameFit.form.outOfRange', params: { min: 10, max: 30 } },
        templeLength: { key: 'frameFit.form.outOfRange', params: { min: 100, max: 170 } },
      },
    })
    expect(readFitDraft({ lensWidth: '5e1', bridgeWidth: '-18', templeLength: '1400' })).toEqual({
      errors: {
        lensWidth: { key: 'frameFit.form.outOfRange', params: { min: 30, max: 70 } },
        bridgeWidth: { key: 'frameFit.form.outOfRange', params: { min: 10, max: 30 } },
        templeLength: { key: 'frameFit.form.outOfRange', params: { min: 100, max: 170 } },
      },
    })
  })

  it('shows a chosen pair in the inputs', () => {
    expect(draftOf({ lensWidth: 52, bridgeWidth: 18, templeLength: 140 })).toEqual({
      lensWidth: '52',
      bridgeWidth: '18',
      templeLength: '140',
    })
    expect(draftOf(null)).toEqual({ lensWidth: '', bridgeWidth: '', templeLength: '' })
  })
})
