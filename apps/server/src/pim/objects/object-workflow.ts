import { AppError } from '../../platform/http/app-error.ts'
import type { WorkflowPublisher } from '../../elements/workflow/workflow-engine.ts'
import { updateProductIndex } from '../../catalogue/product-index/update-product-index.ts'
import { loadObjectRow } from './object-rows.ts'
import { publishRowState } from './save-object.ts'

/** A workflow transition publishes or unpublishes an object (validated as a publish is), re-indexed. */
export const publishObjectForWorkflow: WorkflowPublisher = async (ctx, tx, ref, published) => {
  const row = await loadObjectRow(tx, ref.id, true)
  if (row.type === 'folder') throw new AppError(400, 'NOT_AN_OBJECT', 'pimObjects.notAnObject')
  await publishRowState(tx, { row, published, userId: ctx.admin.userId })
  await updateProductIndex(tx, [row.id])
}
