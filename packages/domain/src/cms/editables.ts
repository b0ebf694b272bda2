import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'

/**
 * A document's content (Pimcore's "editables"): named, typed values a template places on the
 * page. They are stored as one JSON map `documents.editables` of name → editable, nested where
 * a block or an area block repeats a group of editables. The shapes here are the contract between
 * the save path (validated and sanitized on the server), the storefront's renderer and the
 * editor in the back office.
 */

export const EDITABLE_TYPES = [
  'input',
  'textarea',
  'wysiwyg',
  'image',
  'link',
  'select',
  'checkbox',
  'numeric',
  'date',
  'relation',
  'relations',
  'video',
  'block',
  'areablock',
  'snippet',
  'renderlet',
] as const
export type EditableType = (typeof EDITABLE_TYPES)[number]

/** The bricks an area block offers (`templates.ts` names each brick's editables). */
export const BRICK_TYPES = [
  'text',
  'image-text',
  'product-teaser',
  'category-tiles',
  'gallery',
  'video',
  'dealer-map',
  'contact-form',
] as const
export type BrickType = (typeof BRICK_TYPES)[number]

/** A reference to another element: a product or category object, an asset, a document. */
export const EditableElementRefSchema = z.object({
  type: z.enum(['object', 'asset', 'document']),
  id: BigIdSchema,
})
export type EditableElementRef = z.infer<typeof EditableElementRefSchema>

const text = (max: number) => z.string().max(max)

/** Limits of one editable's value; the whole map is bounded by MAX_EDITABLES_BYTES. */
export const EDITABLE_LIMITS = {
  input: 1_000,
  textarea: 10_000,
  /** Sanitized HTML of one wysiwyg. */
  wysiwyg: 200_000,
  relations: 100,
  blockItems: 50,
  areablockItems: 60,
  /** Block in area block in block…: deeper nesting is refused. */
  depth: 4,
} as const

/** The serialized editables of one document (JSON bytes); more is a 413-like 400. */
export const MAX_EDITABLES_BYTES = 1_000_000

export const ImageEditableDataSchema = z.object({
  assetId: BigIdSchema.nullable(),
  /** A named thumbnail configuration of the asset library (dam/thumbnails); default: the brick's. */
  thumbnail: text(64).optional(),
  /** Alternative text in the document's language; empty = the asset's `alt` metadata in that language. */
  alt: text(500).optional(),
})

/** A link to a document, an object (product/category page), an asset's file, or an address. */
export const LinkEditableDataSchema = z.object({
  /** An internal target; wins over `href`. */
  internal: EditableElementRefSchema.nullable().optional(),
  /** http(s), mailto:, tel:, or a path starting with '/'; anything else (javascript:) is refused. */
  href: text(2_000).optional(),
  text: text(500).default(''),
  title: text(500).optional(),
  target: z.enum(['', '_blank']).optional(),
})

export const VideoEditableDataSchema = z.object({
  /** A video asset of the library (served by the shop; no outside player). */
  assetId: BigIdSchema.nullable(),
  posterAssetId: BigIdSchema.nullable().optional(),
  title: text(500).optional(),
})

/** A product list the page embeds: a category and the list's own query (filter-codec encoding). */
export const RenderletEditableDataSchema = z.object({
  categoryId: BigIdSchema.nullable(),
  /** The list's query string without '?', e.g. `brand=ray-ban&sort=price`. */
  query: text(1_000).default(''),
  limit: z.number().int().min(1).max(24).default(8),
})

export type Editable =
  | { readonly type: 'input'; readonly data: string }
  | { readonly type: 'textarea'; readonly data: string }
  | { readonly type: 'wysiwyg'; readonly data: string }
  | { readonly type: 'image'; readonly data: z.infer<typeof ImageEditableDataSchema> }
  | { readonly type: 'link'; readonly data: z.infer<typeof LinkEditableDataSchema> }
  | { readonly type: 'select'; readonly data: string }
  | { readonly type: 'checkbox'; readonly data: boolean }
  | { readonly type: 'numeric'; readonly data: number | null }
  /** ISO date (YYYY-MM-DD) or null. */
  | { readonly type: 'date'; readonly data: string | null }
  | { readonly type: 'relation'; readonly data: EditableElementRef | null }
  | { readonly type: 'relations'; readonly data: readonly EditableElementRef[] }
  | { readonly type: 'video'; readonly data: z.infer<typeof VideoEditableDataSchema> }
  /** Repeated groups of editables (each item a map). */
  | { readonly type: 'block'; readonly data: readonly EditableMap[] }
  /** Bricks in order; `id` is stable across edits (keys for React and diffs). */
  | { readonly type: 'areablock'; readonly data: readonly AreaBrick[] }
  /** Another document (a snippet) embedded here. */
  | { readonly type: 'snippet'; readonly data: { readonly documentId: number | null } }
  | { readonly type: 'renderlet'; readonly data: z.infer<typeof RenderletEditableDataSchema> }

export interface AreaBrick {
  readonly id: string
  readonly brick: BrickType
  readonly hidden?: boolean
  readonly editables: EditableMap
}

export type EditableMap = { readonly [name: string]: Editable }

/** Editable names: letters, digits, '_' and '-', starting with a letter. */
export const EditableNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/)

const BrickIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)

// Recursive schemas are named (`.meta({ id })`) so the OpenAPI document holds each once.
export const EditableSchema: z.ZodType<Editable> = z
  .lazy(() =>
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('input'), data: text(EDITABLE_LIMITS.input) }),
      z.object({ type: z.literal('textarea'), data: text(EDITABLE_LIMITS.textarea) }),
      z.object({ type: z.literal('wysiwyg'), data: text(EDITABLE_LIMITS.wysiwyg) }),
      z.object({ type: z.literal('image'), data: ImageEditableDataSchema }),
      z.object({ type: z.literal('link'), data: LinkEditableDataSchema }),
      z.object({ type: z.literal('select'), data: text(200) }),
      z.object({ type: z.literal('checkbox'), data: z.boolean() }),
      z.object({ type: z.literal('numeric'), data: z.number().finite().nullable() }),
      z.object({ type: z.literal('date'), data: z.iso.date().nullable() }),
      z.object({ type: z.literal('relation'), data: EditableElementRefSchema.nullable() }),
      z.object({
        type: z.literal('relations'),
        data: z.array(EditableElementRefSchema).max(EDITABLE_LIMITS.relations),
      }),
      z.object({ type: z.literal('video'), data: VideoEditableDataSchema }),
      z.object({
        type: z.literal('block'),
        data: z.array(EditableMapSchema).max(EDITABLE_LIMITS.blockItems),
      }),
      z.object({
        type: z.literal('areablock'),
        data: z.array(AreaBrickSchema).max(EDITABLE_LIMITS.areablockItems),
      }),
      z.object({
        type: z.literal('snippet'),
        data: z.object({ documentId: BigIdSchema.nullable() }),
      }),
      z.object({ type: z.literal('renderlet'), data: RenderletEditableDataSchema }),
    ]),
  )
  .meta({ id: 'DocumentEditable' })

export const EditableMapSchema: z.ZodType<EditableMap> = z
  .lazy(() => z.record(EditableNameSchema, EditableSchema))
  .meta({ id: 'DocumentEditableMap' })

export const AreaBrickSchema: z.ZodType<AreaBrick> = z
  .lazy(() =>
    z.object({
      id: BrickIdSchema,
      brick: z.enum(BRICK_TYPES),
      hidden: z.boolean().optional(),
      editables: EditableMapSchema,
    }),
  )
  .meta({ id: 'DocumentAreaBrick' })
