import { describe, expect, it } from 'vitest'
import { errorAt, errorsBelow, mapFieldErrors } from './field-errors.ts'

describe('field errors of a refused save', () => {
  const errors = mapFieldErrors([
    { path: 'name.cs', message: 'The field is required' },
    { path: 'data.name.en', message: 'Too short' },
    { path: 'filters.2.column', message: 'Unknown column' },
    { path: 'code' },
    'nonsense',
  ])

  it('names each message by its data path, with or without the body prefix', () => {
    expect(errorAt(errors, 'name.cs')).toBe('The field is required')
    expect(errorAt(errors, 'name.en')).toBe('Too short')
    expect(errorAt(errors, 'filters.2.column')).toBe('Unknown column')
  })

  it('leaves out entries without a message', () => {
    expect(errorAt(errors, 'code')).toBeUndefined()
    expect(Object.keys(errors)).toHaveLength(3)
  })

  it('finds the problems inside a field for its container to flag', () => {
    expect(errorsBelow(errors, 'name')).toEqual(['The field is required', 'Too short'])
    expect(errorsBelow(errors, 'filters.2')).toEqual(['Unknown column'])
    expect(errorsBelow(errors, 'nam')).toEqual([])
  })

  it('reads anything that is not a list as no errors', () => {
    expect(mapFieldErrors(undefined)).toEqual({})
  })
})
