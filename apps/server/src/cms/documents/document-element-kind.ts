import type { ElementKind } from '../../elements/element-kinds.ts'
import { invalidateSiteCache } from '../sites/resolve-site.ts'
import { documentCascades } from './document-cascades.ts'
import { deleteDocument } from './write-document-tree.ts'

/**
 * How documents plug into the element services: the bin's delete is the tree's own (rights on the
 * whole subtree) and keeps a document's translation links, users' session drafts and the site it
 * roots with the tree rows; the content slice plugs in scheduled publishing (`runScheduledTask`).
 */
export function createDocumentElementKind(
  options: { runScheduledTask?: ElementKind['runScheduledTask'] } = {},
): ElementKind {
  return {
    cascades: documentCascades,
    deleteToRecycleBin: async (ctx, id) => {
      const { binId, deleted } = await deleteDocument(ctx, id)
      return { binId, amount: deleted }
    },
    // A restore may bring back a site with its root: the host → site map is read again.
    afterChange: () => {
      invalidateSiteCache()
      return Promise.resolve()
    },
    ...(options.runScheduledTask ? { runScheduledTask: options.runScheduledTask } : {}),
  }
}
