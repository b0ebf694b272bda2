import { describe, expect, it } from 'vitest'
import { pickVersions } from './version-selection.ts'

const versions = [
  { id: 30, versionCount: 3 },
  { id: 20, versionCount: 2 },
  { id: 10, versionCount: 1 },
]

describe('choosing two versions to compare', () => {
  it('reads the older selected version as "from" whatever order they were ticked in', () => {
    expect(pickVersions([30, 10], versions)).toEqual([10, 30])
    expect(pickVersions([10, 30], versions)).toEqual([10, 30])
  })

  it('compares nothing until exactly two known versions are selected', () => {
    expect(pickVersions([30], versions)).toEqual([null, null])
    expect(pickVersions([30, 99], versions)).toEqual([null, null])
  })
})
