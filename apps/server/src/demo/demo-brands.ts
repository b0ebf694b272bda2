import { z } from 'zod'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { LocalizedTextSchema, type LocalizedText } from '@optika/domain/catalogue/product-data'

/**
 * Data of a Brand object. The domain package has no brand schema yet; this is the shape the
 * demo writes, and the class definition in shop-classes.ts describes the same fields.
 */
export const BrandDataSchema = z.object({
  name: z.string().min(1),
  manufacturer: z.string().min(1),
  /** ISO 3166 alpha-2 country of the manufacturer. */
  country: z.string().length(2),
  founded: z.number().int(),
  description: LocalizedTextSchema,
  logoId: z.number().int().optional(),
})
export type BrandData = z.infer<typeof BrandDataSchema>

type BrandFocus = 'frames' | 'sunglasses' | 'kids' | 'optics' | 'parts'

export interface DemoBrand {
  readonly name: string
  readonly manufacturer: string
  readonly country: string
  readonly founded: number
  /** Model codes start with this: "VS 2041". */
  readonly prefix: string
  readonly collections: readonly string[]
  readonly focus: BrandFocus
}

/** Invented brands; any likeness to a real trademark is accidental. */
export const DEMO_BRANDS = [
  {
    name: 'Vistara',
    manufacturer: 'Vistara Eyewear s.r.o.',
    country: 'CZ',
    founded: 1994,
    prefix: 'VS',
    collections: ['Aurora', 'Linea', 'Praga'],
    focus: 'frames',
  },
  {
    name: 'Nordlys',
    manufacturer: 'Nordlys Optik AS',
    country: 'NO',
    founded: 2006,
    prefix: 'NL',
    collections: ['Fjord', 'Saga', 'Polar'],
    focus: 'frames',
  },
  {
    name: 'Ocello',
    manufacturer: 'Ocello Occhiali S.r.l.',
    country: 'IT',
    founded: 1978,
    prefix: 'OC',
    collections: ['Milano', 'Classico', 'Riviera'],
    focus: 'frames',
  },
  {
    name: 'Aurelle',
    manufacturer: 'Aurelle Lunetterie SAS',
    country: 'FR',
    founded: 1989,
    prefix: 'AU',
    collections: ['Étoile', 'Rive', 'Lumière'],
    focus: 'frames',
  },
  {
    name: 'Tessaro',
    manufacturer: 'Tessaro Optical GmbH',
    country: 'DE',
    founded: 2001,
    prefix: 'TS',
    collections: ['Titan Pro', 'Kontur', 'Urban'],
    focus: 'frames',
  },
  {
    name: 'Miravel',
    manufacturer: 'Miravel Optika Kft.',
    country: 'HU',
    founded: 2011,
    prefix: 'MV',
    collections: ['Duna', 'Balaton', 'Tokaj'],
    focus: 'frames',
  },
  {
    name: 'Pikolo',
    manufacturer: 'Pikolo Kids sp. z o.o.',
    country: 'PL',
    founded: 2013,
    prefix: 'PK',
    collections: ['Mini', 'Junior', 'Rainbow'],
    focus: 'kids',
  },
  {
    name: 'Solvik',
    manufacturer: 'Solvik Sunwear AB',
    country: 'SE',
    founded: 1998,
    prefix: 'SV',
    collections: ['Midsommar', 'Archipelago', 'Glacier'],
    focus: 'sunglasses',
  },
  {
    name: 'Lumira',
    manufacturer: 'Lumira Eyewear S.R.L.',
    country: 'RO',
    founded: 2009,
    prefix: 'LM',
    collections: ['Carpați', 'Delta', 'Constanța'],
    focus: 'sunglasses',
  },
  {
    name: 'Brevia',
    manufacturer: 'Brevia Sport s.r.o.',
    country: 'SK',
    founded: 2004,
    prefix: 'BR',
    collections: ['Tatra', 'Velocity', 'Apex'],
    focus: 'sunglasses',
  },
  {
    name: 'Lupex',
    manufacturer: 'Lupex Optics a.s.',
    country: 'CZ',
    founded: 1965,
    prefix: 'LX',
    collections: ['Lector', 'Precision', 'Duo'],
    focus: 'optics',
  },
  {
    name: 'Fixora',
    manufacturer: 'Fixora Parts s.r.o.',
    country: 'CZ',
    founded: 2002,
    prefix: 'FX',
    collections: [],
    focus: 'parts',
  },
] as const satisfies readonly DemoBrand[]

export type DemoBrandName = (typeof DEMO_BRANDS)[number]['name']

const FOCUS: Record<BrandFocus, Readonly<Record<Locale, string>>> = {
  frames: {
    cs: 'brýlové obruby',
    en: 'optical frames',
    hu: 'szemüvegkeretek',
    pl: 'oprawki okularowe',
    ro: 'rame de ochelari',
    sk: 'okuliarové rámy',
  },
  sunglasses: {
    cs: 'sluneční brýle',
    en: 'sunglasses',
    hu: 'napszemüvegek',
    pl: 'okulary przeciwsłoneczne',
    ro: 'ochelari de soare',
    sk: 'slnečné okuliare',
  },
  kids: {
    cs: 'dětské brýle',
    en: "children's eyewear",
    hu: 'gyermekszemüvegek',
    pl: 'okulary dziecięce',
    ro: 'ochelari pentru copii',
    sk: 'detské okuliare',
  },
  optics: {
    cs: 'lupy a optiku',
    en: 'magnifiers and optics',
    hu: 'nagyítók és optika',
    pl: 'lupy i optykę',
    ro: 'lupe și optică',
    sk: 'lupy a optiku',
  },
  parts: {
    cs: 'náhradní díly a příslušenství',
    en: 'spare parts and accessories',
    hu: 'alkatrészek és kiegészítők',
    pl: 'części zamienne i akcesoria',
    ro: 'piese de schimb și accesorii',
    sk: 'náhradné diely a príslušenstvo',
  },
}

/** One sentence about the brand in every language. */
export function describeBrand(brand: DemoBrand): LocalizedText {
  const text: Record<Locale, (focus: string) => string> = {
    cs: (f) => `Značka ${brand.name} vyrábí ${f} od roku ${brand.founded}.`,
    en: (f) => `${brand.name} has made ${f} since ${brand.founded}.`,
    hu: (f) => `${brand.name}: ${f} ${brand.founded} óta.`,
    pl: (f) => `${brand.name} produkuje ${f} od ${brand.founded} roku.`,
    ro: (f) => `${brand.name} produce ${f} din ${brand.founded}.`,
    sk: (f) => `Značka ${brand.name} vyrába ${f} od roku ${brand.founded}.`,
  }
  return Object.fromEntries(LOCALES.map((l) => [l, text[l](FOCUS[brand.focus][l])]))
}
