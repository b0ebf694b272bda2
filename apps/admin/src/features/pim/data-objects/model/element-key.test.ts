import { describe, expect, it } from 'vitest'
import { keyProblem } from './element-key.ts'

describe('the key of a new or renamed element', () => {
  it('accepts a key with spaces and accents', () => {
    expect(keyProblem(' Ray-Ban Aviator 3025 ')).toBeNull()
  })

  it('refuses a blank key, a slash and an overlong key', () => {
    expect(keyProblem('   ')).toBe('required')
    expect(keyProblem('a/b')).toBe('invalid')
    expect(keyProblem('x'.repeat(191))).toBe('invalid')
  })
})
