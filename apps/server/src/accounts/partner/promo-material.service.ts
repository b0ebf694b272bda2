import type { Readable } from 'node:stream'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { PromoFile, PromoMaterial } from '@optika/domain/accounts/partner-api'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AssetStore } from '../../dam/assets/asset-store.ts'

export function promoNotFound(): AppError {
  return new AppError(404, 'PROMO_MATERIAL_NOT_FOUND', 'partner.promoNotFound')
}

type Localized = Partial<Record<Locale, string>>
interface PromoData {
  title?: Localized
  description?: Localized
  fileIds?: unknown
}

const fileIdsOf = (data: PromoData): number[] =>
  Array.isArray(data.fileIds) ? data.fileIds.filter((v): v is number => Number.isInteger(v)) : []

const localized = (value: unknown): Localized | undefined =>
  value && typeof value === 'object' ? value : undefined

type AssetRow = Pick<typeof assets.$inferSelect, 'id' | 'key' | 'size' | 'mimeType' | 'storageKey'>

async function filesById(db: Db, ids: readonly number[]): Promise<Map<number, AssetRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: assets.id,
      key: assets.key,
      size: assets.size,
      mimeType: assets.mimeType,
      storageKey: assets.storageKey,
    })
    .from(assets)
    .where(inArray(assets.id, [...ids]))
  // Folders have no file: only assets with a stored file can be offered.
  return new Map(rows.filter((r) => r.storageKey !== null).map((r) => [r.id, r]))
}

const publishedPromo = and(
  eq(objects.classId, 'PromoMaterial'),
  eq(objects.type, 'object'),
  eq(objects.published, true),
)

/** Published PromoMaterial objects in the tree's order, texts in `locale`. */
export async function listPromoMaterial(
  db: Db,
  locale: Locale,
): Promise<{ materials: PromoMaterial[] }> {
  const rows = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(publishedPromo)
    .orderBy(asc(objects.path), asc(objects.index), asc(objects.id))
  const files = await filesById(
    db,
    rows.flatMap((r) => fileIdsOf(r.data as PromoData)),
  )
  return {
    materials: rows.map((row) => {
      const data = row.data as PromoData
      const own = fileIdsOf(data).flatMap((id) => {
        const file = files.get(id)
        return file
          ? [
              {
                assetId: file.id,
                fileName: file.key,
                size: file.size,
                mimeType: file.mimeType,
                url: `/api/partner/promotion-material/${row.id}/download?file=${file.id}`,
              } satisfies PromoFile,
            ]
          : []
      })
      const first = own[0]
      return {
        id: row.id,
        title: localize(localized(data.title), locale),
        description: localize(localized(data.description), locale),
        fileName: first?.fileName ?? null,
        size: first?.size ?? null,
        downloadUrl: first ? `/api/partner/promotion-material/${row.id}/download` : null,
        files: own,
      }
    }),
  }
}

/**
 * One file of a published PromoMaterial object as a stream: `fileId` must be one of the object's
 * files (default the first), so no other asset can be fetched through this route.
 */
export async function openPromoFile(
  db: Db,
  store: AssetStore,
  id: number,
  fileId: number | undefined,
): Promise<{ stream: Readable; fileName: string; mimeType: string; size: number | null }> {
  const [row] = await db
    .select({ data: objects.data })
    .from(objects)
    .where(and(eq(objects.id, id), publishedPromo))
    .limit(1)
  if (!row) throw promoNotFound()
  const ids = fileIdsOf(row.data as PromoData)
  const wanted = fileId ?? ids[0]
  if (wanted === undefined || !ids.includes(wanted)) throw promoNotFound()
  const file = (await filesById(db, [wanted])).get(wanted)
  if (!file?.storageKey) throw promoNotFound()
  const stream = await store.get(file.storageKey)
  if (!stream) throw promoNotFound()
  return {
    stream,
    fileName: file.key,
    mimeType: file.mimeType ?? 'application/octet-stream',
    size: file.size,
  }
}
