import type { Country } from './countries.ts'

/**
 * A first-level administrative region: its ISO 3166-2 code and its native name. People see the
 * name in their language from the catalogue (`regionNameKey`); the native name is the fallback.
 */
export interface Region {
  readonly code: string
  readonly name: string
}

/**
 * The regions of each country the shop delivers to (checkout address forms): Czech kraje,
 * Slovak kraje, Hungarian megyék with the capital, Polish voivodeships, Romanian județe with
 * the capital. Sorted by name as a native speaker reads the list.
 */
export const REGIONS: Record<Country, readonly Region[]> = {
  CZ: [
    { code: 'CZ-10', name: 'Hlavní město Praha' },
    { code: 'CZ-31', name: 'Jihočeský kraj' },
    { code: 'CZ-64', name: 'Jihomoravský kraj' },
    { code: 'CZ-41', name: 'Karlovarský kraj' },
    { code: 'CZ-63', name: 'Kraj Vysočina' },
    { code: 'CZ-52', name: 'Královéhradecký kraj' },
    { code: 'CZ-51', name: 'Liberecký kraj' },
    { code: 'CZ-80', name: 'Moravskoslezský kraj' },
    { code: 'CZ-71', name: 'Olomoucký kraj' },
    { code: 'CZ-53', name: 'Pardubický kraj' },
    { code: 'CZ-32', name: 'Plzeňský kraj' },
    { code: 'CZ-20', name: 'Středočeský kraj' },
    { code: 'CZ-42', name: 'Ústecký kraj' },
    { code: 'CZ-72', name: 'Zlínský kraj' },
  ],
  SK: [
    { code: 'SK-BC', name: 'Banskobystrický kraj' },
    { code: 'SK-BL', name: 'Bratislavský kraj' },
    { code: 'SK-KI', name: 'Košický kraj' },
    { code: 'SK-NI', name: 'Nitriansky kraj' },
    { code: 'SK-PV', name: 'Prešovský kraj' },
    { code: 'SK-TC', name: 'Trenčiansky kraj' },
    { code: 'SK-TA', name: 'Trnavský kraj' },
    { code: 'SK-ZI', name: 'Žilinský kraj' },
  ],
  HU: [
    { code: 'HU-BK', name: 'Bács-Kiskun' },
    { code: 'HU-BA', name: 'Baranya' },
    { code: 'HU-BE', name: 'Békés' },
    { code: 'HU-BZ', name: 'Borsod-Abaúj-Zemplén' },
    { code: 'HU-BU', name: 'Budapest' },
    { code: 'HU-CS', name: 'Csongrád-Csanád' },
    { code: 'HU-FE', name: 'Fejér' },
    { code: 'HU-GS', name: 'Győr-Moson-Sopron' },
    { code: 'HU-HB', name: 'Hajdú-Bihar' },
    { code: 'HU-HE', name: 'Heves' },
    { code: 'HU-JN', name: 'Jász-Nagykun-Szolnok' },
    { code: 'HU-KE', name: 'Komárom-Esztergom' },
    { code: 'HU-NO', name: 'Nógrád' },
    { code: 'HU-PE', name: 'Pest' },
    { code: 'HU-SO', name: 'Somogy' },
    { code: 'HU-SZ', name: 'Szabolcs-Szatmár-Bereg' },
    { code: 'HU-TO', name: 'Tolna' },
    { code: 'HU-VA', name: 'Vas' },
    { code: 'HU-VE', name: 'Veszprém' },
    { code: 'HU-ZA', name: 'Zala' },
  ],
  PL: [
    { code: 'PL-02', name: 'dolnośląskie' },
    { code: 'PL-04', name: 'kujawsko-pomorskie' },
    { code: 'PL-06', name: 'lubelskie' },
    { code: 'PL-08', name: 'lubuskie' },
    { code: 'PL-10', name: 'łódzkie' },
    { code: 'PL-12', name: 'małopolskie' },
    { code: 'PL-14', name: 'mazowieckie' },
    { code: 'PL-16', name: 'opolskie' },
    { code: 'PL-18', name: 'podkarpackie' },
    { code: 'PL-20', name: 'podlaskie' },
    { code: 'PL-22', name: 'pomorskie' },
    { code: 'PL-24', name: 'śląskie' },
    { code: 'PL-26', name: 'świętokrzyskie' },
    { code: 'PL-28', name: 'warmińsko-mazurskie' },
    { code: 'PL-30', name: 'wielkopolskie' },
    { code: 'PL-32', name: 'zachodniopomorskie' },
  ],
  RO: [
    { code: 'RO-AB', name: 'Alba' },
    { code: 'RO-AR', name: 'Arad' },
    { code: 'RO-AG', name: 'Argeș' },
    { code: 'RO-BC', name: 'Bacău' },
    { code: 'RO-BH', name: 'Bihor' },
    { code: 'RO-BN', name: 'Bistrița-Năsăud' },
    { code: 'RO-BT', name: 'Botoșani' },
    { code: 'RO-BV', name: 'Brașov' },
    { code: 'RO-BR', name: 'Brăila' },
    { code: 'RO-B', name: 'București' },
    { code: 'RO-BZ', name: 'Buzău' },
    { code: 'RO-CS', name: 'Caraș-Severin' },
    { code: 'RO-CL', name: 'Călărași' },
    { code: 'RO-CJ', name: 'Cluj' },
    { code: 'RO-CT', name: 'Constanța' },
    { code: 'RO-CV', name: 'Covasna' },
    { code: 'RO-DB', name: 'Dâmbovița' },
    { code: 'RO-DJ', name: 'Dolj' },
    { code: 'RO-GL', name: 'Galați' },
    { code: 'RO-GR', name: 'Giurgiu' },
    { code: 'RO-GJ', name: 'Gorj' },
    { code: 'RO-HR', name: 'Harghita' },
    { code: 'RO-HD', name: 'Hunedoara' },
    { code: 'RO-IL', name: 'Ialomița' },
    { code: 'RO-IS', name: 'Iași' },
    { code: 'RO-IF', name: 'Ilfov' },
    { code: 'RO-MM', name: 'Maramureș' },
    { code: 'RO-MH', name: 'Mehedinți' },
    { code: 'RO-MS', name: 'Mureș' },
    { code: 'RO-NT', name: 'Neamț' },
    { code: 'RO-OT', name: 'Olt' },
    { code: 'RO-PH', name: 'Prahova' },
    { code: 'RO-SM', name: 'Satu Mare' },
    { code: 'RO-SJ', name: 'Sălaj' },
    { code: 'RO-SB', name: 'Sibiu' },
    { code: 'RO-SV', name: 'Suceava' },
    { code: 'RO-TR', name: 'Teleorman' },
    { code: 'RO-TM', name: 'Timiș' },
    { code: 'RO-TL', name: 'Tulcea' },
    { code: 'RO-VS', name: 'Vaslui' },
    { code: 'RO-VL', name: 'Vâlcea' },
    { code: 'RO-VN', name: 'Vrancea' },
  ],
}

/** Whether `code` is a region of `country` (a posted form may carry anything). */
export function isRegionOf(country: Country, code: string): boolean {
  return REGIONS[country].some((region) => region.code === code)
}

/** Every region by its code, of whichever country. */
const REGION_BY_CODE: ReadonlyMap<string, Region> = new Map(
  Object.values(REGIONS).flatMap((regions) => regions.map((region) => [region.code, region])),
)

/**
 * The catalogue key of a region's name in every language (`CZ-10` → `checkoutMobile.region.CZ10`),
 * or null when `code` is not a region code (an address typed before regions were a list).
 */
export function regionNameKey(code: string): string | null {
  return REGION_BY_CODE.has(code) ? `checkoutMobile.region.${code.replace('-', '')}` : null
}

/**
 * What people read for an address's region: the region's name in their language when the value
 * is a region code, else the value itself.
 */
export function regionName(value: string, translate: (key: string) => string): string {
  const key = regionNameKey(value)
  if (!key) return value
  const text = translate(key)
  // A dictionary without the key answers the key itself: the native name says more.
  return text === key ? (REGION_BY_CODE.get(value)?.name ?? value) : text
}
