import { AVAILABILITY_STATES } from '@optika/domain/catalogue/availability'
import {
  FRAME_SHAPES,
  FRAME_TYPES,
  GENDERS,
  MATERIALS,
  PRODUCT_KINDS,
  SPARE_PART_KINDS,
} from '@optika/domain/catalogue/product-data'
import { PRODUCT_STATUSES } from '@optika/domain/catalogue/statuses'
import { COUNTRIES } from '@optika/domain/commerce/countries'
import { OPTICAL_CONSTRUCTIONS } from './localize-product-texts.ts'

/**
 * Field types of a class definition. Deliberately small: the back office will grow the format
 * (field collections, bricks, classification store) and can migrate these rows.
 * - `prices`: `{ [currency]: { catalog, action? } }` in minor units, ex VAT
 * - `color`: `{ key, css, name: localized }`
 * - `block`: a list of rows, each with the `children` fields
 */
export type ClassFieldType =
  | 'input'
  | 'localizedInput'
  | 'localizedTextarea'
  | 'number'
  | 'select'
  | 'multiselect'
  | 'boolean'
  | 'date'
  | 'relation'
  | 'image'
  | 'prices'
  | 'color'
  | 'block'

export interface ClassField {
  /** Key in the object's `data` JSON. */
  readonly name: string
  readonly title: string
  readonly type: ClassFieldType
  readonly required?: boolean
  readonly unit?: string
  readonly min?: number
  readonly max?: number
  /** select / multiselect values; labels come from the translation dictionary. */
  readonly options?: readonly string[]
  /** relation: classes that may be linked. */
  readonly classes?: readonly string[]
  /** relation / image: a list of ids instead of one id. */
  readonly multiple?: boolean
  /** Set on Product fields that belong to colour variants rather than to the product. */
  readonly variant?: boolean
  readonly children?: readonly ClassField[]
}

export interface ClassPanel {
  readonly type: 'panel'
  readonly title: string
  readonly children: readonly ClassField[]
}

export interface ClassDefinition {
  readonly layout: readonly ClassPanel[]
  /** Objects of this class may have variants (children of type 'variant'). */
  readonly allowVariants?: boolean
}

export interface ShopClass {
  readonly id: string
  readonly name: string
  readonly definition: ClassDefinition
}

const mm = (name: string, title: string, min?: number, max?: number): ClassField => ({
  name,
  title,
  type: 'number',
  unit: 'mm',
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
})

/** The shop classes installed with the demo; `id` is the class id objects refer to. */
export const SHOP_CLASSES: readonly ShopClass[] = [
  {
    id: 'Product',
    name: 'Product',
    definition: {
      allowVariants: true,
      layout: [
        {
          type: 'panel',
          title: 'Basics',
          children: [
            { name: 'code', title: 'Code', type: 'input', required: true },
            { name: 'kind', title: 'Kind', type: 'select', options: PRODUCT_KINDS, required: true },
            { name: 'name', title: 'Name', type: 'localizedInput', required: true },
            { name: 'slug', title: 'URL slug', type: 'localizedInput' },
            { name: 'description', title: 'Description', type: 'localizedTextarea' },
            { name: 'manufacturer', title: 'Manufacturer', type: 'input' },
            { name: 'brand', title: 'Brand', type: 'input' },
            { name: 'collection', title: 'Collection', type: 'input' },
            { name: 'model', title: 'Model', type: 'input' },
            { name: 'series', title: 'Series', type: 'input' },
            {
              name: 'categoryIds',
              title: 'Categories',
              type: 'relation',
              classes: ['Category'],
              multiple: true,
            },
            { name: 'genders', title: 'Intended for', type: 'multiselect', options: GENDERS },
            { name: 'releasedAt', title: 'Released', type: 'date' },
          ],
        },
        {
          type: 'panel',
          title: 'Frame',
          children: [
            { name: 'shape', title: 'Shape', type: 'select', options: FRAME_SHAPES },
            { name: 'frameType', title: 'Frame type', type: 'select', options: FRAME_TYPES },
            { name: 'frameMaterial', title: 'Frame material', type: 'select', options: MATERIALS },
            { name: 'frontMaterial', title: 'Front material', type: 'select', options: MATERIALS },
            {
              name: 'templeMaterial',
              title: 'Temple material',
              type: 'select',
              options: MATERIALS,
            },
            mm('lensWidth', 'Lens width', 40, 62),
            mm('bridgeWidth', 'Bridge width', 14, 24),
            mm('templeLength', 'Temple length', 120, 150),
            mm('verticalLensSize', 'Vertical lens size'),
            mm('smallestRawGlassDiameter', 'Smallest raw glass diameter'),
            mm('radius', 'Radius'),
            { name: 'weight', title: 'Weight', type: 'number', unit: 'g' },
          ],
        },
        {
          type: 'panel',
          title: 'Lenses and optics',
          children: [
            { name: 'polarization', title: 'Polarization', type: 'boolean' },
            { name: 'tintLevel', title: 'Tint level', type: 'number', min: 0, max: 4 },
            { name: 'magnification', title: 'Magnification', type: 'number', unit: '×' },
            {
              name: 'opticalConstruction',
              title: 'Optical construction',
              type: 'select',
              options: OPTICAL_CONSTRUCTIONS,
            },
          ],
        },
        {
          type: 'panel',
          title: 'Spare part',
          children: [
            {
              name: 'sparePartKind',
              title: 'Spare part kind',
              type: 'select',
              options: SPARE_PART_KINDS,
            },
          ],
        },
        {
          type: 'panel',
          title: 'Sales',
          children: [
            { name: 'prices', title: 'Prices (ex VAT)', type: 'prices', required: true },
            { name: 'warrantyMonths', title: 'Warranty', type: 'number', unit: 'months' },
            {
              name: 'piecesPerPackage',
              title: 'Pieces per package',
              type: 'number',
              unit: 'pcs',
              min: 1,
            },
            {
              name: 'minOrderQuantity',
              title: 'Minimum order quantity',
              type: 'number',
              unit: 'pcs',
              min: 1,
            },
            { name: 'quantityStep', title: 'Quantity step', type: 'number', unit: 'pcs', min: 1 },
            { name: 'maxAmount', title: 'Maximum amount', type: 'number', unit: 'pcs', min: 1 },
            {
              name: 'statuses',
              title: 'Status badges',
              type: 'multiselect',
              options: PRODUCT_STATUSES,
            },
            { name: 'bestseller', title: 'Best seller', type: 'boolean' },
            { name: 'featured', title: 'Featured', type: 'boolean' },
          ],
        },
        {
          type: 'panel',
          title: 'Relations',
          children: [
            {
              name: 'relatedProductIds',
              title: 'Related products',
              type: 'relation',
              classes: ['Product'],
              multiple: true,
            },
            {
              name: 'sparePartIds',
              title: 'Compatible spare parts',
              type: 'relation',
              classes: ['Product'],
              multiple: true,
            },
          ],
        },
        {
          type: 'panel',
          title: 'Variant',
          children: [
            { name: 'color', title: 'Colour', type: 'color', variant: true },
            { name: 'imageIds', title: 'Images', type: 'image', multiple: true, variant: true },
            {
              name: 'availability',
              title: 'Availability',
              type: 'select',
              options: AVAILABILITY_STATES,
              variant: true,
            },
          ],
        },
      ],
    },
  },
  {
    id: 'Category',
    name: 'Category',
    definition: {
      layout: [
        {
          type: 'panel',
          title: 'Category',
          children: [
            { name: 'name', title: 'Name', type: 'localizedInput', required: true },
            { name: 'slug', title: 'URL slug', type: 'localizedInput' },
            { name: 'description', title: 'Description', type: 'localizedTextarea' },
            { name: 'imageId', title: 'Image', type: 'image' },
          ],
        },
      ],
    },
  },
  {
    id: 'FilterDefinition',
    name: 'Filter definition',
    definition: {
      layout: [
        {
          type: 'panel',
          title: 'Filters',
          children: [
            {
              name: 'categoryIds',
              title: 'Categories',
              type: 'relation',
              classes: ['Category'],
              multiple: true,
            },
            {
              name: 'filters',
              title: 'Filters',
              type: 'block',
              children: [
                { name: 'name', title: 'Parameter name', type: 'input', required: true },
                { name: 'title', title: 'Title', type: 'localizedInput' },
                {
                  name: 'type',
                  title: 'Type',
                  type: 'select',
                  options: ['multiselect', 'color', 'text', 'range'],
                  required: true,
                },
                { name: 'column', title: 'Product field', type: 'input', required: true },
                { name: 'unit', title: 'Unit', type: 'input' },
                {
                  name: 'searchType',
                  title: 'Search in',
                  type: 'select',
                  options: ['category', 'all'],
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    id: 'Brand',
    name: 'Brand',
    definition: {
      layout: [
        {
          type: 'panel',
          title: 'Brand',
          children: [
            { name: 'name', title: 'Name', type: 'input', required: true },
            { name: 'manufacturer', title: 'Manufacturer', type: 'input' },
            {
              name: 'country',
              title: 'Country',
              type: 'select',
              options: [...COUNTRIES, 'DE', 'FR', 'IT', 'NO', 'SE'],
            },
            { name: 'founded', title: 'Founded', type: 'number' },
            { name: 'description', title: 'Description', type: 'localizedTextarea' },
            { name: 'logoId', title: 'Logo', type: 'image' },
          ],
        },
      ],
    },
  },
]
