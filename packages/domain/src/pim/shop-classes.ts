import { AVAILABILITY_STATES } from '../catalogue/availability.ts'
import {
  AGE_GROUPS,
  FILTER_SEARCH_TYPES,
  FILTER_TYPES,
  FRAME_SHAPES,
  FRAME_TYPES,
  GENDERS,
  MATERIALS,
  OPTICAL_CONSTRUCTIONS,
  PAGE_SIZE_OPTIONS,
  PRODUCT_KINDS,
  PRODUCT_SORTS,
  SPARE_PART_KINDS,
} from '../catalogue/product-data.ts'
import { PRODUCT_STATUSES } from '../catalogue/statuses.ts'
import { CURRENCIES } from '../commerce/currencies.ts'
import { ARTICLE_CATEGORIES } from '../community/article-api.ts'
import { DEALER_DAYS, DEALER_SERVICES } from '../community/dealer-api.ts'
import type {
  ClassExport,
  FieldDefinition,
  FieldType,
  LayoutDefinition,
  LayoutNode,
} from './class-definition.ts'

/**
 * The shop's classes (installed by migration 0004, printed by apps/server/src/scripts/print-install-sql.ts).
 * Field names are the keys the storefront, the demo seed and the product index read, so renaming
 * one is a data migration. Variants of a Product share its class: the colour fields, pictures and
 * availability are filled on variants, everything else is inherited from the product.
 */

type FieldExtras = Omit<FieldDefinition, 'kind' | 'type' | 'name' | 'title'>

function field(type: FieldType, name: string, title: string, extras: FieldExtras = {}) {
  return { kind: 'field', type, name, title, ...extras } satisfies FieldDefinition
}

function layout(
  type: LayoutDefinition['type'],
  name: string,
  title: string,
  children: readonly LayoutNode[],
): LayoutDefinition {
  return { kind: 'layout', type, name, title, children }
}

const panel = (name: string, title: string, children: readonly LayoutNode[]) =>
  layout('panel', name, title, children)
const localized = (name: string, children: readonly LayoutNode[]) =>
  layout('localizedfields', name, 'Localized fields', children)

/** Options whose label is the translation key `<prefix>.<key>` (the shop already has them). */
function options(keys: readonly string[], prefix?: string) {
  return keys.map((key) => ({ key, value: prefix ? `${prefix}.${key}` : key }))
}

const mm = (name: string, title: string, extras: FieldExtras = {}) =>
  field('number', name, title, { unit: 'mm', min: 0, decimals: 1, ...extras })
const pieces = (name: string, title: string) =>
  field('number', name, title, { unit: 'pcs', min: 1, decimals: 0 })

const PRODUCT: ClassExport = {
  id: 'Product',
  name: 'Product',
  definition: {
    allowVariants: true,
    allowInherit: true,
    icon: 'glasses',
    group: 'Shop',
    description: 'A sellable product; colour variants are its children.',
    gridColumns: ['code', 'name', 'brand', 'kind', 'statuses'],
    layout: [
      layout('tabpanel', 'productTabs', 'Product', [
        panel('basics', 'Basics', [
          field('input', 'code', 'Code', {
            mandatory: true,
            unique: true,
            maxLength: 64,
            visibleGridView: true,
            visibleSearch: true,
          }),
          field('select', 'kind', 'Kind', {
            mandatory: true,
            options: options(PRODUCT_KINDS, 'option.productKind'),
            visibleGridView: true,
          }),
          localized('productTexts', [
            field('input', 'name', 'Name', {
              mandatory: true,
              maxLength: 190,
              visibleGridView: true,
              visibleSearch: true,
            }),
            field('input', 'slug', 'URL slug', { regex: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
            field('wysiwyg', 'description', 'Description'),
          ]),
          field('input', 'manufacturer', 'Manufacturer', { visibleSearch: true }),
          field('input', 'brand', 'Brand', { visibleGridView: true, visibleSearch: true }),
          field('input', 'collection', 'Collection'),
          field('input', 'model', 'Model', { visibleSearch: true }),
          field('input', 'series', 'Series'),
          field('manyToManyRelation', 'categoryIds', 'Categories', { classes: ['Category'] }),
          field('multiselect', 'genders', 'Intended for', {
            options: options(GENDERS, 'filter'),
          }),
          field('multiselect', 'ageGroups', 'Age groups', {
            options: options(AGE_GROUPS, 'option.ageGroup'),
          }),
          field('date', 'releasedAt', 'Released'),
        ]),
        panel('frame', 'Frame', [
          field('select', 'shape', 'Shape', { options: options(FRAME_SHAPES, 'option.shape') }),
          field('select', 'frameType', 'Frame type', {
            options: options(FRAME_TYPES, 'option.frameType'),
          }),
          field('select', 'frameMaterial', 'Frame material', {
            options: options(MATERIALS, 'option.material'),
          }),
          field('select', 'frontMaterial', 'Front material', {
            options: options(MATERIALS, 'option.material'),
          }),
          field('select', 'templeMaterial', 'Temple material', {
            options: options(MATERIALS, 'option.material'),
          }),
          mm('lensWidth', 'Size (lens width)', { min: 10, max: 120 }),
          mm('bridgeWidth', 'Bridge width', { min: 5, max: 40 }),
          mm('templeLength', 'Temple length'),
          mm('verticalLensSize', 'Vertical lens size'),
          mm('smallestRawGlassDiameter', 'Smallest raw glass diameter'),
          mm('radius', 'Radius'),
          field('number', 'weight', 'Weight', { unit: 'g', min: 0, decimals: 1 }),
        ]),
        panel('optics', 'Lenses and optics', [
          field('boolean', 'polarization', 'Polarization'),
          field('number', 'tintLevel', 'Tint level', { min: 0, max: 4, decimals: 0 }),
          field('number', 'magnification', 'Magnification', { unit: '×', min: 0, decimals: 2 }),
          field('select', 'opticalConstruction', 'Optical construction', {
            options: options(OPTICAL_CONSTRUCTIONS, 'option.opticalConstruction'),
          }),
        ]),
        panel('sales', 'Sales', [
          field('prices', 'prices', 'Prices (without VAT)', { mandatory: true }),
          field('number', 'discount', 'Discount', { unit: '%', min: 0, max: 100, decimals: 0 }),
          field('number', 'warrantyMonths', 'Warranty', { unit: 'months', min: 0, decimals: 0 }),
          pieces('piecesPerPackage', 'Pieces per package'),
          pieces('minOrderQuantity', 'Minimum order quantity'),
          pieces('quantityStep', 'Quantity step'),
          pieces('maxAmount', 'Maximum amount'),
          field('multiselect', 'statuses', 'Status badges', {
            options: options(PRODUCT_STATUSES, 'status'),
            visibleGridView: true,
          }),
          field('boolean', 'bestseller', 'Best seller'),
          field('boolean', 'featured', 'Featured on the home page'),
        ]),
        panel('relations', 'Relations', [
          field('manyToManyRelation', 'relatedProductIds', 'Related products', {
            classes: ['Product'],
          }),
          field('manyToManyRelation', 'sparePartIds', 'Spare parts', { classes: ['Product'] }),
          field('boolean', 'sparePart', 'Is a spare part'),
          field('select', 'sparePartKind', 'Spare part kind', {
            options: options(SPARE_PART_KINDS, 'option.sparePartKind'),
          }),
        ]),
        panel('variant', 'Colour variant', [
          localized('variantTexts', [field('input', 'colorName', 'Colour name')]),
          field('input', 'colorKey', 'Colour key', { regex: '^[A-Za-z0-9-]+$' }),
          field('color', 'colorCss', 'Colour'),
          field('imageGallery', 'imageIds', 'Images'),
          field('select', 'availability', 'Availability', {
            options: options(AVAILABILITY_STATES, 'availability'),
          }),
        ]),
      ]),
    ],
  },
}

const CATEGORY: ClassExport = {
  id: 'Category',
  name: 'Category',
  definition: {
    allowVariants: false,
    allowInherit: false,
    icon: 'category',
    group: 'Shop',
    description: 'A shop category; its parent is its parent in the tree.',
    gridColumns: ['name'],
    layout: [
      panel('category', 'Category', [
        localized('categoryTexts', [
          field('input', 'name', 'Name', { mandatory: true, maxLength: 190 }),
          field('input', 'slug', 'URL slug', { regex: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
          field('wysiwyg', 'description', 'Description'),
        ]),
        field('image', 'imageId', 'Image'),
        field('manyToOneRelation', 'filterDefinitionId', 'Filter definition', {
          classes: ['FilterDefinition'],
        }),
        field('boolean', 'showSubcategoryProducts', 'Show products of subcategories'),
      ]),
    ],
  },
}

const FILTER_DEFINITION: ClassExport = {
  id: 'FilterDefinition',
  name: 'Filter definition',
  definition: {
    allowVariants: false,
    allowInherit: false,
    icon: 'filter',
    group: 'Shop',
    description: "A category's filter panel, page sizes and default sort.",
    layout: [
      panel('filterDefinition', 'Filter definition', [
        field('input', 'name', 'Name', { mandatory: true }),
        field('multiselect', 'pageSizeOptions', 'Page sizes', {
          options: options(PAGE_SIZE_OPTIONS),
          minItems: 1,
        }),
        field('select', 'defaultSort', 'Default sort', {
          mandatory: true,
          options: options(PRODUCT_SORTS, 'sort'),
        }),
        field('block', 'filters', 'Filters', {
          children: [
            field('input', 'name', 'Parameter name', { mandatory: true, regex: '^[A-Za-z0-9]+$' }),
            field('input', 'titleKey', 'Title (translation key)', { mandatory: true }),
            field('select', 'type', 'Type', {
              mandatory: true,
              options: options(FILTER_TYPES, 'option.filterType'),
            }),
            field('input', 'column', 'Product index column', { mandatory: true }),
            field('input', 'unit', 'Unit'),
            field('select', 'searchType', 'Search in', {
              options: options(FILTER_SEARCH_TYPES, 'option.filterSearchType'),
            }),
            field('number', 'rangeMin', 'Range minimum'),
            field('number', 'rangeMax', 'Range maximum'),
          ],
        }),
      ]),
    ],
  },
}

const BRAND: ClassExport = {
  id: 'Brand',
  name: 'Brand',
  definition: {
    allowVariants: false,
    allowInherit: false,
    icon: 'brand',
    group: 'Shop',
    layout: [
      panel('brand', 'Brand', [
        field('input', 'name', 'Name', { mandatory: true, unique: true }),
        field('input', 'manufacturer', 'Manufacturer'),
        field('input', 'country', 'Country', { regex: '^[A-Z]{2}$' }),
        field('number', 'founded', 'Founded', { decimals: 0, min: 1000, max: 2100 }),
        localized('brandTexts', [field('wysiwyg', 'description', 'Description')]),
        field('image', 'logoId', 'Logo'),
      ]),
    ],
  },
}

const TIME_OF_DAY = '^([01][0-9]|2[0-3]):[0-5][0-9]$'

const DEALER: ClassExport = {
  id: 'Dealer',
  name: 'Dealer',
  definition: {
    allowVariants: false,
    allowInherit: false,
    icon: 'store',
    group: 'Shop',
    description: 'A shop on the dealer map (issue 18); without GPS it is placed by its postcode.',
    gridColumns: ['name', 'city', 'country'],
    layout: [
      panel('dealer', 'Dealer', [
        field('input', 'name', 'Name', { mandatory: true }),
        field('input', 'street', 'Street and number'),
        field('input', 'city', 'City'),
        field('input', 'postcode', 'Postcode'),
        field('input', 'country', 'Country', { regex: '^[A-Z]{2}$' }),
        field('number', 'lat', 'GPS latitude', { min: -90, max: 90, decimals: 6 }),
        field('number', 'lng', 'GPS longitude', { min: -180, max: 180, decimals: 6 }),
        field('input', 'phone', 'Phone', { regex: '^\\+[0-9 ]{6,20}$' }),
        field('input', 'email', 'Email', { regex: '^[^@\\s]+@[^@\\s]+$' }),
        field('input', 'web', 'Website', { regex: '^https?://' }),
        field('multiselect', 'services', 'Services', {
          options: options(DEALER_SERVICES, 'dealer.service'),
        }),
        field('manyToManyRelation', 'brandIds', 'Brands carried', { classes: ['Brand'] }),
        field('block', 'openingHours', 'Opening hours', {
          children: [
            field('select', 'day', 'Day', {
              mandatory: true,
              options: options(DEALER_DAYS, 'dealer.day'),
            }),
            field('input', 'opens', 'Opens', { mandatory: true, regex: TIME_OF_DAY }),
            field('input', 'closes', 'Closes', { mandatory: true, regex: TIME_OF_DAY }),
          ],
        }),
        localized('dealerTexts', [field('textarea', 'description', 'Description')]),
      ]),
    ],
  },
}

const ARTICLE: ClassExport = {
  id: 'Article',
  name: 'Article',
  definition: {
    allowVariants: false,
    allowInherit: false,
    icon: 'article',
    group: 'Content',
    gridColumns: ['date', 'category', 'author'],
    layout: [
      panel('article', 'Article', [
        localized('articleTexts', [
          field('input', 'title', 'Title', { mandatory: true }),
          field('textarea', 'perex', 'Perex'),
          field('wysiwyg', 'body', 'Text'),
        ]),
        field('date', 'date', 'Date'),
        field('input', 'author', 'Author'),
        field('select', 'category', 'Category', {
          options: options(ARTICLE_CATEGORIES, 'article.category'),
        }),
        field('image', 'imageId', 'Image'),
        field('manyToManyRelation', 'relatedProductIds', 'Related products', {
          classes: ['Product'],
        }),
      ]),
    ],
  },
}

const GALLERY: ClassExport = {
  id: 'Gallery',
  name: 'Gallery',
  definition: {
    allowVariants: false,
    allowInherit: false,
    icon: 'gallery',
    group: 'Content',
    layout: [
      panel('gallery', 'Gallery', [
        localized('galleryTexts', [
          field('input', 'title', 'Title', { mandatory: true }),
          field('textarea', 'description', 'Description'),
        ]),
        field('date', 'date', 'Date'),
        // Captions are the pictures' own title metadata per language (the asset library's).
        field('imageGallery', 'imageIds', 'Images'),
      ]),
    ],
  },
}

const PRICE_LIST: ClassExport = {
  id: 'PriceList',
  name: 'Price list',
  definition: {
    allowVariants: false,
    allowInherit: false,
    icon: 'price',
    group: 'Shop',
    description: 'Partner prices without VAT; products without a row get the discount.',
    layout: [
      panel('priceList', 'Price list', [
        field('input', 'name', 'Name', { mandatory: true }),
        field('select', 'currency', 'Currency', { mandatory: true, options: options(CURRENCIES) }),
        field('number', 'discountPercent', 'Discount', {
          unit: '%',
          min: 0,
          max: 100,
          decimals: 2,
        }),
        field('block', 'items', 'Prices', {
          children: [
            field('manyToOneRelation', 'product', 'Product', {
              mandatory: true,
              classes: ['Product'],
            }),
            field('number', 'price', 'Price without VAT (minor units)', {
              mandatory: true,
              min: 0,
              decimals: 0,
            }),
          ],
        }),
      ]),
    ],
  },
}

const PROMO_MATERIAL: ClassExport = {
  id: 'PromoMaterial',
  name: 'Promo material',
  definition: {
    allowVariants: false,
    allowInherit: false,
    icon: 'promo',
    group: 'Content',
    layout: [
      panel('promoMaterial', 'Promo material', [
        localized('promoTexts', [
          field('input', 'title', 'Title', { mandatory: true }),
          field('wysiwyg', 'description', 'Description'),
        ]),
        field('imageGallery', 'fileIds', 'Files'),
      ]),
    ],
  },
}

/** The shop's classes; `id` is the class id objects refer to. */
export const SHOP_CLASSES: readonly ClassExport[] = [
  PRODUCT,
  CATEGORY,
  FILTER_DEFINITION,
  BRAND,
  DEALER,
  ARTICLE,
  GALLERY,
  PRICE_LIST,
  PROMO_MATERIAL,
]
