import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  ClassExportSchema,
  CustomLayoutSchema,
  FieldContainerDefinitionSchema,
  SelectOptionsSetSchema,
  type ClassExport,
  type CustomLayout,
  type FieldContainerDefinition,
  type SelectOptionsSet,
} from '@optika/domain/pim/class-definition'
import {
  ClassSchema,
  ClassTreeSchema,
  ContainerTreeSchema,
  CustomLayoutListSchema,
  SelectOptionsTreeSchema,
  type AddClass,
  type SaveClass,
} from '@optika/domain/pim/class-api'
import { ApiError, getJson, readJsonBody, toApiError } from '../../../../lib/api-client.ts'

export type ContainerKind = 'fieldcollection' | 'objectbrick'

export const classKeys = {
  all: ['admin', 'classes'] as const,
  tree: ['admin', 'classes', 'tree'] as const,
  detail: (id: string) => ['admin', 'classes', 'class', id] as const,
  customLayouts: (classId: string) => ['admin', 'classes', 'custom-layouts', classId] as const,
  customLayout: (id: number) => ['admin', 'classes', 'custom-layout', id] as const,
  containers: (kind: ContainerKind) => ['admin', 'classes', kind] as const,
  container: (kind: ContainerKind, key: string) => ['admin', 'classes', kind, key] as const,
  optionSets: ['admin', 'classes', 'select-options'] as const,
  optionSet: (id: string) => ['admin', 'classes', 'select-options', id] as const,
}

/** A refused save: the server's message plus the field errors of a 400 (`errors: [{ path, message }]`). */
export class FieldErrorsApiError extends ApiError {
  readonly errors: { path: string; message: string }[]
  constructor(base: ApiError, errors: { path: string; message: string }[]) {
    super(base.status, base.code, base.message)
    this.name = 'FieldErrorsApiError'
    this.errors = errors
  }
}

const ErrorListSchema = z.object({
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
})

/** Sends JSON and keeps the field errors of a refusal (the shared client drops them). */
async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const headers = new Headers({ accept: 'application/json' })
  if (body !== undefined) headers.set('content-type', 'application/json')
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  })
  const parsed = await readJsonBody(response)
  if (!response.ok) {
    const error = toApiError(response, parsed)
    const list = ErrorListSchema.safeParse(parsed)
    throw list.success ? new FieldErrorsApiError(error, list.data.errors) : error
  }
  return parsed
}

const q = encodeURIComponent

// ── Classes ───────────────────────────────────────────────────────────────────────────────────

export function useClassTree() {
  return useQuery({
    queryKey: classKeys.tree,
    queryFn: async () => ClassTreeSchema.parse(await getJson('/admin/class/get-tree')),
  })
}

export function useClass(id: string) {
  return useQuery({
    queryKey: classKeys.detail(id),
    queryFn: async () => ClassSchema.parse(await getJson(`/admin/class/get?id=${q(id)}`)),
  })
}

export async function addClass(input: AddClass) {
  return ClassSchema.parse(await send('POST', '/admin/class/add', input))
}

export async function saveClass(input: SaveClass) {
  return ClassSchema.parse(await send('PUT', '/admin/class/save', input))
}

export async function deleteClass(id: string) {
  await send('DELETE', `/admin/class/delete?id=${q(id)}`)
}

export async function exportClass(id: string): Promise<ClassExport> {
  return ClassExportSchema.parse(await getJson(`/admin/class/export-class?id=${q(id)}`))
}

export async function importClass(data: ClassExport) {
  return z
    .object({ id: z.string(), created: z.boolean() })
    .parse(await send('POST', '/admin/class/import-class', data))
}

// ── Custom layouts ────────────────────────────────────────────────────────────────────────────

export function useCustomLayouts(classId: string) {
  return useQuery({
    queryKey: classKeys.customLayouts(classId),
    queryFn: async () =>
      CustomLayoutListSchema.parse(
        await getJson(`/admin/class/get-custom-layout-definitions?classId=${q(classId)}`),
      ),
  })
}

export function useCustomLayout(id: number) {
  return useQuery({
    queryKey: classKeys.customLayout(id),
    queryFn: async () =>
      CustomLayoutSchema.parse(await getJson(`/admin/class/get-custom-layout?id=${id}`)),
  })
}

export async function addCustomLayout(input: { classId: string; name: string }) {
  return CustomLayoutSchema.parse(await send('POST', '/admin/class/add-custom-layout', input))
}

export async function saveCustomLayout(layout: CustomLayout) {
  return send('PUT', '/admin/class/save-custom-layout', layout)
}

export async function deleteCustomLayout(id: number) {
  await send('DELETE', `/admin/class/delete-custom-layout?id=${id}`)
}

// ── Field collections and object bricks ──────────────────────────────────────────────────────

export function useContainerTree(kind: ContainerKind) {
  return useQuery({
    queryKey: classKeys.containers(kind),
    queryFn: async () => ContainerTreeSchema.parse(await getJson(`/admin/class/${kind}-tree`)),
  })
}

export function useContainer(kind: ContainerKind, key: string) {
  return useQuery({
    queryKey: classKeys.container(kind, key),
    queryFn: async () =>
      FieldContainerDefinitionSchema.parse(await getJson(`/admin/class/${kind}-get?key=${q(key)}`)),
  })
}

export async function saveContainer(kind: ContainerKind, definition: FieldContainerDefinition) {
  return send('PUT', `/admin/class/${kind}-update`, definition)
}

export async function deleteContainer(kind: ContainerKind, key: string) {
  await send('DELETE', `/admin/class/${kind}-delete?key=${q(key)}`)
}

// ── Select options ────────────────────────────────────────────────────────────────────────────

export function useOptionSets() {
  return useQuery({
    queryKey: classKeys.optionSets,
    queryFn: async () =>
      SelectOptionsTreeSchema.parse(await getJson('/admin/class/select-options-tree')),
  })
}

export function useOptionSet(id: string) {
  return useQuery({
    queryKey: classKeys.optionSet(id),
    queryFn: async () =>
      SelectOptionsSetSchema.parse(await getJson(`/admin/class/select-options-get?id=${q(id)}`)),
  })
}

export async function saveOptionSet(set: SelectOptionsSet) {
  return send('PUT', '/admin/class/select-options-update', set)
}

export async function deleteOptionSet(id: string) {
  await send('DELETE', `/admin/class/select-options-delete?id=${q(id)}`)
}
