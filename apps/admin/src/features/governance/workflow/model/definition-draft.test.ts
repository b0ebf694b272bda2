import { describe, expect, it } from 'vitest'
import {
  emptyDraft,
  errorAt,
  errorCountBelow,
  issuePathOf,
  moveItem,
  newTransition,
  removePlace,
  renamePlace,
  withType,
  type WorkflowDraft,
} from './definition-draft.ts'

function twoPlaces(): WorkflowDraft {
  const draft = emptyDraft()
  const base = draft.places[0]!
  const withReview: WorkflowDraft = {
    ...draft,
    type: 'workflow',
    places: [base, { ...base, name: 'review' }],
  }
  return { ...withReview, transitions: [newTransition(withReview)] }
}

describe('the workflow definition draft', () => {
  it('reads the server’s dotted paths and the schema’s JSON pointers alike', () => {
    expect(issuePathOf('transitions.2.to.0')).toBe('transitions.2.to.0')
    expect(issuePathOf('body/places/0/name')).toBe('places.0.name')
    expect(issuePathOf('/places/1/color')).toBe('places.1.color')
    expect(issuePathOf('body')).toBe('')
  })

  it('finds a field’s problem at the field or at one of its items', () => {
    const errors = { 'transitions.0.to.1': 'unknown place', 'places.0.name': 'duplicate' }
    expect(errorAt(errors, 'transitions.0.to')).toBe('unknown place')
    expect(errorAt(errors, 'places.0.name')).toBe('duplicate')
    expect(errorAt(errors, 'places.0')).toBeUndefined()
    expect(errorCountBelow(errors, 'transitions')).toBe(1)
    expect(errorCountBelow(errors, 'places.1')).toBe(0)
  })

  it('renames a place together with every reference to it', () => {
    const renamed = renamePlace(twoPlaces(), 0, 'concept')
    expect(renamed.places.map((place) => place.name)).toEqual(['concept', 'review'])
    expect(renamed.initialPlaces).toEqual(['concept'])
    expect(renamed.transitions[0]).toMatchObject({ from: ['concept'], to: ['review'] })
  })

  it('does not merge two places when the new name is already taken', () => {
    const renamed = renamePlace(twoPlaces(), 0, 'review')
    expect(renamed.initialPlaces).toEqual(['draft'])
    expect(renamed.transitions[0]).toMatchObject({ from: ['draft'], to: ['review'] })
  })

  it('removing a place drops the references to it', () => {
    const removed = removePlace(twoPlaces(), 1)
    expect(removed.places).toHaveLength(1)
    expect(removed.transitions[0]).toMatchObject({ from: ['draft'], to: [] })
  })

  it('a state machine keeps one place per list', () => {
    const draft = twoPlaces()
    const net: WorkflowDraft = {
      ...draft,
      initialPlaces: ['draft', 'review'],
      transitions: [{ ...draft.transitions[0]!, to: ['review', 'draft'] }],
    }
    const machine = withType(net, 'state_machine')
    expect(machine.initialPlaces).toEqual(['draft'])
    expect(machine.transitions[0]!.to).toEqual(['review'])
  })

  it('moves an item up and down within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
  })
})
