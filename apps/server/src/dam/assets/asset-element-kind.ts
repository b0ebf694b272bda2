import type { ElementKind } from '../../elements/element-kinds.ts'
import { deleteAsset } from './delete-asset.ts'
import { publishAssetVersionInTx } from './asset-versions.ts'

/**
 * How assets plug into the element services (versions, locks, notes, properties, dependencies,
 * tags, schedules, recycle bin): the bin's delete is the asset tree's own (rights on the whole
 * subtree, refused while used from outside, the shop's cached sizes purged); a scheduled
 * "publish version" makes that version current. Assets have no published state of their own.
 */
export function createAssetElementKind(options: { dataDir: string }): ElementKind {
  return {
    deleteToRecycleBin: async (ctx, id) => {
      const { binId, deleted } = await deleteAsset(ctx, options.dataDir, id)
      return { binId, amount: deleted }
    },
    async runScheduledTask(tx, task) {
      if (task.action !== 'publish-version' || task.versionId === null) return
      await publishAssetVersionInTx(tx, { versionId: task.versionId, ctx: null })
    },
  }
}
