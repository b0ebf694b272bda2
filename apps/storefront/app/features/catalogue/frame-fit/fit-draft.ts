import {
  FIT_LIMITS,
  FRAME_SIZE_FIELDS,
  type FrameSize,
  type FrameSizeField,
} from '@optika/domain/catalogue/frame-fit'

/** What the three inputs hold, as typed. */
export type FitDraft = Readonly<Record<FrameSizeField, string>>

/** A field's message: a catalogue key and its parameters. */
export interface FitFieldError {
  readonly key: string
  readonly params?: Readonly<Record<string, number>>
}

export type FitErrors = Partial<Record<FrameSizeField, FitFieldError>>

export const EMPTY_DRAFT: FitDraft = { lensWidth: '', bridgeWidth: '', templeLength: '' }

/** The inputs showing a pair's sizes (empty without one). */
export function draftOf(size: FrameSize | null | undefined): FitDraft {
  if (!size) return EMPTY_DRAFT
  return {
    lensWidth: String(size.lensWidth),
    bridgeWidth: String(size.bridgeWidth),
    templeLength: String(size.templeLength),
  }
}

/**
 * Reads the form: each size a whole number of millimetres within `FIT_LIMITS` (the API's own
 * bounds), else the field's message — 'The field is required' when empty.
 */
export function readFitDraft(
  draft: FitDraft,
): { readonly size: FrameSize } | { readonly errors: FitErrors } {
  const errors: FitErrors = {}
  const values: Partial<Record<FrameSizeField, number>> = {}
  for (const field of FRAME_SIZE_FIELDS) {
    const text = draft[field].trim()
    const { min, max } = FIT_LIMITS[field]
    if (text === '') {
      errors[field] = { key: 'validation.required' }
      continue
    }
    const value = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN
    if (!(value >= min && value <= max)) {
      errors[field] = { key: 'frameFit.form.outOfRange', params: { min, max } }
      continue
    }
    values[field] = value
  }
  if (Object.keys(errors).length > 0) return { errors }
  return { size: values as FrameSize }
}
