import type { FrameSize } from '@optika/domain/catalogue/frame-fit'
import type { ProductData } from '@optika/domain/catalogue/product-data'
import type { SpecRow } from '@optika/domain/catalogue/product-detail-api'
import type { Locale } from '@optika/i18n/locales'
import type { Translator } from '../../platform/i18n/translator.ts'
import { listFormat, numberFormat } from '@optika/domain/i18n/intl-formats'

export interface SpecInput {
  readonly data: ProductData
  /** The category the page names (the trail's last entry), if any. */
  readonly categoryName: string | null
  /** The colours of the product's variants, in the page's language. */
  readonly colourNames: readonly string[]
}

type Unit = 'millimeter' | 'gram' | 'month'

/**
 * The specification table (seed section 3 "Product (shop labels)"): one row per attribute the
 * product has, labelled by the seed's `product.*` key, the value formatted for `locale` with its
 * unit (Intl) and enum values translated through the catalogue's option labels.
 */
export function buildSpecRows(
  translator: Translator,
  locale: Locale,
  { data, categoryName, colourNames }: SpecInput,
): SpecRow[] {
  const t = (key: string, params?: Record<string, string | number>) =>
    translator.t(locale, key, params)
  const number = numberFormat(locale, { maximumFractionDigits: 2 })
  const measure = (value: number, unit: Unit) =>
    numberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: unit === 'month' ? 'long' : 'short',
      maximumFractionDigits: 2,
    }).format(value)
  const list = (values: readonly string[]) =>
    listFormat(locale, { style: 'short', type: 'unit' }).format(values)

  const rows: SpecRow[] = []
  const add = (key: string, value: string | null | undefined) => {
    if (value) rows.push({ key, value })
  }

  add('product.manufacturer', data.manufacturer)
  add('product.brand', data.collection ? `${data.brand} / ${data.collection}` : data.brand)
  add('product.model', data.model)
  add('product.series', data.series)
  add('product.category', categoryName)
  const groups = [
    ...data.genders.map((gender) => t(`filter.${gender}`)),
    ...(data.ageGroups ?? []).map((group) => t(`option.ageGroup.${group}`)),
  ]
  if (groups.length > 0) add('product.genderAgeGroup', list(groups))
  if (data.frameMaterial) add('product.frameMaterial', t(`option.material.${data.frameMaterial}`))
  if (colourNames.length > 0 && data.kind !== 'optics') {
    add('product.frameColour', list([...new Set(colourNames.filter(Boolean))]))
  }
  if (data.frameType) add('product.frameType', t(`option.frameType.${data.frameType}`))
  if (data.frontMaterial) add('product.frontMaterial', t(`option.material.${data.frontMaterial}`))
  if (data.templeMaterial) {
    add('product.templeMaterial', t(`option.material.${data.templeMaterial}`))
  }
  if (data.shape) add('product.shape', t(`option.shape.${data.shape}`))
  // The optician's notation: lens width □ bridge width, then the temple length.
  if (data.lensWidth !== undefined && data.bridgeWidth !== undefined) {
    const temple = data.templeLength === undefined ? '' : ` ${number.format(data.templeLength)}`
    add(
      'product.size',
      `${number.format(data.lensWidth)}□${number.format(data.bridgeWidth)}${temple}`,
    )
  }
  if (data.templeLength !== undefined) {
    add('product.templeLength', measure(data.templeLength, 'millimeter'))
  }
  if (data.verticalLensSize !== undefined) {
    add('product.verticalLensSize', measure(data.verticalLensSize, 'millimeter'))
  }
  if (data.smallestRawGlassDiameter !== undefined) {
    add('product.minRawGlassDiameter', measure(data.smallestRawGlassDiameter, 'millimeter'))
  }
  if (data.weight !== undefined) add('product.weight', measure(data.weight, 'gram'))
  if (data.radius !== undefined) add('product.radius', measure(data.radius, 'millimeter'))
  if (data.polarization !== undefined) {
    add(
      'product.polarization',
      t(data.polarization ? 'productDetail.spec.yes' : 'productDetail.spec.no'),
    )
  }
  if (data.tintLevel !== undefined) {
    add('product.tintLevel', t('productDetail.spec.tintCategory', { level: data.tintLevel }))
  }
  if (data.magnification !== undefined) {
    add('product.magnification', `${number.format(data.magnification)}×`)
  }
  if (data.opticalConstruction) {
    add('product.opticalConstruction', t(`option.opticalConstruction.${data.opticalConstruction}`))
  }
  if (typeof data.warrantyMonths === 'number') {
    add('product.warranty', measure(data.warrantyMonths, 'month'))
  }
  if (typeof data.piecesPerPackage === 'number') {
    add('product.piecesPerPackage', number.format(data.piecesPerPackage))
  }
  return rows
}

/** A frame's three sizes for the size guide (decision 025); null unless all three are known. */
export function frameSizeOf(data: ProductData): FrameSize | null {
  const { lensWidth, bridgeWidth, templeLength } = data
  if (lensWidth === undefined || bridgeWidth === undefined || templeLength === undefined) {
    return null
  }
  return { lensWidth, bridgeWidth, templeLength }
}
