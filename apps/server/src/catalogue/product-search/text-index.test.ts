import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setBit } from './bitset.ts'
import { TextIndex } from './text-index.ts'

const SLOTS = 40
const WORDS = Math.ceil(SLOTS / 32)
// Few letters, so needles often match, share trigrams and repeat them ("aaab" holds "aaa" twice).
const textArb = fc.stringMatching(/^[ab čł]{0,12}$/)
const needleArb = fc.stringMatching(/^[ab čł]{1,5}$/)

/**
 * Set slots (in any order; '' removes), build some postings, keep and restore a snapshot, search,
 * change more, search again, against a plain scan.
 */
const stepsArb = fc.array(
  fc.oneof(
    fc.record({ slot: fc.nat(SLOTS - 1), text: textArb }),
    fc.record({ build: fc.nat(8) }),
    fc.record({ restore: fc.constant(true) }),
    fc.record({ needle: needleArb, skip: fc.nat(SLOTS - 1) }),
  ),
  { maxLength: 120 },
)

describe('the text index', () => {
  it('answers like a scan of every text, through changes, removals, partial builds, rebuilds and snapshots', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        // Rebuilt after a handful of changes, so runs cross several rebuilds.
        let index = new TextIndex(8)
        const texts = new Map<number, string>()
        for (const step of steps) {
          if ('slot' in step) {
            index.set(step.slot, step.text)
            texts.set(step.slot, step.text)
            continue
          }
          if ('build' in step) {
            index.buildSome(step.build)
            continue
          }
          if ('restore' in step) {
            index = TextIndex.restore(index.state(), 8)
            continue
          }
          // Every slot but `skip` is alive: a match outside the alive set is not answered.
          const alive = new Uint32Array(WORDS)
          for (let slot = 0; slot < SLOTS; slot++) if (slot !== step.skip) setBit(alive, slot)
          const expected = [...texts]
            .filter(
              ([slot, text]) => slot !== step.skip && text !== '' && text.includes(step.needle),
            )
            .map(([slot]) => slot)
            .sort((a, b) => a - b)
          const found = index.matches(step.needle, alive, WORDS)
          const answered: number[] = []
          for (let slot = 0; slot < SLOTS; slot++) {
            if ((found[slot >>> 5]! >>> (slot & 31)) & 1) answered.push(slot)
          }
          expect(answered).toEqual(expected)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('finds a needle across words and in the middle of one', () => {
    const index = new TextIndex()
    index.set(0, 'ray ban aviator rb 3025')
    index.set(1, 'nordlys nl 2194')
    index.set(2, 'aurelle au 2339')
    const alive = new Uint32Array(1).fill(0b111)
    expect([...index.matches('ban avi', alive, 1)]).toEqual([0b001])
    expect([...index.matches('ordly', alive, 1)]).toEqual([0b010])
    expect([...index.matches('2', alive, 1)]).toEqual([0b111])
    expect([...index.matches('xyz', alive, 1)]).toEqual([0])
  })
})
