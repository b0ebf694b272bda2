import type { Db } from '../../platform/db/client.ts'
import { targetingService } from '../../operations/targeting/targeting-service.ts'
import { compileRules, type CompiledRules } from './compile-rules.ts'

/** The change signal triggers on the rules and target groups move (migration 0034). */
export const TARGETING_CHANGED = 'targeting'

/**
 * The storefront's compiled targeting rules, kept in memory: loaded on first use and again after
 * `invalidate` — which the app calls when the `targeting` change signal moves (decision 060: in
 * this process at once, in others within a second). Between changes a request reads them without
 * any query.
 */
export interface TargetingStore {
  /** The compiled rules; synchronous once loaded. */
  rules(): CompiledRules | Promise<CompiledRules>
  invalidate(): void
}

export function createTargetingStore(db: Db): TargetingStore {
  let current: CompiledRules | null = null
  let loading: Promise<CompiledRules> | null = null
  let generation = 0

  async function load(): Promise<CompiledRules> {
    const started = generation
    const [rules, groups] = await Promise.all([
      targetingService.listRules(db),
      targetingService.listGroups(db),
    ])
    const compiled = compileRules(rules, groups)
    // A change while loading: keep this answer for the request, load again next time.
    if (started === generation) current = compiled
    return compiled
  }

  return {
    rules() {
      if (current) return current
      loading ??= load().finally(() => {
        loading = null
      })
      return loading
    },
    invalidate() {
      generation++
      current = null
    },
  }
}
