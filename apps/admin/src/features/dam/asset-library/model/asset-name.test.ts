import { describe, expect, it } from 'vitest'
import { assetNameProblem } from './asset-name.ts'

describe('asset names', () => {
  it('takes a readable name with spaces and accents', () => {
    expect(assetNameProblem('  Letní kolekce 2026  ')).toBeNull()
  })

  it('asks for a name when there is none', () => {
    expect(assetNameProblem('   ')).toBe('required')
  })

  it('refuses what the server would refuse: dots, slashes, control characters, length', () => {
    for (const name of ['.', '..', 'a/b', 'a\\b', 'tab\there', 'x'.repeat(191)]) {
      expect(assetNameProblem(name), name).toBe('invalid')
    }
    expect(assetNameProblem('x'.repeat(190))).toBeNull()
  })
})
