import { INTL_LOCALE, LOCALES, type Locale } from '@optika/i18n/locales'
import {
  OPTICAL_CONSTRUCTIONS,
  type MATERIALS,
  type ProductData,
} from '@optika/domain/catalogue/product-data'
import type { FrameShape, FrameType, OpticsKind, SparePartKind } from './draw-product-image.ts'
import { slugify } from '@optika/domain/routing/slugify'

type Material = (typeof MATERIALS)[number]
type Texts = Readonly<Record<Locale, string>>

/** The noun a product's name is built around, chosen by category. */
export type ProductWord =
  | 'frame'
  | 'childrenFrame'
  | 'sunglasses'
  | 'polarizedSunglasses'
  | 'sportSunglasses'
  | OpticsKind
  | SparePartKind

/** Optical constructions of magnifiers, stored as these codes in `opticalConstruction`. */
export { OPTICAL_CONSTRUCTIONS }
export type OpticalConstruction = (typeof OPTICAL_CONSTRUCTIONS)[number]

const PRODUCT_WORDS: Record<ProductWord, Texts> = {
  frame: {
    cs: 'Dioptrické brýle',
    en: 'eyeglass frames',
    hu: 'szemüvegkeret',
    pl: 'Oprawki korekcyjne',
    ro: 'Rame de ochelari',
    sk: 'Dioptrické okuliare',
  },
  childrenFrame: {
    cs: 'Dětské dioptrické brýle',
    en: "kids' eyeglass frames",
    hu: 'gyermek szemüvegkeret',
    pl: 'Oprawki korekcyjne dla dzieci',
    ro: 'Rame de ochelari pentru copii',
    sk: 'Detské dioptrické okuliare',
  },
  sunglasses: {
    cs: 'Sluneční brýle',
    en: 'sunglasses',
    hu: 'napszemüveg',
    pl: 'Okulary przeciwsłoneczne',
    ro: 'Ochelari de soare',
    sk: 'Slnečné okuliare',
  },
  polarizedSunglasses: {
    cs: 'Polarizační sluneční brýle',
    en: 'polarised sunglasses',
    hu: 'polarizált napszemüveg',
    pl: 'Okulary przeciwsłoneczne z polaryzacją',
    ro: 'Ochelari de soare polarizați',
    sk: 'Polarizačné slnečné okuliare',
  },
  sportSunglasses: {
    cs: 'Sportovní sluneční brýle',
    en: 'sports sunglasses',
    hu: 'sport napszemüveg',
    pl: 'Sportowe okulary przeciwsłoneczne',
    ro: 'Ochelari de soare sport',
    sk: 'Športové slnečné okuliare',
  },
  readingMagnifier: {
    cs: 'Lupa na čtení',
    en: 'reading magnifier',
    hu: 'olvasónagyító',
    pl: 'Lupa do czytania',
    ro: 'Lupă de citit',
    sk: 'Lupa na čítanie',
  },
  loupe: {
    cs: 'Kapesní lupa',
    en: 'pocket loupe',
    hu: 'zsebnagyító',
    pl: 'Lupa kieszonkowa',
    ro: 'Lupă de buzunar',
    sk: 'Vrecková lupa',
  },
  binocularMagnifier: {
    cs: 'Binokulární lupa',
    en: 'binocular magnifier',
    hu: 'binokuláris nagyító',
    pl: 'Lupa dwuokularowa',
    ro: 'Lupă binoculară',
    sk: 'Binokulárna lupa',
  },
  temple: {
    cs: 'Náhradní stranice',
    en: 'replacement temple',
    hu: 'csereszár',
    pl: 'Zausznik zamienny',
    ro: 'Braț de schimb',
    sk: 'Náhradná stranica',
  },
  nosePad: {
    cs: 'Nosní podložky',
    en: 'nose pads',
    hu: 'orrpárna',
    pl: 'Noski do okularów',
    ro: 'Plăcuțe nazale',
    sk: 'Nosové podložky',
  },
  screw: {
    cs: 'Šroubky do brýlí',
    en: 'eyewear screws',
    hu: 'szemüvegcsavar',
    pl: 'Śrubki do okularów',
    ro: 'Șuruburi pentru ochelari',
    sk: 'Skrutky do okuliarov',
  },
  case: {
    cs: 'Pouzdro na brýle',
    en: 'glasses case',
    hu: 'szemüvegtok',
    pl: 'Etui na okulary',
    ro: 'Toc de ochelari',
    sk: 'Puzdro na okuliare',
  },
  cloth: {
    cs: 'Čisticí utěrka',
    en: 'cleaning cloth',
    hu: 'tisztítókendő',
    pl: 'Ściereczka do okularów',
    ro: 'Lavetă de curățat',
    sk: 'Čistiaca utierka',
  },
}

/** English and Hungarian put the noun after brand and model; the others lead with it. */
const NOUN_LAST: ReadonlySet<Locale> = new Set(['en', 'hu'])

const SHAPES: Record<FrameShape, Texts> = {
  round: { cs: 'kulatý', en: 'round', hu: 'kerek', pl: 'okrągły', ro: 'rotundă', sk: 'okrúhly' },
  oval: { cs: 'oválný', en: 'oval', hu: 'ovális', pl: 'owalny', ro: 'ovală', sk: 'oválny' },
  rectangle: {
    cs: 'obdélníkový',
    en: 'rectangular',
    hu: 'téglalap',
    pl: 'prostokątny',
    ro: 'dreptunghiulară',
    sk: 'obdĺžnikový',
  },
  square: {
    cs: 'čtvercový',
    en: 'square',
    hu: 'szögletes',
    pl: 'kwadratowy',
    ro: 'pătrată',
    sk: 'štvorcový',
  },
  catEye: {
    cs: 'kočičí oko',
    en: 'cat-eye',
    hu: 'macskaszem',
    pl: 'kocie oko',
    ro: 'ochi de pisică',
    sk: 'mačacie oko',
  },
  aviator: {
    cs: 'pilotní',
    en: 'aviator',
    hu: 'pilóta',
    pl: 'pilotki',
    ro: 'aviator',
    sk: 'pilotný',
  },
  browline: {
    cs: 'browline',
    en: 'browline',
    hu: 'browline',
    pl: 'browline',
    ro: 'browline',
    sk: 'browline',
  },
  geometric: {
    cs: 'geometrický',
    en: 'geometric',
    hu: 'geometrikus',
    pl: 'geometryczny',
    ro: 'geometrică',
    sk: 'geometrický',
  },
}

/** The frame type as an adjective agreeing with each language's word for "frame". */
const FRAME_TYPES: Record<FrameType, Texts> = {
  fullRim: {
    cs: 'celoobrubová',
    en: 'full-rim',
    hu: 'teli keretes',
    pl: 'pełna',
    ro: 'ramă completă',
    sk: 'celorámový',
  },
  halfRim: {
    cs: 'poloobrubová (silonová)',
    en: 'semi-rimless',
    hu: 'félkeretes (damilos)',
    pl: 'żyłkowa',
    ro: 'semiramă cu nylon',
    sk: 'polorámový (silónový)',
  },
  rimless: {
    cs: 'bezobrubová (vrtaná)',
    en: 'rimless',
    hu: 'keret nélküli (fúrt)',
    pl: 'bezramkowa',
    ro: 'fără ramă (găurită)',
    sk: 'bezrámový (vŕtaný)',
  },
}

const MATERIAL_NAMES: Record<Material, Texts> = {
  acetate: { cs: 'acetát', en: 'acetate', hu: 'acetát', pl: 'acetat', ro: 'acetat', sk: 'acetát' },
  metal: { cs: 'kov', en: 'metal', hu: 'fém', pl: 'metal', ro: 'metal', sk: 'kov' },
  titanium: { cs: 'titan', en: 'titanium', hu: 'titán', pl: 'tytan', ro: 'titan', sk: 'titán' },
  tr90: { cs: 'TR90', en: 'TR90', hu: 'TR90', pl: 'TR90', ro: 'TR90', sk: 'TR90' },
  stainlessSteel: {
    cs: 'nerezová ocel',
    en: 'stainless steel',
    hu: 'rozsdamentes acél',
    pl: 'stal nierdzewna',
    ro: 'oțel inoxidabil',
    sk: 'nehrdzavejúca oceľ',
  },
  wood: { cs: 'dřevo', en: 'wood', hu: 'fa', pl: 'drewno', ro: 'lemn', sk: 'drevo' },
}

const CONSTRUCTIONS: Record<OpticalConstruction, Texts> = {
  biconvex: {
    cs: 'bikonvexní čočka',
    en: 'biconvex lens',
    hu: 'bikonvex lencse',
    pl: 'soczewka dwuwypukła',
    ro: 'lentilă biconvexă',
    sk: 'bikonvexná šošovka',
  },
  aspheric: {
    cs: 'asférická čočka',
    en: 'aspheric lens',
    hu: 'aszférikus lencse',
    pl: 'soczewka asferyczna',
    ro: 'lentilă asferică',
    sk: 'asférická šošovka',
  },
  achromaticDoublet: {
    cs: 'achromatický dublet',
    en: 'achromatic doublet',
    hu: 'akromatikus dublett',
    pl: 'dublet achromatyczny',
    ro: 'dublet acromatic',
    sk: 'achromatický dublet',
  },
  aplanaticTriplet: {
    cs: 'aplanatický triplet',
    en: 'aplanatic triplet',
    hu: 'aplanatikus triplett',
    pl: 'triplet aplanatyczny',
    ro: 'triplet aplanatic',
    sk: 'aplanatický triplet',
  },
  galilean: {
    cs: 'Galileova soustava',
    en: 'Galilean system',
    hu: 'Galilei-rendszer',
    pl: 'układ Galileusza',
    ro: 'sistem Galilei',
    sk: 'Galileiho sústava',
  },
}

const NUMBER_FORMATS = new Map(
  LOCALES.map((l) => [l, new Intl.NumberFormat(INTL_LOCALE[l], { maximumFractionDigits: 1 })]),
)

function formatNumber(value: number, locale: Locale): string {
  return NUMBER_FORMATS.get(locale)?.format(value) ?? String(value)
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** What the templates need to know; a subset of the product data plus the naming noun. */
export type ProductTextInput = Pick<
  ProductData,
  | 'brand'
  | 'collection'
  | 'model'
  | 'shape'
  | 'frameType'
  | 'frameMaterial'
  | 'lensWidth'
  | 'bridgeWidth'
  | 'templeLength'
  | 'verticalLensSize'
  | 'weight'
  | 'polarization'
  | 'tintLevel'
  | 'magnification'
  | 'warrantyMonths'
  | 'piecesPerPackage'
> & {
  word: ProductWord
  construction?: OpticalConstruction
  /** Screws: thread and length; nose pads: size; cloths: size in cm. Free text, already formatted. */
  size?: string
}

function localizedName(input: ProductTextInput, locale: Locale): string {
  const word = PRODUCT_WORDS[input.word][locale]
  const label = [input.brand, input.model].filter(Boolean).join(' ')
  return NOUN_LAST.has(locale) ? `${label} ${word}` : `${word} ${label}`
}

function frameSentences(input: ProductTextInput, locale: Locale): string {
  const n = (v: number | undefined) => formatNumber(v ?? 0, locale)
  const shape = input.shape ? SHAPES[input.shape][locale] : ''
  const type = FRAME_TYPES[input.frameType ?? 'fullRim'][locale]
  const material = MATERIAL_NAMES[input.frameMaterial ?? 'acetate'][locale]
  const size = `${n(input.lensWidth)}□${n(input.bridgeWidth)}-${n(input.templeLength)}`
  const c = input.collection ?? ''
  const b = input.brand
  const v = n(input.verticalLensSize)
  const w = n(input.weight)
  switch (locale) {
    case 'cs':
      return `Dioptrická obruba z kolekce ${c} značky ${b}: ${type}, tvar ${shape}, materiál ${material}. Rozměry ${size} mm, výška skla ${v} mm, hmotnost ${w} g.`
    case 'en':
      return `${capitalize(type)} optical frame from the ${c} collection by ${b}, ${shape} shape in ${material}. Size ${size} mm, lens height ${v} mm, weight ${w} g.`
    case 'hu':
      return `${b} ${c} kollekció: ${type} szemüvegkeret, ${shape} forma, anyaga ${material}. Méret ${size} mm, lencsemagasság ${v} mm, súly ${w} g.`
    case 'pl':
      return `Oprawka ${type} z kolekcji ${c} marki ${b}, kształt: ${shape}, materiał: ${material}. Rozmiar ${size} mm, wysokość soczewki ${v} mm, waga ${w} g.`
    case 'ro':
      return `Ramă de ochelari din colecția ${c} de la ${b}: ${type}, formă ${shape}, material ${material}. Dimensiuni ${size} mm, înălțimea lentilei ${v} mm, greutate ${w} g.`
    case 'sk':
      return `Dioptrický rám z kolekcie ${c} značky ${b}: ${type}, tvar ${shape}, materiál ${material}. Rozmery ${size} mm, výška skla ${v} mm, hmotnosť ${w} g.`
  }
}

function sunglassesSentences(input: ProductTextInput, locale: Locale): string {
  const n = (v: number | undefined) => formatNumber(v ?? 0, locale)
  const shape = input.shape ? SHAPES[input.shape][locale] : ''
  const material = MATERIAL_NAMES[input.frameMaterial ?? 'acetate'][locale]
  const size = `${n(input.lensWidth)}□${n(input.bridgeWidth)}-${n(input.templeLength)}`
  const c = input.collection ?? ''
  const b = input.brand
  const p = input.polarization === true
  const t = input.tintLevel ?? 3
  switch (locale) {
    case 'cs':
      return `Sluneční brýle z kolekce ${c} značky ${b}: tvar ${shape}, materiál ${material}. ${p ? 'Polarizační skla' : 'Skla'} s ochranou UV400, kategorie filtru ${t}, rozměry ${size} mm.`
    case 'en':
      return `Sunglasses from the ${c} collection by ${b}, ${shape} shape in ${material}. ${p ? 'Polarised lenses' : 'Lenses'} with UV400 protection, filter category ${t}, size ${size} mm.`
    case 'hu':
      return `${b} ${c} kollekció: napszemüveg, ${shape} forma, anyaga ${material}. ${p ? 'Polarizált, UV400 védelmű lencse' : 'UV400 védelmű lencse'}, ${t}. szűrőkategória, méret ${size} mm.`
    case 'pl':
      return `Okulary przeciwsłoneczne z kolekcji ${c} marki ${b}, kształt: ${shape}, materiał: ${material}. ${p ? 'Soczewki polaryzacyjne' : 'Soczewki'} z filtrem UV400, kategoria filtra ${t}, rozmiar ${size} mm.`
    case 'ro':
      return `Ochelari de soare din colecția ${c} de la ${b}: formă ${shape}, material ${material}. ${p ? 'Lentile polarizate' : 'Lentile'} cu protecție UV400, categoria de filtru ${t}, dimensiuni ${size} mm.`
    case 'sk':
      return `Slnečné okuliare z kolekcie ${c} značky ${b}: tvar ${shape}, materiál ${material}. ${p ? 'Polarizačné sklá' : 'Sklá'} s ochranou UV400, kategória filtra ${t}, rozmery ${size} mm.`
  }
}

function opticsSentences(input: ProductTextInput, name: string, locale: Locale): string {
  const m = formatNumber(input.magnification ?? 1, locale)
  const d = formatNumber(input.lensWidth ?? 0, locale)
  const w = formatNumber(input.weight ?? 0, locale)
  const k = CONSTRUCTIONS[input.construction ?? 'biconvex'][locale]
  const g = input.warrantyMonths
  switch (locale) {
    case 'cs':
      return `${name}: zvětšení ${m}×, ${k}, průměr čočky ${d} mm. Hmotnost ${w} g, záruka ${g} měsíců.`
    case 'en':
      return `${capitalize(name)}: ${m}× magnification, ${k}, lens diameter ${d} mm. Weight ${w} g, ${g}-month warranty.`
    case 'hu':
      return `${name}: ${m}× nagyítás, ${k}, lencseátmérő ${d} mm. Súly ${w} g, ${g} hónap garancia.`
    case 'pl':
      return `${name}: powiększenie ${m}×, ${k}, średnica soczewki ${d} mm. Waga ${w} g, gwarancja ${g} mies.`
    case 'ro':
      return `${name}: mărire ${m}×, ${k}, diametrul lentilei ${d} mm. Greutate ${w} g, garanție ${g} luni.`
    case 'sk':
      return `${name}: zväčšenie ${m}×, ${k}, priemer šošovky ${d} mm. Hmotnosť ${w} g, záruka ${g} mesiacov.`
  }
}

const SPARE_PART_SENTENCES: Record<SparePartKind, (i: ProductTextInput, l: Locale) => string> = {
  temple(i, l) {
    const t = formatNumber(i.templeLength ?? 0, l)
    const m = MATERIAL_NAMES[i.frameMaterial ?? 'acetate'][l]
    const c = i.collection ?? ''
    return {
      cs: `Náhradní stranice pro obruby ${i.brand} z kolekce ${c}: délka ${t} mm, materiál ${m}.`,
      en: `Replacement temple for ${i.brand} frames of the ${c} collection: ${t} mm long, ${m}.`,
      hu: `Csereszár ${i.brand} ${c} keretekhez: hossza ${t} mm, anyaga ${m}.`,
      pl: `Zausznik zamienny do opraw ${i.brand} z kolekcji ${c}: długość ${t} mm, materiał: ${m}.`,
      ro: `Braț de schimb pentru ramele ${i.brand} din colecția ${c}: lungime ${t} mm, material ${m}.`,
      sk: `Náhradná stranica pre rámy ${i.brand} z kolekcie ${c}: dĺžka ${t} mm, materiál ${m}.`,
    }[l]
  },
  nosePad(i, l) {
    const s = i.size ?? ''
    return {
      cs: `Silikonové nosní podložky velikosti ${s} pro kovové obruby se šroubovacím uchycením.`,
      en: `Silicone nose pads, ${s}, for metal frames with screw-in pad arms.`,
      hu: `Szilikon orrpárna, ${s}, csavaros orrpárnatartós fémkeretekhez.`,
      pl: `Silikonowe noski ${s} do metalowych opraw z przykręcanymi łapkami.`,
      ro: `Plăcuțe nazale din silicon de ${s} pentru rame metalice cu brațe înșurubate.`,
      sk: `Silikónové nosové podložky veľkosti ${s} pre kovové rámy so skrutkovacím uchytením.`,
    }[l]
  },
  screw(i, l) {
    const s = i.size ?? ''
    return {
      cs: `Šroubky do pantů ${s} z nerezové oceli, vhodné pro většinu obrub.`,
      en: `Stainless steel hinge screws ${s} that fit most frames.`,
      hu: `Rozsdamentes acél zsanércsavar, ${s}, a legtöbb kerethez.`,
      pl: `Śrubki zawiasowe ${s} ze stali nierdzewnej, pasują do większości opraw.`,
      ro: `Șuruburi pentru balamale ${s} din oțel inoxidabil, potrivite pentru majoritatea ramelor.`,
      sk: `Skrutky do pántov ${s} z nehrdzavejúcej ocele, vhodné pre väčšinu rámov.`,
    }[l]
  },
  case(i, l) {
    return {
      cs: `Pevné pouzdro na brýle ${i.brand} s magnetickým zavíráním a měkkou výstelkou.`,
      en: `Hard ${i.brand} glasses case with a magnetic closure and a soft lining.`,
      hu: `${i.brand} kemény szemüvegtok mágneses zárással és puha béléssel.`,
      pl: `Sztywne etui na okulary ${i.brand} z zamknięciem magnetycznym i miękką wyściółką.`,
      ro: `Toc rigid pentru ochelari ${i.brand}, cu închidere magnetică și căptușeală moale.`,
      sk: `Pevné puzdro na okuliare ${i.brand} s magnetickým zatváraním a mäkkou výstelkou.`,
    }[l]
  },
  cloth(i, l) {
    const s = i.size ?? ''
    return {
      cs: `Čisticí utěrka z mikrovlákna ${s}, šetrná k antireflexním vrstvám.`,
      en: `Microfibre cleaning cloth, ${s}, safe for anti-reflective coatings.`,
      hu: `Mikroszálas tisztítókendő, ${s}, kíméli a tükröződésmentes réteget.`,
      pl: `Ściereczka z mikrofibry ${s}, bezpieczna dla powłok antyrefleksyjnych.`,
      ro: `Lavetă din microfibră de ${s}, sigură pentru straturile antireflex.`,
      sk: `Čistiaca utierka z mikrovlákna ${s}, šetrná k antireflexným vrstvám.`,
    }[l]
  },
}

function packageSentence(pieces: number, locale: Locale): string {
  if (pieces <= 1) return ''
  return {
    cs: ` Balení obsahuje ${pieces} ks.`,
    en: ` Pack of ${pieces}.`,
    hu: ` Egy csomag ${pieces} db-ot tartalmaz.`,
    pl: ` Opakowanie zawiera ${pieces} szt.`,
    ro: ` Pachetul conține ${pieces} buc.`,
    sk: ` Balenie obsahuje ${pieces} ks.`,
  }[locale]
}

function description(input: ProductTextInput, name: string, locale: Locale): string {
  switch (input.word) {
    case 'frame':
    case 'childrenFrame':
      return frameSentences(input, locale)
    case 'sunglasses':
    case 'polarizedSunglasses':
    case 'sportSunglasses':
      return sunglassesSentences(input, locale)
    case 'readingMagnifier':
    case 'loupe':
    case 'binocularMagnifier':
      return opticsSentences(input, name, locale)
    case 'temple':
    case 'nosePad':
    case 'screw':
    case 'case':
    case 'cloth':
      return (
        SPARE_PART_SENTENCES[input.word](input, locale) +
        packageSentence(input.piecesPerPackage, locale)
      )
  }
}

/** Name, slug and a one- or two-sentence description of a product in every shop language. */
export function localizeProductTexts(
  input: ProductTextInput,
): Pick<ProductData, 'name' | 'slug' | 'description'> {
  const name: Record<string, string> = {}
  const slug: Record<string, string> = {}
  const text: Record<string, string> = {}
  for (const locale of LOCALES) {
    const localName = capitalize(localizedName(input, locale))
    name[locale] = localName
    slug[locale] = slugify(localName)
    text[locale] = description(input, localName, locale)
  }
  return { name, slug, description: text }
}
