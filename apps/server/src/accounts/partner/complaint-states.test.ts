import { describe, expect, it } from 'vitest'
import { COMPLAINT_STATES, nextComplaintStates } from './complaint-states.ts'

describe('nextComplaintStates', () => {
  it('lets an open complaint be accepted or rejected, nothing else', () => {
    expect(nextComplaintStates('open')).toEqual(['accepted', 'rejected'])
  })

  it('resolves an accepted or a rejected complaint', () => {
    expect(nextComplaintStates('accepted')).toEqual(['resolved'])
    expect(nextComplaintStates('rejected')).toEqual(['resolved'])
  })

  it('ends at resolved', () => {
    expect(nextComplaintStates('resolved')).toEqual([])
  })

  it('never goes back to open, and knows no state outside the list', () => {
    for (const state of COMPLAINT_STATES) expect(nextComplaintStates(state)).not.toContain('open')
    expect(nextComplaintStates('closed')).toEqual([])
    expect(nextComplaintStates('toString')).toEqual([])
  })
})
