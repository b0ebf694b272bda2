import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdSchema } from '@optika/domain/ids'
import {
  WorkflowActionRefSchema,
  WorkflowCustomHtmlSchema,
  WorkflowDefinitionIdParamsSchema,
  WorkflowDefinitionInputSchema,
  WorkflowDefinitionListQuerySchema,
  WorkflowDefinitionListSchema,
  WorkflowDefinitionSchema,
  WorkflowDetailsQuerySchema,
  WorkflowDetailsSchema,
  WorkflowEditorOptionsSchema,
  WorkflowFormSchema,
  WorkflowGraphQuerySchema,
  WorkflowPreviewGraphSchema,
  WorkflowSubmitResultSchema,
  WorkflowSubmitSchema,
  WorkflowValidationResultSchema,
} from '@optika/domain/elements/workflow'
import { requirePermission } from '../../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../../identity/admin-users/admin-context.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import {
  checkWorkflowDefinition,
  createWorkflowDefinition,
  deleteWorkflowDefinition,
  getWorkflowDefinition,
  getWorkflowEditorOptions,
  listWorkflowDefinitions,
  updateWorkflowDefinition,
} from './workflow-definitions.ts'
import {
  getWorkflowCustomHtml,
  getWorkflowDetails,
  getWorkflowForm,
  localizeWorkflow,
  submitWorkflowAction,
  type WorkflowEngineDeps,
} from './workflow-engine.ts'
import { showWorkflowGraph } from './show-workflow-graph.ts'
import { drawWorkflowGraph } from './draw-workflow-graph.ts'

export interface WorkflowRouteDeps extends WorkflowEngineDeps {
  readonly translator: Translator
}

/**
 * The element calls are for whoever works on objects, assets or documents (the element's own key
 * and workspace right are checked per element); 401 without a session, 403 with none of them.
 */
async function requireElementWork(request: FastifyRequest): Promise<void> {
  if (!request.admin) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
  const keys = request.admin.permissions
  if (!keys.has('objects') && !keys.has('assets') && !keys.has('documents'))
    throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
}

/**
 * Workflows (issue 20, decision 061): the seed's six `/admin/workflow/*` calls at Pimcore's paths
 * (both methods where a client may use either) and the definitions API of the workflows screen
 * (key `workflow`).
 */
export function registerWorkflowRoutes(app: FastifyInstance, deps: WorkflowRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['admin workflow']
  const elementWork = [requireElementWork]
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)

  const form = {
    preValidation: elementWork,
    schema: { tags, body: WorkflowActionRefSchema, response: { 200: WorkflowFormSchema } },
  }
  r.post('/admin/workflow/get-workflow-form', form, async (request) =>
    getWorkflowForm(ctxOf(request), request.body),
  )
  r.get(
    '/admin/workflow/get-workflow-form',
    {
      ...form,
      schema: { tags, querystring: WorkflowActionRefSchema, response: form.schema.response },
    },
    async (request) => getWorkflowForm(ctxOf(request), request.query),
  )

  const submit = {
    preValidation: elementWork,
    schema: { tags, body: WorkflowSubmitSchema, response: { 200: WorkflowSubmitResultSchema } },
  }
  r.post('/admin/workflow/submit-workflow-transition', submit, async (request) =>
    submitWorkflowAction(ctxOf(request), deps, request.body, false),
  )
  r.post('/admin/workflow/submit-global-action', submit, async (request) =>
    submitWorkflowAction(ctxOf(request), deps, request.body, true),
  )

  const customHtml = {
    preValidation: elementWork,
    schema: { tags, body: WorkflowActionRefSchema, response: { 200: WorkflowCustomHtmlSchema } },
  }
  r.post('/admin/workflow/modal-custom-html', customHtml, async (request) =>
    getWorkflowCustomHtml(ctxOf(request), request.body),
  )
  r.get(
    '/admin/workflow/modal-custom-html',
    {
      ...customHtml,
      schema: { tags, querystring: WorkflowActionRefSchema, response: customHtml.schema.response },
    },
    async (request) => getWorkflowCustomHtml(ctxOf(request), request.query),
  )

  const details = {
    preValidation: elementWork,
    schema: {
      tags,
      querystring: WorkflowDetailsQuerySchema,
      response: { 200: WorkflowDetailsSchema },
    },
  }
  r.get('/admin/workflow/get-workflow-details', details, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return getWorkflowDetails(ctxOf(request), { type: request.query.ctype, id: request.query.cid })
  })
  r.post(
    '/admin/workflow/get-workflow-details',
    {
      ...details,
      schema: { tags, body: WorkflowDetailsQuerySchema, response: details.schema.response },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return getWorkflowDetails(ctxOf(request), { type: request.body.ctype, id: request.body.cid })
    },
  )

  r.get(
    '/admin/workflow/show-graph',
    { preValidation: elementWork, schema: { tags, querystring: WorkflowGraphQuerySchema } },
    async (request, reply) => {
      const svg = await showWorkflowGraph(ctxOf(request), request.query)
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .type('image/svg+xml; charset=utf-8')
        .send(svg)
    },
  )

  // ——— the definitions API of the workflows screen ———
  const manage = [requirePermission('workflow')]
  r.get(
    '/admin/workflow/definitions',
    {
      preValidation: manage,
      schema: {
        tags,
        querystring: WorkflowDefinitionListQuerySchema,
        response: { 200: WorkflowDefinitionListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return listWorkflowDefinitions(ctxOf(request), request.query.text)
    },
  )
  r.get(
    '/admin/workflow/definitions/options',
    { preValidation: manage, schema: { tags, response: { 200: WorkflowEditorOptionsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return getWorkflowEditorOptions(ctxOf(request))
    },
  )
  r.post(
    '/admin/workflow/definitions/validate',
    {
      preValidation: manage,
      schema: {
        tags,
        body: WorkflowDefinitionInputSchema,
        querystring: z.object({ id: IdSchema.optional() }),
        response: { 200: WorkflowValidationResultSchema },
      },
    },
    async (request) => checkWorkflowDefinition(ctxOf(request), request.body, request.query.id),
  )
  r.post(
    '/admin/workflow/definitions/graph',
    { preValidation: manage, schema: { tags, body: WorkflowPreviewGraphSchema } },
    async (request, reply) => {
      const ctx = ctxOf(request)
      const shown = localizeWorkflow(request.body, (text) => ctx.t(text))
      const svg = drawWorkflowGraph(shown, shown.initialPlaces, {
        title: ctx.t('workflow.graph.title', { workflow: shown.label }),
        current: ctx.t('workflow.graph.current'),
      })
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .type('image/svg+xml; charset=utf-8')
        .send(svg)
    },
  )
  r.get(
    '/admin/workflow/definitions/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        params: WorkflowDefinitionIdParamsSchema,
        response: { 200: WorkflowDefinitionSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return getWorkflowDefinition(ctxOf(request), request.params.id)
    },
  )
  r.post(
    '/admin/workflow/definitions',
    {
      preValidation: manage,
      schema: {
        tags,
        body: WorkflowDefinitionInputSchema,
        response: { 200: WorkflowDefinitionSchema },
      },
    },
    async (request) => createWorkflowDefinition(ctxOf(request), request.body),
  )
  r.put(
    '/admin/workflow/definitions/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        params: WorkflowDefinitionIdParamsSchema,
        body: WorkflowDefinitionInputSchema,
        response: { 200: WorkflowDefinitionSchema },
      },
    },
    async (request) => updateWorkflowDefinition(ctxOf(request), request.params.id, request.body),
  )
  r.delete(
    '/admin/workflow/definitions/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        params: WorkflowDefinitionIdParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => deleteWorkflowDefinition(ctxOf(request), request.params.id),
  )
}
