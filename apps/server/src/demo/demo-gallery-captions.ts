import { sql } from 'drizzle-orm'
import type { AssetMetadataItem } from '@optika/domain/pim/asset-api'
import { LOCALES } from '@optika/i18n/locales'
import type { Db } from '../platform/db/client.ts'
import type { PlannedNode } from './plan-demo-catalogue.ts'

/**
 * Gives the demo galleries' pictures their captions: the `title` metadata per language (what the
 * album shows under each picture and in the lightbox), beside the metadata they already have.
 */
export async function addDemoGalleryCaptions(
  db: Db,
  imageIds: ReadonlyMap<string, number>,
  nodes: readonly PlannedNode[],
): Promise<void> {
  const captions = new Map<number, AssetMetadataItem[]>()
  for (const node of nodes) {
    for (const [file, caption] of node.galleryCaptions ?? []) {
      const id = imageIds.get(file)
      if (id === undefined || captions.has(id)) continue
      captions.set(
        id,
        LOCALES.flatMap((language): AssetMetadataItem[] =>
          caption[language]
            ? [{ name: 'title', language, type: 'input', data: caption[language] }]
            : [],
        ),
      )
    }
  }
  if (captions.size === 0) return
  const rows = [...captions].map(([id, m]) => ({ id, m }))
  await db.execute(sql`
    update assets a
       set metadata = coalesce(
             (select jsonb_agg(item) from jsonb_array_elements(a.metadata) item
               where item->>'name' <> 'title'),
             '[]'::jsonb) || v.m
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, m jsonb)
     where a.id = v.id`)
}
