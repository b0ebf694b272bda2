import { sql } from 'drizzle-orm'
import type { AssetMetadataItem } from '@optika/domain/pim/asset-api'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { Db } from '../platform/db/client.ts'
import type { ProductImageSpec } from './draw-product-image.ts'

/** What a demo picture shows, in the shop's six languages (a custom metadata field per language). */
const SUBJECTS: Record<ProductImageSpec['kind'], Record<Locale, string>> = {
  frame: {
    cs: 'Dioptrická obruba',
    en: 'Prescription frame',
    hu: 'Dioptriás keret',
    pl: 'Oprawa korekcyjna',
    ro: 'Ramă de vedere',
    sk: 'Dioptrický rám',
  },
  sunglasses: {
    cs: 'Sluneční brýle',
    en: 'Sunglasses',
    hu: 'Napszemüveg',
    pl: 'Okulary przeciwsłoneczne',
    ro: 'Ochelari de soare',
    sk: 'Slnečné okuliare',
  },
  optics: {
    cs: 'Optický doplněk',
    en: 'Optical accessory',
    hu: 'Optikai kiegészítő',
    pl: 'Akcesorium optyczne',
    ro: 'Accesoriu optic',
    sk: 'Optický doplnok',
  },
  sparePart: {
    cs: 'Náhradní díl',
    en: 'Spare part',
    hu: 'Pótalkatrész',
    pl: 'Część zamienna',
    ro: 'Piesă de schimb',
    sk: 'Náhradný diel',
  },
}

/** The custom metadata of a demo picture: its subject per language, credit and approval. */
export function demoAssetMetadata(spec: ProductImageSpec): AssetMetadataItem[] {
  return [
    ...LOCALES.map((language): AssetMetadataItem => ({
      name: 'subject',
      language,
      type: 'input',
      data: SUBJECTS[spec.kind][language],
    })),
    { name: 'credit', language: '', type: 'input', data: 'Optika studio' },
    { name: 'approved', language: '', type: 'checkbox', data: true },
  ]
}

/** Gives the demo pictures custom metadata, so the asset grid has columns to show and filter. */
export async function addDemoAssetMetadata(
  db: Db,
  imageIds: ReadonlyMap<string, number>,
  specs: ReadonlyMap<string, ProductImageSpec>,
): Promise<void> {
  const rows = [...imageIds].flatMap(([fileName, id]) => {
    const spec = specs.get(fileName)
    return spec ? [{ id, m: demoAssetMetadata(spec) }] : []
  })
  if (rows.length === 0) return
  await db.execute(sql`
    update assets a set metadata = v.m
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, m jsonb)
     where a.id = v.id`)
}
