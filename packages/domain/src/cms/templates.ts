import type { BrickType, EditableType } from './editables.ts'

/**
 * The templates a document can have (Pimcore's controller/template of a document type) and the
 * bricks an area block offers. Like Pimcore's Twig templates they are code: the storefront knows
 * how to draw each one, and these definitions tell the save path what a document of the template
 * may hold and the editor which form to show. Document types (`document_types`) name a template.
 * Labels are keys of the `cmsEditables` catalogue section.
 */

export interface EditableDefinition {
  readonly name: string
  readonly type: EditableType
  readonly labelKey: string
  readonly required?: boolean
  /** select: the allowed values (labels `cmsEditables.option.<name>.<value>`). */
  readonly options?: readonly string[]
  /** relation(s): which element types and object classes may be chosen. */
  readonly allowedTypes?: readonly ('object' | 'asset' | 'document')[]
  readonly classes?: readonly string[]
  /** relations / block: at most this many. */
  readonly max?: number
  /** image: the thumbnail configuration drawn unless the editor chose another. */
  readonly thumbnail?: string
  /** areablock: the bricks offered (default: all). */
  readonly bricks?: readonly BrickType[]
  /** block: the editables of one item. */
  readonly children?: readonly EditableDefinition[]
}

export type TemplateDocumentType = 'page' | 'snippet' | 'email'

export interface TemplateDefinition {
  readonly name: string
  readonly labelKey: string
  readonly documentTypes: readonly TemplateDocumentType[]
  readonly editables: readonly EditableDefinition[]
}

const heading: EditableDefinition = {
  name: 'headline',
  type: 'input',
  labelKey: 'cmsEditables.headline',
}
const content: EditableDefinition = {
  name: 'content',
  type: 'areablock',
  labelKey: 'cmsEditables.content',
}
const hero: readonly EditableDefinition[] = [
  { name: 'heroImage', type: 'image', labelKey: 'cmsEditables.heroImage', thumbnail: 'hero' },
  { name: 'heroTitle', type: 'input', labelKey: 'cmsEditables.heroTitle' },
  { name: 'heroText', type: 'textarea', labelKey: 'cmsEditables.heroText' },
  { name: 'heroLink', type: 'link', labelKey: 'cmsEditables.heroLink' },
]

export const TEMPLATES = [
  {
    name: 'content',
    labelKey: 'cmsEditables.template.content',
    documentTypes: ['page'],
    editables: [heading, content],
  },
  {
    name: 'landing',
    labelKey: 'cmsEditables.template.landing',
    documentTypes: ['page'],
    editables: [...hero, content],
  },
  {
    name: 'article',
    labelKey: 'cmsEditables.template.article',
    documentTypes: ['page'],
    editables: [
      heading,
      { name: 'perex', type: 'textarea', labelKey: 'cmsEditables.perex' },
      { name: 'image', type: 'image', labelKey: 'cmsEditables.image', thumbnail: 'content' },
      { name: 'date', type: 'date', labelKey: 'cmsEditables.date' },
      { name: 'body', type: 'wysiwyg', labelKey: 'cmsEditables.body' },
      {
        name: 'related',
        type: 'relations',
        labelKey: 'cmsEditables.relatedProducts',
        allowedTypes: ['object'],
        classes: ['Product'],
        max: 8,
      },
    ],
  },
  {
    // The language roots (/cs, /en, …): the storefront's home page draws these around its product rows.
    name: 'home',
    labelKey: 'cmsEditables.template.home',
    documentTypes: ['page'],
    editables: [
      ...hero,
      {
        name: 'benefits',
        type: 'block',
        labelKey: 'cmsEditables.benefits',
        max: 6,
        children: [
          {
            name: 'icon',
            type: 'select',
            labelKey: 'cmsEditables.benefitIcon',
            options: ['truck', 'shield', 'star', 'glasses', 'return', 'phone'],
          },
          { name: 'title', type: 'input', labelKey: 'cmsEditables.benefitTitle' },
          { name: 'text', type: 'textarea', labelKey: 'cmsEditables.benefitText' },
        ],
      },
    ],
  },
  {
    // A list of links, e.g. the footer's navigation.
    name: 'navigation',
    labelKey: 'cmsEditables.template.navigation',
    documentTypes: ['snippet'],
    editables: [
      {
        name: 'links',
        type: 'block',
        labelKey: 'cmsEditables.links',
        max: 20,
        children: [{ name: 'link', type: 'link', labelKey: 'cmsEditables.link' }],
      },
    ],
  },
  {
    name: 'content-snippet',
    labelKey: 'cmsEditables.template.contentSnippet',
    documentTypes: ['snippet'],
    editables: [content],
  },
  {
    // An e-mail's body; its subject and addresses are the document's settings.
    name: 'email',
    labelKey: 'cmsEditables.template.email',
    documentTypes: ['email'],
    editables: [{ name: 'body', type: 'wysiwyg', labelKey: 'cmsEditables.body' }],
  },
] as const satisfies readonly TemplateDefinition[]

export type TemplateName = (typeof TEMPLATES)[number]['name']

export function findTemplate(name: string | null | undefined): TemplateDefinition | undefined {
  return TEMPLATES.find((template) => template.name === name)
}

export interface BrickDefinition {
  readonly labelKey: string
  readonly editables: readonly EditableDefinition[]
}

const brickTitle: EditableDefinition = {
  name: 'title',
  type: 'input',
  labelKey: 'cmsEditables.title',
}

export const BRICKS: Readonly<Record<BrickType, BrickDefinition>> = {
  text: {
    labelKey: 'cmsEditables.brick.text',
    editables: [{ name: 'body', type: 'wysiwyg', labelKey: 'cmsEditables.body' }],
  },
  'image-text': {
    labelKey: 'cmsEditables.brick.imageText',
    editables: [
      { name: 'image', type: 'image', labelKey: 'cmsEditables.image', thumbnail: 'content' },
      { name: 'body', type: 'wysiwyg', labelKey: 'cmsEditables.body' },
      {
        name: 'imagePosition',
        type: 'select',
        labelKey: 'cmsEditables.imagePosition',
        options: ['left', 'right'],
      },
    ],
  },
  'product-teaser': {
    labelKey: 'cmsEditables.brick.productTeaser',
    editables: [
      brickTitle,
      {
        name: 'products',
        type: 'relations',
        labelKey: 'cmsEditables.products',
        allowedTypes: ['object'],
        classes: ['Product'],
        max: 8,
      },
    ],
  },
  'category-tiles': {
    labelKey: 'cmsEditables.brick.categoryTiles',
    editables: [
      brickTitle,
      {
        name: 'categories',
        type: 'relations',
        labelKey: 'cmsEditables.categories',
        allowedTypes: ['object'],
        classes: ['Category'],
        max: 12,
      },
    ],
  },
  gallery: {
    labelKey: 'cmsEditables.brick.gallery',
    editables: [
      brickTitle,
      {
        name: 'images',
        type: 'relations',
        labelKey: 'cmsEditables.images',
        allowedTypes: ['asset'],
        max: 30,
      },
    ],
  },
  video: {
    labelKey: 'cmsEditables.brick.video',
    editables: [
      { name: 'video', type: 'video', labelKey: 'cmsEditables.video' },
      { name: 'caption', type: 'input', labelKey: 'cmsEditables.caption' },
    ],
  },
  'dealer-map': {
    labelKey: 'cmsEditables.brick.dealerMap',
    editables: [
      brickTitle,
      {
        name: 'country',
        type: 'select',
        labelKey: 'cmsEditables.country',
        options: ['', 'CZ', 'SK', 'HU', 'PL', 'RO'],
      },
    ],
  },
  'contact-form': {
    labelKey: 'cmsEditables.brick.contactForm',
    editables: [brickTitle, { name: 'intro', type: 'textarea', labelKey: 'cmsEditables.intro' }],
  },
}
