import type { WorkflowPublisher } from '../../elements/workflow/workflow-engine.ts'
import { auditDocumentChange } from '../documents/document-audit.ts'
import { setDocumentPublished } from './document-scheduled-task.ts'

/** A workflow transition publishes a document or takes it offline (a version, audited). */
export const publishDocumentForWorkflow: WorkflowPublisher = async (ctx, tx, ref, published) => {
  await setDocumentPublished(tx, {
    id: ref.id,
    published,
    userId: ctx.admin.userId,
    note: published ? 'workflow publish' : 'workflow unpublish',
  })
  await auditDocumentChange(ctx, tx, {
    action: published ? 'document.publish' : 'document.unpublish',
    documentId: ref.id,
    after: { published, by: 'workflow' },
  })
}
