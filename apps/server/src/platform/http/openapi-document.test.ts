import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'

/**
 * Issue 15, item 5: the document at /api/docs is valid OpenAPI and every `$ref` in it resolves,
 * so generic tools (Schemathesis, client generators) can read it.
 */
describe('the OpenAPI document', () => {
  let t: TestApp
  let document: Record<string, unknown>

  beforeAll(async () => {
    t = await buildTestApp()
    const response = await t.app.inject({ url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    document = response.json()
  })

  afterAll(async () => {
    await t.close()
  })

  it('validates against the OpenAPI specification', async () => {
    const validator = new Validator({ allErrors: true })
    const result = await validator.validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('has no dangling $ref: every reference names a part of the document', () => {
    const references = collectReferences(document)
    expect(references.length).toBeGreaterThan(0)
    const dangling = references.filter(({ ref }) => !resolves(document, ref))
    expect(dangling, dangling.map(({ at, ref }) => `${at} → ${ref}`).join('\n')).toEqual([])
  })

  it('names the recursive class layout as a component instead of inlining it', () => {
    const schemas = (document.components as { schemas?: Record<string, unknown> } | undefined)
      ?.schemas
    expect(Object.keys(schemas ?? {})).toEqual(
      expect.arrayContaining(['LayoutNode', 'LayoutNodeInput', 'FieldDefinition']),
    )
  })
})

/** Every `$ref` in the document with the JSON pointer of where it stands. */
function collectReferences(value: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => collectReferences(item, `${at}/${index}`))
  }
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string'
      ? [{ at, ref: child }]
      : collectReferences(child, `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`),
  )
}

/** Whether a local reference (`#/components/schemas/X`) points at something in the document. */
function resolves(document: unknown, ref: string): boolean {
  if (!ref.startsWith('#/')) return false
  let current: unknown = document
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      return false
    }
    current = (current as Record<string, unknown>)[key]
  }
  return current !== undefined
}
