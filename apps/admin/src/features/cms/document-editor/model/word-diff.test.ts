import { describe, expect, it } from 'vitest'
import { diffWords } from './word-diff.ts'

describe('word diff', () => {
  it('marks the words removed and added between two versions', () => {
    expect(diffWords('Shipping from Germany', 'Shipping by courier from Germany')).toEqual([
      { kind: 'same', text: 'Shipping ' },
      { kind: 'added', text: 'by courier ' },
      { kind: 'same', text: 'from Germany' },
    ])
    expect(diffWords('at most twice a month', 'at most once a month')).toEqual([
      { kind: 'same', text: 'at most ' },
      { kind: 'removed', text: 'twice ' },
      { kind: 'added', text: 'once ' },
      { kind: 'same', text: 'a month' },
    ])
  })

  it('answers a whole text as added or removed when one side is empty', () => {
    expect(diffWords('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }])
    expect(diffWords('old', '')).toEqual([{ kind: 'removed', text: 'old' }])
    expect(diffWords('', '')).toEqual([])
  })
})
