import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClassDefinitionSchema, type ClassDefinition } from '@optika/domain/pim/class-definition'
import type { Database } from '../../platform/db/client.ts'
import { assets, objectClasses, objects } from '../../platform/db/schema/elements.ts'
import {
  csGroups,
  csKeys,
  csRelations,
  csStores,
  fieldContainers,
  quantityValueUnits,
  selectOptions,
} from '../../platform/db/schema/pim.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import {
  collectReferences,
  rewriteReferences,
  sanitizeWysiwyg,
  validateObjectForSave,
} from './validate-object.ts'
import { loadValidationLookup } from './validation-lookup.ts'

let database: Database
let root: number
let brand: number
let folder: number
let image: number
let pdf: number
let existing: number

const definition: ClassDefinition = ClassDefinitionSchema.parse({
  layout: [
    { kind: 'field', type: 'input', name: 'code', title: 'Code', unique: true },
    {
      kind: 'layout',
      type: 'localizedfields',
      name: 'texts',
      title: 'Texts',
      children: [
        { kind: 'field', type: 'input', name: 'slug', title: 'Slug', unique: true },
        { kind: 'field', type: 'wysiwyg', name: 'description', title: 'Description' },
      ],
    },
    { kind: 'field', type: 'manyToOneRelation', name: 'brand', title: 'Brand', classes: ['Brand'] },
    { kind: 'field', type: 'manyToManyRelation', name: 'related', title: 'Related' },
    { kind: 'field', type: 'image', name: 'image', title: 'Image' },
    { kind: 'field', type: 'imageGallery', name: 'gallery', title: 'Gallery' },
    { kind: 'field', type: 'select', name: 'shape', title: 'Shape', optionsProviderId: 'Shapes' },
    { kind: 'field', type: 'quantityValue', name: 'weight', title: 'Weight' },
    {
      kind: 'field',
      type: 'fieldcollections',
      name: 'features',
      title: 'Features',
      allowedTypes: ['Feature'],
    },
    {
      kind: 'field',
      type: 'block',
      name: 'rows',
      title: 'Rows',
      children: [{ kind: 'field', type: 'image', name: 'picture', title: 'Picture' }],
    },
    { kind: 'field', type: 'classificationstore', name: 'specs', title: 'Specs', storeId: 1 },
  ],
})

beforeAll(async () => {
  database = await createTestDatabase()
  const db = database.db
  await db
    .insert(objectClasses)
    .values([
      { id: 'Product', name: 'Product', definition },
      { id: 'Brand', name: 'Brand', definition: { layout: [] } },
    ])
    // Replaces the shop classes of the same name that migration 0004 installs.
    .onConflictDoUpdate({
      target: objectClasses.id,
      set: { name: sql`excluded.name`, definition: sql`excluded.definition` },
    })
  const insertObject = async (values: Partial<typeof objects.$inferInsert>) =>
    (
      await db
        .insert(objects)
        .values({ type: 'object', key: 'x', path: '/', ...values })
        .returning({ id: objects.id })
    )[0]!.id
  root = await insertObject({ type: 'folder', key: '', parentId: null })
  folder = await insertObject({ type: 'folder', key: 'brands', parentId: root })
  brand = await insertObject({
    key: 'ray-ban',
    parentId: folder,
    path: '/brands/',
    classId: 'Brand',
  })
  existing = await insertObject({
    key: 'rb-1',
    parentId: root,
    classId: 'Product',
    data: { code: 'RB-1', slug: { cs: 'rb-1-cs', en: 'rb-1' } },
  })
  const insertAsset = async (type: 'image' | 'document', key: string) =>
    (
      await db
        .insert(assets)
        .values({
          type,
          key,
          path: '/',
          mimeType: type === 'image' ? 'image/png' : 'application/pdf',
        })
        .returning({ id: assets.id })
    )[0]!.id
  image = await insertAsset('image', 'a.png')
  pdf = await insertAsset('document', 'a.pdf')
  await db
    .insert(selectOptions)
    .values({ id: 'Shapes', options: [{ key: 'round', value: 'Round' }] })
  await db.insert(quantityValueUnits).values({ id: 'g', abbreviation: 'g' }).onConflictDoNothing()
  await db.insert(fieldContainers).values({
    kind: 'fieldcollection',
    key: 'Feature',
    definition: {
      title: 'Feature',
      layout: [
        { kind: 'field', type: 'wysiwyg', name: 'text', title: 'Text' },
        { kind: 'field', type: 'manyToOneRelation', name: 'link', title: 'Link' },
      ],
    },
  })
  const [store] = await db.insert(csStores).values({ name: 'Specs' }).returning()
  const [group] = await db
    .insert(csGroups)
    .values({ storeId: store!.id, name: 'Frame' })
    .returning()
  const [key] = await db
    .insert(csKeys)
    .values({
      storeId: store!.id,
      name: 'bridge width',
      type: 'number',
      definition: { max: 30 },
    })
    .returning()
  await db.insert(csRelations).values({ groupId: group!.id, keyId: key!.id, mandatory: true })
})
afterAll(() => database.close())

function validate(data: unknown, objectId: number | null = null, checkMandatory = false) {
  return validateObjectForSave(database.db, {
    classId: 'Product',
    definition,
    objectId,
    data,
    checkMandatory,
  })
}

describe('validateObjectForSave', () => {
  it('accepts valid data and returns it normalized', async () => {
    const result = await validate({
      code: 'RB-2',
      slug: { cs: 'rb-2' },
      brand,
      related: [existing],
      image,
      gallery: [image],
      shape: 'round',
      weight: { value: 20, unitId: 'g' },
      unknown: 'dropped',
    })
    expect(result.errors).toEqual([])
    expect(result.data).toEqual({
      code: 'RB-2',
      slug: { cs: 'rb-2' },
      brand,
      related: [existing],
      image,
      gallery: [image],
      shape: 'round',
      weight: { value: 20, unitId: 'g' },
    })
  })

  it('refuses a value another object of the class has, per language when localized', async () => {
    const result = await validate({ code: 'RB-1', slug: { cs: 'other', en: 'rb-1' } })
    expect(result.errors).toEqual([
      { path: 'code', key: 'pimClasses.field.unique' },
      { path: 'slug.en', key: 'pimClasses.field.unique' },
    ])
  })

  it('does not compare an object with itself, nor across languages', async () => {
    expect((await validate({ code: 'RB-1' }, existing)).errors).toEqual([])
    expect((await validate({ slug: { cs: 'rb-1' } })).errors).toEqual([])
  })

  it('refuses relations to missing objects, folders and objects of other classes', async () => {
    const result = await validate({ brand: existing, related: [999_999, folder, brand] })
    expect(result.errors).toEqual([
      { path: 'brand', key: 'pimClasses.field.relationClass', params: { value: existing } },
      { path: 'related.0', key: 'pimClasses.field.relationMissing', params: { value: 999_999 } },
      { path: 'related.1', key: 'pimClasses.field.relationClass', params: { value: folder } },
    ])
  })

  it('refuses assets that are missing or not images, also nested in blocks', async () => {
    const result = await validate({
      image: pdf,
      gallery: [image, 424_242],
      rows: [{ picture: pdf }],
    })
    expect(result.errors).toEqual([
      { path: 'image', key: 'pimClasses.field.notImage', params: { value: pdf } },
      { path: 'gallery.1', key: 'pimClasses.field.assetMissing', params: { value: 424_242 } },
      { path: 'rows.0.picture', key: 'pimClasses.field.notImage', params: { value: pdf } },
    ])
  })

  it('sanitizes wysiwyg HTML, localized and inside field collections', async () => {
    const dirty =
      '<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://optika.example" target="_blank">ok</a>' +
      '<style>p{}</style><img src=x onerror=alert(1)></p>'
    const result = await validate({
      description: { cs: dirty },
      features: [
        { type: 'Feature', text: '<em style="color:red">x</em><iframe src="//e"></iframe>' },
      ],
    })
    expect(result.errors).toEqual([])
    expect(result.data.description).toEqual({
      cs:
        '<p>Hi <strong>there</strong><a>bad</a> ' +
        '<a href="https://optika.example" target="_blank" rel="noopener noreferrer">ok</a></p>',
    })
    expect(result.data.features).toEqual([{ type: 'Feature', text: '<em>x</em>' }])
  })

  it('keeps pictures from the shop’s own media only', () => {
    const own =
      '<p><img src="/media/large/products/a.webp" alt="Frame" width="960" height="720" /></p>'
    expect(sanitizeWysiwyg(own)).toBe(
      '<p><img src="/media/large/products/a.webp" alt="Frame" width="960" height="720" /></p>',
    )
    expect(sanitizeWysiwyg('<p><img src="https://tracker.example/p.gif" /></p>')).toBe('<p></p>')
  })

  it('keeps mailto links and common formatting', () => {
    const html =
      '<h2>T</h2><ul><li><a href="mailto:a@b.cz">a</a></li></ul><table><tr><td>1</td></tr></table>'
    expect(sanitizeWysiwyg(html)).toBe(html)
  })

  it('validates classification-store values against the stored keys', async () => {
    const [group] = await database.db.select().from(csGroups)
    const [key] = await database.db.select().from(csKeys)
    const result = await validate(
      { specs: { groups: [group!.id], values: { [group!.id]: { [key!.id]: { default: 40 } } } } },
      null,
      true,
    )
    expect(result.errors).toEqual([
      {
        path: `specs.values.${group!.id}.${key!.id}.default`,
        key: 'pimClasses.field.max',
        params: { value: 30 },
      },
    ])
  })
})

describe('references', () => {
  const data = {
    brand: 3,
    related: [4, 5],
    image: 10,
    gallery: [11, 10],
    rows: [{ picture: 12 }],
    features: [{ type: 'Feature', link: 6 }],
  }

  it('collects every object and asset id, nested ones included', async () => {
    const lookup = await loadValidationLookup(database.db)
    const refs = collectReferences(definition, data, lookup)
    expect(refs.objects.toSorted()).toEqual([3, 4, 5, 6])
    expect(refs.assets.toSorted()).toEqual([10, 11, 12])
  })

  it('rewrites ids through the maps and leaves others alone', async () => {
    const lookup = await loadValidationLookup(database.db)
    const rewritten = rewriteReferences(
      definition,
      data,
      {
        objects: new Map([
          [4, 40],
          [6, 60],
        ]),
        assets: new Map([[10, 11]]),
      },
      lookup,
    )
    expect(rewritten).toEqual({
      brand: 3,
      related: [40, 5],
      image: 11,
      gallery: [11],
      rows: [{ picture: 12 }],
      features: [{ type: 'Feature', link: 60 }],
    })
  })
})
