import type { Locale } from '@optika/i18n/locales'

/**
 * How a colour is painted: metal gets a gradient and thin rims, acetate thick rims, tortoise a
 * mottled pattern, crystal a translucent rim. The finish also decides which materials may wear it.
 */
export type ColorFinish = 'acetate' | 'metal' | 'tortoise' | 'crystal'

export interface DemoColor {
  readonly key: string
  /** Three letters appended to the product code to make the variant code. */
  readonly code: string
  readonly css: string
  readonly finish: ColorFinish
  readonly name: Readonly<Record<Locale, string>>
}

/** Frame, housing and accessory colours. Names are the adjectives shops print next to a swatch. */
export const DEMO_COLORS = [
  {
    key: 'black',
    code: 'BLK',
    css: '#1d1d1f',
    finish: 'acetate',
    name: { cs: 'černá', en: 'black', hu: 'fekete', pl: 'czarny', ro: 'negru', sk: 'čierna' },
  },
  {
    key: 'tortoise',
    code: 'TRT',
    css: '#7a4a22',
    finish: 'tortoise',
    name: {
      cs: 'havana',
      en: 'tortoiseshell',
      hu: 'havanna',
      pl: 'szylkret',
      ro: 'havana',
      sk: 'havana',
    },
  },
  {
    key: 'navy',
    code: 'NAV',
    css: '#1f3a68',
    finish: 'acetate',
    name: {
      cs: 'tmavě modrá',
      en: 'navy blue',
      hu: 'sötétkék',
      pl: 'granatowy',
      ro: 'bleumarin',
      sk: 'tmavomodrá',
    },
  },
  {
    key: 'burgundy',
    code: 'BUR',
    css: '#7b1e3a',
    finish: 'acetate',
    name: { cs: 'vínová', en: 'burgundy', hu: 'bordó', pl: 'bordowy', ro: 'vișiniu', sk: 'vínová' },
  },
  {
    key: 'crystal',
    code: 'CRY',
    css: '#d9e3ea',
    finish: 'crystal',
    name: {
      cs: 'průhledná',
      en: 'crystal clear',
      hu: 'átlátszó',
      pl: 'przezroczysty',
      ro: 'transparent',
      sk: 'priehľadná',
    },
  },
  {
    key: 'olive',
    code: 'OLV',
    css: '#5b6b3a',
    finish: 'acetate',
    name: {
      cs: 'olivová',
      en: 'olive green',
      hu: 'olívazöld',
      pl: 'oliwkowy',
      ro: 'verde oliv',
      sk: 'olivová',
    },
  },
  {
    key: 'brown',
    code: 'BRN',
    css: '#6e4524',
    finish: 'acetate',
    name: { cs: 'hnědá', en: 'brown', hu: 'barna', pl: 'brązowy', ro: 'maro', sk: 'hnedá' },
  },
  {
    key: 'red',
    code: 'RED',
    css: '#b3262e',
    finish: 'acetate',
    name: { cs: 'červená', en: 'red', hu: 'piros', pl: 'czerwony', ro: 'roșu', sk: 'červená' },
  },
  {
    key: 'blue',
    code: 'BLU',
    css: '#2f6fb5',
    finish: 'acetate',
    name: { cs: 'modrá', en: 'blue', hu: 'kék', pl: 'niebieski', ro: 'albastru', sk: 'modrá' },
  },
  {
    key: 'pink',
    code: 'PNK',
    css: '#d98aa5',
    finish: 'acetate',
    name: { cs: 'růžová', en: 'pink', hu: 'rózsaszín', pl: 'różowy', ro: 'roz', sk: 'ružová' },
  },
  {
    key: 'grey',
    code: 'GRY',
    css: '#8a9099',
    finish: 'acetate',
    name: { cs: 'šedá', en: 'grey', hu: 'szürke', pl: 'szary', ro: 'gri', sk: 'sivá' },
  },
  {
    key: 'gold',
    code: 'GLD',
    css: '#c8992f',
    finish: 'metal',
    name: { cs: 'zlatá', en: 'gold', hu: 'arany', pl: 'złoty', ro: 'auriu', sk: 'zlatá' },
  },
  {
    key: 'silver',
    code: 'SLV',
    css: '#aeb4bb',
    finish: 'metal',
    name: {
      cs: 'stříbrná',
      en: 'silver',
      hu: 'ezüst',
      pl: 'srebrny',
      ro: 'argintiu',
      sk: 'strieborná',
    },
  },
  {
    key: 'gunmetal',
    code: 'GUN',
    css: '#4a4f57',
    finish: 'metal',
    name: {
      cs: 'antracitová',
      en: 'gunmetal',
      hu: 'antracit',
      pl: 'grafitowy',
      ro: 'antracit',
      sk: 'antracitová',
    },
  },
  {
    key: 'roseGold',
    code: 'RSG',
    css: '#c48f7b',
    finish: 'metal',
    name: {
      cs: 'růžové zlato',
      en: 'rose gold',
      hu: 'rozéarany',
      pl: 'różowe złoto',
      ro: 'auriu roz',
      sk: 'ružové zlato',
    },
  },
  {
    key: 'matteBlack',
    code: 'MBK',
    css: '#2b2c2f',
    finish: 'metal',
    name: {
      cs: 'matná černá',
      en: 'matte black',
      hu: 'matt fekete',
      pl: 'matowy czarny',
      ro: 'negru mat',
      sk: 'matná čierna',
    },
  },
] as const satisfies readonly DemoColor[]

export type DemoColorKey = (typeof DEMO_COLORS)[number]['key']

export interface LensTint {
  readonly key: string
  readonly code: string
  /** Top and bottom of the gradient lens. */
  readonly top: string
  readonly bottom: string
  readonly mirror: boolean
  /** A noun phrase: "grey lenses"; the variant name reads "black / grey lenses". */
  readonly name: Readonly<Record<Locale, string>>
}

/** Sunglass lens tints; a sunglasses variant is a frame colour plus one of these. */
export const LENS_TINTS = [
  {
    key: 'grey',
    code: 'G',
    top: '#202327',
    bottom: '#5a6068',
    mirror: false,
    name: {
      cs: 'šedá skla',
      en: 'grey lenses',
      hu: 'szürke lencse',
      pl: 'szare soczewki',
      ro: 'lentile gri',
      sk: 'sivé sklá',
    },
  },
  {
    key: 'brown',
    code: 'B',
    top: '#3b2414',
    bottom: '#9a6a3c',
    mirror: false,
    name: {
      cs: 'hnědá skla',
      en: 'brown lenses',
      hu: 'barna lencse',
      pl: 'brązowe soczewki',
      ro: 'lentile maro',
      sk: 'hnedé sklá',
    },
  },
  {
    key: 'green',
    code: 'N',
    top: '#1f2c22',
    bottom: '#56705a',
    mirror: false,
    name: {
      cs: 'zelená skla',
      en: 'green lenses',
      hu: 'zöld lencse',
      pl: 'zielone soczewki',
      ro: 'lentile verzi',
      sk: 'zelené sklá',
    },
  },
  {
    key: 'blueMirror',
    code: 'M',
    top: '#163a78',
    bottom: '#5b8fd6',
    mirror: true,
    name: {
      cs: 'modrá zrcadlová skla',
      en: 'blue mirror lenses',
      hu: 'kék tükrös lencse',
      pl: 'niebieskie lustrzane soczewki',
      ro: 'lentile oglindă albastre',
      sk: 'modré zrkadlové sklá',
    },
  },
  {
    key: 'rose',
    code: 'R',
    top: '#6d3a44',
    bottom: '#d7a2a9',
    mirror: false,
    name: {
      cs: 'růžová skla',
      en: 'rose lenses',
      hu: 'rózsaszín lencse',
      pl: 'różowe soczewki',
      ro: 'lentile roz',
      sk: 'ružové sklá',
    },
  },
  {
    key: 'amber',
    code: 'A',
    top: '#7a4a08',
    bottom: '#e0a23a',
    mirror: false,
    name: {
      cs: 'jantarová skla',
      en: 'amber lenses',
      hu: 'borostyán lencse',
      pl: 'bursztynowe soczewki',
      ro: 'lentile chihlimbar',
      sk: 'jantárové sklá',
    },
  },
] as const satisfies readonly LensTint[]

export type LensTintKey = (typeof LENS_TINTS)[number]['key']

/** Looks up a colour by key; the keys are a closed union, so a miss is a programming error. */
export function demoColor(key: DemoColorKey): DemoColor {
  const color = DEMO_COLORS.find((c) => c.key === key)
  if (!color) throw new Error(`Unknown demo colour ${key}`)
  return color
}

export function lensTint(key: LensTintKey): LensTint {
  const tint = LENS_TINTS.find((t) => t.key === key)
  if (!tint) throw new Error(`Unknown lens tint ${key}`)
  return tint
}
