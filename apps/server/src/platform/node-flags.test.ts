import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_NODE_FLAGS } from './node-flags.ts'

describe('the server’s V8 flags', () => {
  it('are on the command line of `npm start`', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> }
    expect(manifest.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.ts`)
  })
})
