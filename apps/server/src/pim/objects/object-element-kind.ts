import type { ElementKind } from '../../elements/element-kinds.ts'
import { updateProductIndex } from '../../catalogue/product-index/update-product-index.ts'
import { deleteElement, OBJECT_CASCADES } from './object-elements.ts'
import { loadObjectRow } from './object-rows.ts'
import { publishObjectVersion } from './object-versions.ts'
import { replaceObjectReferences } from './replace-object-references.ts'
import { publishRowState } from './save-object.ts'

/** How data objects plug into the element services: their delete, cascades, schedules, references and the product index. */
export const objectElementKind: ElementKind = {
  cascades: OBJECT_CASCADES,
  // The object tree's own delete: it also knows which products leave the shop's index.
  deleteToRecycleBin: (ctx, id) => deleteElement(ctx, id),
  afterChange: (tx, ids) => updateProductIndex(tx, ids),
  async runScheduledTask(tx, task) {
    if (task.action === 'publish-version') {
      if (task.versionId === null) return
      await publishObjectVersion(tx, { versionId: task.versionId, userId: task.userId })
      return
    }
    const row = await loadObjectRow(tx, task.id, true)
    await publishRowState(tx, {
      row,
      published: task.action === 'publish',
      userId: task.userId ?? 0,
    })
    await updateProductIndex(tx, [task.id])
  },
  replaceReferences: replaceObjectReferences,
}
