import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  TargetingConditionSchema,
  type TargetGroup,
  type TargetingRule,
} from '../packages/domain/src/operations/targeting.ts'
import { compileRules } from '../apps/server/src/web/targeting/compile-rules.ts'
import { createVisitorTargeting } from '../apps/server/src/web/targeting/visitor-targeting.ts'

/**
 * `node bench/targeting.ts` (also run by `npm run bench`): what personalization adds to a
 * storefront request (decision 067) — the per-visitor evaluation of 60 rules over 20 target
 * groups (every kind of condition, brackets, session rules), as the page handler calls it, for a
 * cookie-less visitor and for one who consented (visit history read and written back). The
 * target: < 1 ms per request at the 99th percentile. Writes bench/results/targeting.md.
 */
const RULES = 60
const GROUPS = 20
const CALLS = Number(process.env.BENCH_TARGETING_CALLS ?? 200_000)

const c = (raw: Record<string, unknown>) => TargetingConditionSchema.parse(raw)
const groups: TargetGroup[] = Array.from({ length: GROUPS }, (_, i) => ({
  id: i + 1,
  name: `Group ${i + 1}`,
  description: '',
  active: true,
  threshold: 1 + (i % 3),
}))
const rules: TargetingRule[] = Array.from({ length: RULES }, (_, i) => ({
  id: i + 1,
  name: `Rule ${i + 1}`,
  description: '',
  active: true,
  scope: i % 5 === 0 ? 'session' : 'hit',
  priority: i + 1,
  conditions: [
    c({ type: 'language', languages: ['sk', 'cs'], bracketLeft: true }),
    c({ type: 'country', operator: 'or', countries: ['SK', 'HU'], bracketRight: true }),
    c({ type: 'visitedCategory', operator: 'and', categoryId: (i % 12) + 1, times: 2 }),
    c({ type: 'referrer', operator: 'or', contains: `partner${i}.example` }),
    c({ type: 'timeOfDay', operator: 'and_not', from: '02:00', to: '04:00' }),
    c({ type: 'visitorKind', operator: 'or', kind: i % 2 ? 'partner' : 'customer' }),
  ],
  actions: {
    assignTargetGroup: { targetGroupId: (i % GROUPS) + 1, weight: 1 + (i % 4) },
    redirect: null,
  },
}))
const compiled = compileRules(rules, groups)
const targetVisitor = createVisitorTargeting({
  store: { rules: () => compiled, invalidate: () => {} },
  minuteOfDay: () => 14 * 60 + 5,
})

function requestOf(cookies: Record<string, string>): FastifyRequest {
  return {
    headers: {
      'accept-language': 'sk-SK,sk;q=0.9,cs;q=0.8,en;q=0.5',
      referer: 'https://www.google.sk/search?q=okuliare',
    },
    cookies,
    viewer: { kind: 'anonymous', country: null, customerId: null },
    server: { cookiePolicy: { secure: false } },
  } as unknown as FastifyRequest
}
let written = 0
const reply = {
  setCookie: () => {
    written++
    return reply
  },
  clearCookie: () => reply,
  server: { cookiePolicy: { secure: false } },
} as unknown as FastifyReply

async function measure(name: string, request: FastifyRequest, path: string) {
  const samples = new Float64Array(CALLS)
  let groupsSeen = 0
  for (let i = 0; i < 5_000; i++) await targetVisitor(request, reply, path)
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now()
    const result = await targetVisitor(request, reply, path)
    samples[i] = performance.now() - started
    groupsSeen += result.targetGroupIds.length
  }
  samples.sort()
  const at = (q: number) => samples[Math.min(CALLS - 1, Math.floor(q * CALLS))]! * 1000
  const mean = (samples.reduce((a, b) => a + b, 0) / CALLS) * 1000
  return { name, mean, p50: at(0.5), p99: at(0.99), max: at(1), groups: groupsSeen / CALLS }
}

const results = [
  await measure('cookie-less visitor (no consent)', requestOf({}), '/sk'),
  await measure(
    'consented visitor (history read and written)',
    requestOf({
      'optika-consent': 'granted',
      'optika-visitor': 'abcdefghijklmnopqrstuv',
      'optika-visits': Array.from({ length: 30 }, (_, i) => `c${i + 1}.${(i % 4) + 1}`).join('-'),
      'optika-targeting': '1.6.11',
    }),
    '/sk/c/3/slnecne-okuliare',
  ),
]
const TARGET_US = 1000
const met = results.every((r) => r.p99 < TARGET_US)
const lines = [
  '# Personalization: evaluation per storefront request',
  '',
  `${RULES} active rules (6 conditions each, brackets, AND/OR/AND NOT), ${GROUPS} target groups; ` +
    `${CALLS.toLocaleString('en')} calls each, in process, as the page handler calls it. ` +
    `Target: p99 < ${TARGET_US} µs (issue 20).`,
  '',
  '| visitor | mean µs | p50 µs | p99 µs | max µs | groups per request |',
  '|---|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.mean.toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(0)} | ${r.groups.toFixed(1)} |`,
  ),
  '',
  `Cookies written: ${written.toLocaleString('en')} (consented visitor only). Target ${met ? 'met' : 'MISSED'}.`,
]
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
mkdirSync(resultsDir, { recursive: true })
writeFileSync(`${resultsDir}targeting.md`, `${lines.join('\n')}\n`)
console.log(lines.join('\n'))
process.exit(met ? 0 : 1)
