import { z } from 'zod'
import { GRID_ACTIONS, type GridAction } from '@optika/domain/operations/static-routes'
import { AppError } from '../../platform/http/app-error.ts'

/**
 * One call of Pimcore's grid stores (`xaction=read|create|update|destroy`, `data` as JSON, and
 * `filter`, `sort`/`dir` or a JSON `sort`, `start`, `limit`), read from the query string and the
 * JSON body alike: Pimcore's ExtJS sends them as parameters, our screens as a JSON body.
 */
export interface GridRequest {
  readonly action: GridAction
  /** `data`, parsed: an object, a list of objects, or an id. */
  readonly data: unknown
  readonly filter: string
  readonly sort: { readonly property: string; readonly direction: 'ASC' | 'DESC' } | null
  readonly start: number
  readonly limit: number
}

const MAX_LIMIT = 500
const SortEntrySchema = z.object({
  property: z.string().max(40),
  direction: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('ASC'),
})

function badRequest(): AppError {
  return new AppError(400, 'INVALID_GRID_REQUEST', 'siteTools.error.badGridRequest')
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return undefined
}

/** Reads a grid call; a malformed one is a translated 400. */
export function readGridRequest(query: unknown, body: unknown): GridRequest {
  const params = {
    ...(query && typeof query === 'object' ? (query as Record<string, unknown>) : {}),
    ...(body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {}),
  }
  const action = text(params.xaction) ?? 'read'
  if (!(GRID_ACTIONS as readonly string[]).includes(action)) throw badRequest()
  let data: unknown = params.data
  if (typeof data === 'string') {
    if (data.length > 1_000_000) throw badRequest()
    try {
      data = JSON.parse(data) as unknown
    } catch {
      throw badRequest()
    }
  }
  const start = Number(text(params.start) ?? 0)
  const limit = Number(text(params.limit) ?? 100)
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(limit) || limit < 1) {
    throw badRequest()
  }
  const filter = (text(params.filter) ?? '').trim().slice(0, 200)
  return {
    action: action as GridAction,
    data,
    filter,
    sort: readSort(params.sort, params.dir),
    start,
    limit: Math.min(limit, MAX_LIMIT),
  }
}

function readSort(sort: unknown, dir: unknown): GridRequest['sort'] {
  if (sort === undefined || sort === '') return null
  let entry: unknown = sort
  if (typeof sort === 'string' && sort.trim().startsWith('[')) {
    try {
      entry = (JSON.parse(sort) as unknown[])[0]
    } catch {
      throw badRequest()
    }
  } else if (typeof sort === 'string') {
    entry = { property: sort, direction: text(dir) ?? 'ASC' }
  } else if (Array.isArray(sort)) {
    entry = sort[0]
  }
  if (entry === undefined) return null
  const parsed = SortEntrySchema.safeParse(entry)
  if (!parsed.success) throw badRequest()
  return {
    property: parsed.data.property,
    direction: parsed.data.direction.toUpperCase() as 'ASC' | 'DESC',
  }
}

/** The id in a `destroy` or `update` call's data: `5`, `"5"` or `{ id: 5 }`. */
export function idOf(data: unknown): number {
  const raw = data && typeof data === 'object' && 'id' in data ? data.id : data
  const id = typeof raw === 'string' ? Number(raw) : raw
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) {
    throw badRequest()
  }
  return id
}

/** A `create`/`update` call's data as one object (ExtJS may send a list of one). */
export function recordOf(data: unknown): Record<string, unknown> {
  const record = Array.isArray(data) && data.length === 1 ? (data[0] as unknown) : data
  if (!record || typeof record !== 'object' || Array.isArray(record)) throw badRequest()
  return record as Record<string, unknown>
}

/**
 * A record parsed by its schema; a refusal is a translated 400 naming the first problem: the
 * schema's own message (a `siteTools.` key), else which field is not valid.
 */
export function parseRecord<T>(schema: z.ZodType<T>, data: unknown, code: string): T {
  const parsed = schema.safeParse(data)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = issue?.path.join('.') || '—'
  if (issue?.message.startsWith('siteTools.'))
    throw new AppError(400, code, issue.message, { field })
  throw new AppError(400, code, 'siteTools.error.invalidField', { field })
}
