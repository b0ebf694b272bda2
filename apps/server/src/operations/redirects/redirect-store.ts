import { eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { changeSignals } from '../../platform/db/schema/change-signals.ts'
import { buildRuleSet, type RedirectRuleSet } from './redirect-rules.ts'
import { loadRedirectRules } from './redirects-service.ts'

/**
 * The storefront's copy of the redirect rules, kept in memory. It is valid while
 * the `redirects` change signal (decision 060; moved by a trigger on every change, in any process,
 * job or PIM save) stays; the generation is read at most once per `recheckMs`, and a change made through this
 * process's back office drops the copy at once (`invalidate`).
 */
export interface RedirectStore {
  rules(): Promise<RedirectRuleSet>
  invalidate(): void
}

/** The change signal a trigger on `seo_redirects` moves. */
const REDIRECTS_CHANGED = 'redirects'

export function createRedirectStore(db: Db, options: { recheckMs?: number } = {}): RedirectStore {
  const recheckMs = options.recheckMs ?? 1_000
  let current: { generation: number; ruleSet: RedirectRuleSet } | null = null
  let checkedAt = 0
  let loading: Promise<RedirectRuleSet> | null = null

  async function generation(): Promise<number> {
    const [row] = await db
      .select({ value: changeSignals.version })
      .from(changeSignals)
      .where(eq(changeSignals.topic, REDIRECTS_CHANGED))
    return row?.value ?? 0
  }

  async function refresh(): Promise<RedirectRuleSet> {
    const seen = await generation()
    checkedAt = Date.now()
    if (current && current.generation === seen) return current.ruleSet
    const ruleSet = buildRuleSet(await loadRedirectRules(db))
    current = { generation: seen, ruleSet }
    return ruleSet
  }

  return {
    async rules() {
      if (current && Date.now() - checkedAt < recheckMs) return current.ruleSet
      loading ??= refresh().finally(() => {
        loading = null
      })
      return loading
    },
    invalidate() {
      checkedAt = 0
    },
  }
}
