import type { z } from 'zod'
import type { WorkflowGraphQuerySchema } from '@optika/domain/elements/workflow'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementWithRight } from '../element-lookup.ts'
import { drawWorkflowGraph } from './draw-workflow-graph.ts'
import { localizeWorkflow } from './workflow-engine.ts'
import { findWorkflowByName, readElementPlaces } from './workflow-store.ts'

/**
 * The SVG of a workflow (Pimcore's show-graph): with an element (ctype, cid) its current places
 * are highlighted; without one, the initial places.
 */
export async function showWorkflowGraph(
  ctx: AdminContext,
  query: z.output<typeof WorkflowGraphQuerySchema>,
): Promise<string> {
  const name = query.workflow ?? query.workflowName
  if (!name) throw new AppError(400, 'WORKFLOW_REQUIRED', 'workflow.error.workflowRequired')
  const workflow = await findWorkflowByName(ctx.db, name)
  if (!workflow) throw new AppError(404, 'WORKFLOW_NOT_FOUND', 'workflow.error.notFound')
  let current = workflow.data.initialPlaces
  if (query.ctype !== undefined && query.cid !== undefined) {
    const info = await loadElementWithRight(ctx, { type: query.ctype, id: query.cid }, 'view')
    current = (await readElementPlaces(ctx.db, info)).get(workflow.id) ?? current
  }
  const shown = localizeWorkflow(workflow.data, (text) => ctx.t(text))
  return drawWorkflowGraph(shown, current, {
    title: ctx.t('workflow.graph.title', { workflow: shown.label }),
    current: ctx.t('workflow.graph.current'),
  })
}
