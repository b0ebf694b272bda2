import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import {
  approvePartner,
  insertCustomer,
  signInCustomer,
} from '../../../test/kits/customer-auth-test-kit.ts'

/**
 * Issue 15, item 2: ids at and beyond the edges of the integer columns are a 4xx on every route
 * of the OpenAPI document, never a 500. Every path parameter, and every query or JSON body
 * property named `id`, `…Id` or `…Ids`, is sent each boundary value in turn; the rest of the
 * request is filled from the route's own schema so the value gets past the other checks.
 */
const BOUNDARY_VALUES = [0, -1, 2_147_483_647, 2_147_483_648, 2 ** 53, 'abc'] as const
type BoundaryValue = (typeof BOUNDARY_VALUES)[number]

/** `id`, `…Id`, `…Ids`, and the tree calls' `node` and a copy's `ids`. */
const ID_NAME = /^(id|ids|node|.+Id|.+Ids)$/
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

interface JsonSchema {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  default?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean | number
  minItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie'
  name: string
  required?: boolean
  schema?: JsonSchema
}

interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>
  components?: { schemas?: Record<string, JsonSchema> }
}

/** One request to send: where the boundary value goes, and the request around it. */
interface Probe {
  method: Uppercase<(typeof METHODS)[number]>
  route: string
  target: string
  value: BoundaryValue
  url: string
  payload?: unknown
}

describe('ids at the edges of the integer range, on every route of the OpenAPI document', () => {
  let t: TestApp
  let cookie: string

  beforeAll(async () => {
    t = await buildTestApp()
    // Someone else holds id 1, which the filled-in requests name: the caller's session survives.
    await insertAdminUser(t.database.db, { username: 'fuzz-bystander', isAdmin: true })
    const adminId = await insertAdminUser(t.database.db, { username: 'fuzz-admin', isAdmin: true })
    const partner = await insertCustomer(t.database.db, { kind: 'partner' })
    await approvePartner(t.database.db, partner.id)
    cookie = `${await signIn(t.database.db, adminId)}; ${await signInCustomer(t.app, partner.email)}`
  })

  afterAll(async () => {
    await t.close()
  })

  it(
    'answers every boundary id with a 4xx or less, never a 5xx',
    { timeout: 600_000 },
    async () => {
      const document = t.app.swagger() as unknown as OpenApiDocument
      const probes = listProbes(document)
      expect(probes.length).toBeGreaterThan(1000)

      const failures: string[] = []
      for (const probe of probes) {
        const response = await t.app.inject({
          method: probe.method,
          url: probe.url,
          headers: { cookie, 'accept-language': 'en' },
          ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
        })
        if (response.statusCode >= 500) {
          failures.push(
            `${response.statusCode} ${probe.method} ${probe.route} ${probe.target}=${JSON.stringify(probe.value)}`,
          )
        }
      }
      expect(failures, `routes that answered 5xx:\n${failures.join('\n')}`).toEqual([])

      // The probes left the caller signed in, so every route above was reached as the admin.
      const stillSignedIn = await t.app.inject({
        url: '/admin/user/get-current-user',
        headers: { cookie },
      })
      expect(stillSignedIn.statusCode).toBe(200)
    },
  )
})

/** Every (route, id position, boundary value) of the document as a ready request. */
function listProbes(document: OpenApiDocument): Probe[] {
  const probes: Probe[] = []
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const parameters = operation.parameters ?? []
      const jsonBody = operation.requestBody?.content?.['application/json']?.schema
      const fill = new Filler(document)
      const pathValues = new Map<string, string>()
      const queryValues = new Map<string, string>()
      for (const parameter of parameters) {
        if (parameter.in === 'path')
          pathValues.set(parameter.name, asText(fill.sample(parameter.schema)))
        if (parameter.in === 'query' && parameter.required) {
          queryValues.set(parameter.name, asText(fill.sample(parameter.schema)))
        }
      }
      const body = jsonBody ? fill.sample(jsonBody) : undefined

      const targets: { target: string; build: (value: BoundaryValue) => Omit<Probe, 'route'> }[] =
        []
      const request = (
        value: BoundaryValue,
        path: Map<string, string>,
        query: Map<string, string>,
        payload: unknown,
      ) => ({
        method: method.toUpperCase() as Probe['method'],
        value,
        url: urlOf(route, path, query),
        ...(payload === undefined ? {} : { payload }),
      })
      for (const parameter of parameters) {
        if (parameter.in === 'path') {
          targets.push({
            target: `path.${parameter.name}`,
            build: (value) => ({
              target: `path.${parameter.name}`,
              ...request(
                value,
                withEntry(pathValues, parameter.name, String(value)),
                queryValues,
                body,
              ),
            }),
          })
        }
        if (parameter.in === 'query' && ID_NAME.test(parameter.name)) {
          targets.push({
            target: `query.${parameter.name}`,
            build: (value) => ({
              target: `query.${parameter.name}`,
              ...request(
                value,
                pathValues,
                withEntry(queryValues, parameter.name, String(value)),
                body,
              ),
            }),
          })
        }
      }
      if (jsonBody) {
        for (const { path, isArray } of fill.idPaths(jsonBody)) {
          const target = `body.${path.join('.')}`
          targets.push({
            target,
            build: (value) => ({
              target,
              ...request(
                value,
                pathValues,
                queryValues,
                fill.withValue(body, jsonBody, path, isArray ? [value] : value),
              ),
            }),
          })
        }
      }
      for (const { build } of targets) {
        for (const value of BOUNDARY_VALUES) probes.push({ route, ...build(value) })
      }
    }
  }
  return probes
}

function withEntry(map: Map<string, string>, key: string, value: string): Map<string, string> {
  return new Map(map).set(key, value)
}

function urlOf(route: string, path: Map<string, string>, query: Map<string, string>): string {
  const pathname = route.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(path.get(name) ?? '1'),
  )
  const search = new URLSearchParams([...query]).toString()
  return search ? `${pathname}?${search}` : pathname
}

function asText(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? asText(value[0]) : '1'
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value)
  }
  return '1'
}

/** Strings that satisfy the usual patterns of the API's schemas, tried in turn. */
const PATTERN_CANDIDATES = [
  'abc',
  'Abc',
  'a',
  '1',
  'cs',
  'CZ',
  'CZK',
  'abc-1',
  '/',
  '/abc',
  '#ffffff',
  '2026-01-01',
  '12:00',
  'a@example.com',
  '+420 601 234 567',
  '110 00',
  '00000000-0000-4000-8000-000000000000',
]

/**
 * Fills a schema of the document with the smallest value it accepts (required properties only,
 * `1` for numbers, the first enum member), and finds the id properties in it.
 */
class Filler {
  private readonly document: OpenApiDocument

  constructor(document: OpenApiDocument) {
    this.document = document
  }

  private resolve(schema: JsonSchema | undefined): JsonSchema {
    let current = schema ?? {}
    for (let depth = 0; current.$ref && depth < 10; depth++) {
      const name = current.$ref.replace('#/components/schemas/', '')
      current = this.document.components?.schemas?.[name] ?? {}
    }
    return current
  }

  sample(given: JsonSchema | undefined, depth = 0): unknown {
    const schema = this.resolve(given)
    if (depth > 8) return undefined
    if (schema.default !== undefined) return schema.default
    if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null)
    const branches = schema.anyOf ?? schema.oneOf
    if (branches && branches.length > 0) return this.sample(branches[0], depth + 1)
    if (schema.allOf) {
      return Object.assign({}, ...schema.allOf.map((part) => this.sample(part, depth + 1)))
    }
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
    switch (type) {
      case 'object': {
        // Required properties, and every numeric id: a call naming two ids gets far with both.
        const result: Record<string, unknown> = {}
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (schema.required?.includes(name) || (ID_NAME.test(name) && this.isNumber(property))) {
            result[name] = this.sample(property, depth + 1)
          }
        }
        return result
      }
      case 'array': {
        const count = schema.minItems ?? 0
        return Array.from({ length: count }, () => this.sample(schema.items, depth + 1))
      }
      case 'integer':
      case 'number': {
        let value = 1
        if (schema.minimum !== undefined && schema.minimum > value) value = schema.minimum
        if (typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= value) {
          value = schema.exclusiveMinimum + 1
        }
        if (schema.maximum !== undefined && schema.maximum < value) value = schema.maximum
        return value
      }
      case 'boolean':
        return false
      case 'string':
        return sampleString(schema)
      default:
        return schema.properties ? this.sample({ ...schema, type: 'object' }, depth) : 'abc'
    }
  }

  private isNumber(given: JsonSchema | undefined): boolean {
    const schema = this.resolve(given)
    const branches = schema.anyOf ?? schema.oneOf ?? []
    return (
      schema.type === 'integer' ||
      schema.type === 'number' ||
      branches.some((branch) => this.isNumber(branch))
    )
  }

  /** Paths of the properties named like ids (`['data', 'parentId']`, `['items', 0, 'keyId']`). */
  idPaths(
    given: JsonSchema,
    prefix: (string | number)[] = [],
    depth = 0,
  ): { path: (string | number)[]; isArray: boolean }[] {
    const schema = this.resolve(given)
    if (depth > 6) return []
    const found: { path: (string | number)[]; isArray: boolean }[] = []
    for (const branch of [
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
    ]) {
      found.push(...this.idPaths(branch, prefix, depth + 1))
    }
    if (schema.items) found.push(...this.idPaths(schema.items, [...prefix, 0], depth + 1))
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const resolved = this.resolve(property)
      if (ID_NAME.test(name)) {
        found.push({ path: [...prefix, name], isArray: resolved.type === 'array' })
      }
      found.push(...this.idPaths(property, [...prefix, name], depth + 1))
    }
    const unique = new Map(found.map((entry) => [JSON.stringify(entry.path), entry]))
    return [...unique.values()]
  }

  /** A copy of `body` with `value` at `path`, creating the objects and array items on the way. */
  withValue(body: unknown, schema: JsonSchema, path: (string | number)[], value: unknown): unknown {
    const [head, ...rest] = path
    if (head === undefined) return value
    const resolved = this.resolve(schema)
    const childSchema = this.childSchema(resolved, head)
    if (typeof head === 'number') {
      const list = Array.isArray(body) ? [...(body as unknown[])] : []
      const item = list[0] ?? this.sample(childSchema)
      list[0] = this.withValue(item, childSchema, rest, value)
      return list
    }
    const object = body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {}
    const child = object[head] ?? this.sample(childSchema)
    object[head] = this.withValue(child, childSchema, rest, value)
    return object
  }

  private childSchema(schema: JsonSchema, key: string | number): JsonSchema {
    if (typeof key === 'number' && schema.items) return this.resolve(schema.items)
    if (typeof key === 'string' && schema.properties?.[key]) {
      return this.resolve(schema.properties[key])
    }
    for (const branch of [
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
    ]) {
      const found = this.childSchema(this.resolve(branch), key)
      if (Object.keys(found).length > 0) return found
    }
    return {}
  }
}

function sampleString(schema: JsonSchema): string {
  const min = schema.minLength ?? 1
  const max = schema.maxLength ?? Infinity
  const fits = (s: string) => s.length >= min && s.length <= max
  switch (schema.format) {
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000'
    case 'email':
      return 'fuzz@example.com'
    case 'date-time':
      return '2026-01-01T00:00:00.000Z'
    case 'date':
      return '2026-01-01'
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u')
    const match = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate) && fits(candidate))
    if (match) return match
  }
  const text = 'abc'.padEnd(min, 'x')
  return fits(text) ? text : text.slice(0, max)
}
