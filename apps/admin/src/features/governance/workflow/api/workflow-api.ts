import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import {
  WorkflowCustomHtmlSchema,
  WorkflowDefinitionListSchema,
  WorkflowDefinitionSchema,
  WorkflowDetailsSchema,
  WorkflowEditorOptionsSchema,
  WorkflowFormSchema,
  WorkflowSubmitResultSchema,
  WorkflowValidationResultSchema,
  type WorkflowActionRef,
  type WorkflowDefinitionInput,
  type WorkflowSubmit,
} from '@optika/domain/elements/workflow'
import type { ElementType } from '@optika/domain/pim/element-api'
import {
  ApiError,
  getJson,
  readJsonBody,
  sendJson,
  toApiError,
} from '../../../../lib/api-client.ts'
import { issuePathOf } from '../model/definition-draft.ts'

const DEFINITIONS_URL = '/admin/workflow/definitions'

/** The element a workflow call is about, as the editors name it. */
export interface WorkflowElement {
  readonly elementType: ElementType
  readonly elementId: number
}

/** Each editor's queries sit under its screen's key, as the element tabs' do (element-api.ts). */
const SCREEN_KEY: Record<ElementType, string> = {
  object: 'objects',
  asset: 'assets',
  document: 'documents',
}

export const workflowKeys = {
  definitions: ['admin', 'workflows'] as const,
  list: (text: string) => ['admin', 'workflows', 'list', text] as const,
  definition: (id: number) => ['admin', 'workflows', 'definition', id] as const,
  options: ['admin', 'workflows', 'options'] as const,
  /** The editor's whole screen (object, asset, document): refreshed after a transition. */
  screen: (element: WorkflowElement) => ['admin', SCREEN_KEY[element.elementType]] as const,
  details: (element: WorkflowElement) =>
    ['admin', SCREEN_KEY[element.elementType], 'element', element.elementId, 'workflow'] as const,
}

/** A refused definition save: the general message and the problems by dotted input path. */
export class DefinitionErrorsApiError extends ApiError {
  readonly fieldErrors: Readonly<Record<string, string>>
  constructor(base: ApiError, fieldErrors: Record<string, string>) {
    super(base.status, base.code, base.message)
    this.name = 'DefinitionErrorsApiError'
    this.fieldErrors = fieldErrors
  }
}

/** The problems a refused definition save named, by dotted path (`transitions.2.to`). */
export function definitionErrorsOf(error: unknown): Readonly<Record<string, string>> {
  return error instanceof DefinitionErrorsApiError ? error.fieldErrors : {}
}

/** Like `sendJson`, keeping the answer's `errors` (the server's validation of the definition). */
async function sendDefinition(method: 'POST' | 'PUT', url: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  const parsed = await readJsonBody(response)
  if (response.ok) return parsed
  const base = toApiError(response, parsed)
  const errors: Record<string, string> = {}
  const list =
    typeof parsed === 'object' && parsed !== null && 'errors' in parsed ? parsed.errors : []
  if (Array.isArray(list)) {
    for (const entry of list as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue
      const { path, message } = entry as Record<string, unknown>
      if (typeof path !== 'string' || typeof message !== 'string') continue
      errors[issuePathOf(path)] ??= message
    }
  }
  throw new DefinitionErrorsApiError(base, errors)
}

// ——— definitions (the /admin/workflows screen) ———

export function useWorkflowDefinitions(text: string) {
  return useQuery({
    queryKey: workflowKeys.list(text),
    queryFn: async () =>
      WorkflowDefinitionListSchema.parse(
        await getJson(`${DEFINITIONS_URL}?${new URLSearchParams(text ? { text } : {}).toString()}`),
      ).items,
    placeholderData: keepPreviousData,
  })
}

export function useWorkflowDefinition(id: number | null) {
  return useQuery({
    queryKey: workflowKeys.definition(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async () =>
      WorkflowDefinitionSchema.parse(await getJson(`${DEFINITIONS_URL}/${id ?? 0}`)),
  })
}

export function useWorkflowEditorOptions() {
  return useQuery({
    queryKey: workflowKeys.options,
    staleTime: 60_000,
    queryFn: async () =>
      WorkflowEditorOptionsSchema.parse(await getJson(`${DEFINITIONS_URL}/options`)),
  })
}

/** Creates (id null) or replaces a definition; the list is read again after it. */
export function useSaveWorkflowDefinition() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: WorkflowDefinitionInput }) =>
      WorkflowDefinitionSchema.parse(
        id === null
          ? await sendDefinition('POST', DEFINITIONS_URL, input)
          : await sendDefinition('PUT', `${DEFINITIONS_URL}/${id}`, input),
      ),
    onSuccess: async (saved) => {
      client.setQueryData(workflowKeys.definition(saved.id), saved)
      await client.invalidateQueries({ queryKey: [...workflowKeys.definitions, 'list'] })
    },
  })
}

export function useDeleteWorkflowDefinition() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await sendJson('DELETE', `${DEFINITIONS_URL}/${id}`)
    },
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.definitions }),
  })
}

/** Checks a definition without saving it: its problems by dotted path. */
export async function validateWorkflowDefinition(
  input: WorkflowDefinitionInput,
  id: number | null,
) {
  const query = id === null ? '' : `?id=${id}`
  const result = WorkflowValidationResultSchema.parse(
    await sendJson('POST', `${DEFINITIONS_URL}/validate${query}`, input),
  )
  const errors: Record<string, string> = {}
  for (const issue of result.issues) errors[issuePathOf(issue.path)] ??= issue.message
  return { valid: result.valid, errors }
}

/** The server-drawn SVG of an unsaved definition, as an object URL for an `<img>` (no script runs). */
export async function previewWorkflowGraph(input: WorkflowDefinitionInput): Promise<string> {
  const response = await fetch(`${DEFINITIONS_URL}/graph`, {
    method: 'POST',
    headers: { accept: 'image/svg+xml', 'content-type': 'application/json' },
    body: JSON.stringify(input),
    credentials: 'same-origin',
  })
  if (!response.ok) throw toApiError(response, await readJsonBody(response))
  const svg = await response.text()
  return URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
}

// ——— an element's workflows (the panel in the editors) ———

function elementParams(element: WorkflowElement) {
  return { ctype: element.elementType, cid: element.elementId }
}

/** GET get-workflow-details — the element's workflows; none for an element no workflow supports. */
export function useWorkflowDetails(element: WorkflowElement) {
  return useQuery({
    queryKey: workflowKeys.details(element),
    queryFn: async () => {
      const params = new URLSearchParams({
        ctype: element.elementType,
        cid: String(element.elementId),
      })
      return WorkflowDetailsSchema.parse(
        await getJson(`/admin/workflow/get-workflow-details?${params.toString()}`),
      )
    },
  })
}

/** POST get-workflow-form — what a transition's (or global action's) dialog must ask. */
export async function getWorkflowForm(ref: WorkflowActionRef) {
  return WorkflowFormSchema.parse(await sendJson('POST', '/admin/workflow/get-workflow-form', ref))
}

/** POST modal-custom-html — the action's help text (sanitized by the server), or null. */
export async function getWorkflowCustomHtml(ref: WorkflowActionRef) {
  return WorkflowCustomHtmlSchema.parse(
    await sendJson('POST', '/admin/workflow/modal-custom-html', ref),
  ).data
}

/** Fires a transition or a global action; the element's editor and panel are read again. */
export function useSubmitWorkflowAction(element: WorkflowElement) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({
      isGlobalAction,
      ...submit
    }: Omit<WorkflowSubmit, 'ctype' | 'cid'> & { isGlobalAction: boolean }) =>
      WorkflowSubmitResultSchema.parse(
        await sendJson(
          'POST',
          isGlobalAction
            ? '/admin/workflow/submit-global-action'
            : '/admin/workflow/submit-workflow-transition',
          { ...elementParams(element), ...submit },
        ),
      ),
    onSuccess: async (result) => {
      client.setQueryData(workflowKeys.details(element), result.details)
      // The transition may have published the element, stored a note or changed field rules.
      await client.invalidateQueries({ queryKey: workflowKeys.screen(element) })
    },
  })
}

/** The SVG address of a workflow's graph for the element (its current places highlighted). */
export function graphUrlOf(workflowName: string, element?: WorkflowElement): string {
  const params = new URLSearchParams({ workflow: workflowName })
  if (element) {
    params.set('ctype', element.elementType)
    params.set('cid', String(element.elementId))
  }
  return `/admin/workflow/show-graph?${params.toString()}`
}

const NO_FIELDS: ReadonlySet<string> = new Set()

/**
 * The object fields the element's current places make read-only (over all its workflows), for
 * the object editor's form. Hidden fields the server does not send at all.
 */
export function useWorkflowReadOnlyFields(element: WorkflowElement): ReadonlySet<string> {
  const details = useWorkflowDetails(element)
  const names = details.data?.fieldRules.readOnly
  return useMemo(() => (names === undefined ? NO_FIELDS : new Set(names)), [names])
}
