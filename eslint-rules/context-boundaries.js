import { dirname, relative, resolve, sep } from 'node:path'

/**
 * The server's bounded contexts, lowest first (docs/decisions/020-server-layout-by-context.md).
 * A context may import itself and the contexts before it, never one after it, so the layering
 * the folder tree shows stays true.
 */
export const CONTEXTS = [
  'platform',
  'identity',
  'elements',
  'dam',
  'catalogue',
  'pim',
  'cms',
  'accounts',
  'commerce',
  'community',
  'operations',
  'web',
  'demo',
]

const SERVER_SRC = ['apps', 'server', 'src']
const SERVER_TEST = ['apps', 'server', 'test']

/**
 * `{ area, context }` of a path relative to the repository root, or null outside the server.
 * @param {string[]} parts
 * @returns {{ area: 'test' | 'root' } | { area: 'context', context: string } | null}
 */
function placeOf(parts) {
  /** @param {string[]} prefix */
  const inside = (prefix) => prefix.every((part, index) => parts[index] === part)
  if (inside(SERVER_TEST)) return { area: 'test' }
  if (!inside(SERVER_SRC)) return null
  const rest = parts.slice(SERVER_SRC.length)
  // app.ts, main.ts and scripts/ wire the contexts together: they may import any of them.
  if (rest.length === 1 || rest[0] === 'scripts') return { area: 'root' }
  return { area: 'context', context: rest[0] ?? '' }
}

/** @type {import('eslint').Rule.RuleModule} */
export const contextBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A server context imports only the contexts below it.' },
    schema: [
      { type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false },
    ],
    messages: {
      upward:
        'The {{from}} context may not import from {{to}}: a context imports only the contexts listed before it in docs/decisions/020.',
      unknown:
        "'{{context}}' is not a server context; add it to CONTEXTS in eslint-rules/context-boundaries.js.",
      testSupport: 'Shipped server code may not import the test support in apps/server/test.',
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd
    const file = relative(root, context.filename).split(sep)
    const importer = placeOf(file)
    if (importer?.area !== 'context' || /\.test\.tsx?$/.test(context.filename)) return {}
    const from = CONTEXTS.indexOf(importer.context)
    /** @param {import('eslint').Rule.Node} node */
    const check = (node) => {
      const literal = 'source' in node ? node.source : null
      const specifier = literal && 'value' in literal ? literal.value : undefined
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
      const target = placeOf(
        relative(root, resolve(dirname(context.filename), specifier)).split(sep),
      )
      if (!target) return
      if (from === -1) {
        context.report({
          node,
          messageId: 'unknown',
          data: { context: importer.context },
        })
        return
      }
      if (target.area === 'test') {
        context.report({ node, messageId: 'testSupport' })
        return
      }
      if (target.area !== 'context') return
      const to = CONTEXTS.indexOf(target.context)
      if (to > from || to === -1) {
        context.report({
          node,
          messageId: 'upward',
          data: { from: importer.context, to: target.context },
        })
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

export default { rules: { 'context-boundaries': contextBoundaries } }
