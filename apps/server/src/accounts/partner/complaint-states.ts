import { COMPLAINT_STATES, type ComplaintState } from '@optika/domain/accounts/partner-api'

export { COMPLAINT_STATES, type ComplaintState }

/**
 * The complaint workflow the back office drives: an open complaint is accepted or rejected, and
 * either decision is then resolved (goods replaced or credited, or the rejection explained and
 * closed). Resolved is final.
 */
const NEXT: Readonly<Record<ComplaintState, readonly ComplaintState[]>> = {
  open: ['accepted', 'rejected'],
  accepted: ['resolved'],
  rejected: ['resolved'],
  resolved: [],
}

/** The states a complaint in `state` may move to; none for an unknown state. */
export function nextComplaintStates(state: string): readonly ComplaintState[] {
  return Object.hasOwn(NEXT, state) ? NEXT[state as ComplaintState] : []
}
