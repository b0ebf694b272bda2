import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANONYMOUS_VIEWER, type Viewer } from '@optika/domain/accounts/viewer'
import type { AreaBrick, EditableMap } from '@optika/domain/cms/editables'
import type { ResolvedBrick, ResolvedContent } from '@optika/domain/cms/resolved-content'
import type { Database } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { catalogue } from '@optika/i18n/catalogue'
import { createTestDatabase } from '../../../test/test-database.ts'
import { createTranslator, syncCatalogue } from '../../platform/i18n/translator.ts'
import { createProductSearch } from '../../catalogue/product-search/product-search.ts'
import { createProductListService } from '../../catalogue/product-list/product-list-service.ts'
import { FIXTURE, insertCatalogueFixture } from '../../../test/fixtures/catalogue-fixture.ts'
import { resolveDocumentContent } from './resolve-document-content.ts'

const { products: p, categories: c, assets: a } = FIXTURE

const CUSTOMER: Viewer = {
  ...ANONYMOUS_VIEWER,
  customerId: 7,
  kind: 'customer',
  displayName: 'Jana Nováková',
}

const brick = (id: string, kind: AreaBrick['brick'], editables: EditableMap): AreaBrick => ({
  id,
  brick: kind,
  editables,
})

function bricksOf(content: ResolvedContent, name = 'content'): readonly ResolvedBrick[] {
  const area = content.editables[name]
  if (area?.type !== 'areablock') throw new Error(`${name} is not an area block`)
  return area.bricks
}

describe('resolveDocumentContent', () => {
  let database: Database
  let videoId: number
  let pdfId: number
  let dealerCz: number
  let dealerSk: number
  beforeAll(async () => {
    database = await createTestDatabase()
    const db = database.db
    await insertCatalogueFixture(db)
    await db
      .update(assets)
      .set({
        metadata: [
          { name: 'alt', language: 'cs', type: 'input', data: 'Černé brýle Žofie' },
          { name: 'alt', language: '', type: 'input', data: 'Zofie glasses' },
        ],
      })
      .where(eq(assets.id, a.zofieBlack))
    await db
      .update(assets)
      .set({
        metadata: [{ name: 'title', language: 'cs', type: 'input', data: 'Žofie ve zlaté' }],
      })
      .where(eq(assets.id, a.zofieGold))
    const [video, pdf] = await db
      .insert(assets)
      .values([
        {
          id: 310,
          parentId: 1,
          type: 'video',
          key: 'clip.mp4',
          path: '/',
          mimeType: 'video/mp4',
          storageKey: 'clips/clip.mp4',
        },
        {
          id: 311,
          parentId: 1,
          type: 'document',
          key: 'terms.pdf',
          path: '/',
          mimeType: 'application/pdf',
          storageKey: 'docs/terms.pdf',
        },
      ])
      .returning({ id: assets.id })
    videoId = video!.id
    pdfId = pdf!.id
    const dealer = (id: number, key: string, data: Record<string, unknown>, published = true) => ({
      id,
      parentId: 1,
      type: 'object' as const,
      key,
      path: '/',
      published,
      classId: 'Dealer',
      data,
    })
    dealerCz = 400
    dealerSk = 401
    await db.insert(objects).values([
      dealer(dealerCz, 'optika-brno', {
        name: 'Optika Brno',
        city: 'Brno',
        country: 'CZ',
        phone: '+420 541 000 111',
      }),
      dealer(dealerSk, 'optika-kosice', {
        name: 'Optika Košice',
        city: 'Košice',
        country: 'SK',
        web: 'javascript:alert(1)',
      }),
      dealer(402, 'closed', { name: 'Zavřená optika', country: 'CZ' }, false),
    ])
  })
  afterAll(() => database.close())

  const resolve = (
    editables: EditableMap,
    viewer: Viewer = ANONYMOUS_VIEWER,
    template = 'content',
  ) => resolveDocumentContent({ db: database.db }, { template, editables, locale: 'cs', viewer })

  it('draws a picture in its size with the asset’s alternative text in the page’s language', async () => {
    const content = await resolve({
      hero: { type: 'image', data: { assetId: a.zofieBlack, thumbnail: 'hero' } },
      own: { type: 'image', data: { assetId: a.zofieBlack, alt: 'Vlastní popis' } },
      gone: { type: 'image', data: { assetId: 999_999 } },
      pdf: { type: 'image', data: { assetId: pdfId } },
    })
    expect(content.editables.hero).toEqual({
      type: 'image',
      image: {
        src: '/media/large/demo/zofie-black.webp',
        srcSet:
          '/media/thumbnail/demo/zofie-black.webp 320w, /media/medium/demo/zofie-black.webp 640w, /media/large/demo/zofie-black.webp 800w',
        width: 800,
        height: 400,
        alt: 'Černé brýle Žofie',
      },
    })
    expect(content.editables.own).toMatchObject({
      image: {
        src: '/media/medium/demo/zofie-black.webp',
        width: 640,
        height: 320,
        alt: 'Vlastní popis',
      },
    })
    expect(content.editables.gone).toEqual({ type: 'image', image: null })
    expect(content.editables.pdf).toEqual({ type: 'image', image: null })
  })

  it('turns links into addresses and drops unsafe ones and targets that are gone', async () => {
    const content = await resolve({
      product: { type: 'link', data: { internal: { type: 'object', id: p.zofie }, text: '' } },
      category: {
        type: 'link',
        data: { internal: { type: 'object', id: c.womens }, text: 'Pro ženy', target: '_blank' },
      },
      draft: { type: 'link', data: { internal: { type: 'object', id: p.draft }, text: 'x' } },
      script: { type: 'link', data: { href: 'javascript:alert(1)', text: 'x' } },
      protocolRelative: { type: 'link', data: { href: '//evil.example/x', text: 'x' } },
      mail: { type: 'link', data: { href: 'mailto:info@optika.cz', text: '' } },
      path: { type: 'link', data: { href: '/cs/terms', text: 'Podmínky' } },
    })
    const e = content.editables
    expect(e.product).toEqual({
      type: 'link',
      link: {
        href: '/cs/p/100/damske-bryle-zofie',
        text: 'Dámské brýle Žofie',
        title: '',
        newWindow: false,
        external: false,
      },
    })
    expect(e.category).toMatchObject({ link: { text: 'Pro ženy', newWindow: true } })
    expect(e.draft).toEqual({ type: 'link', link: null })
    expect(e.script).toEqual({ type: 'link', link: null })
    expect(e.protocolRelative).toEqual({ type: 'link', link: null })
    expect(e.mail).toMatchObject({
      link: { href: 'mailto:info@optika.cz', text: 'info@optika.cz', external: true },
    })
    expect(e.path).toMatchObject({ link: { href: '/cs/terms', external: false } })
  })

  it('shows a product teaser’s published products as tiles, priced only for signed-in viewers', async () => {
    const editables: EditableMap = {
      content: {
        type: 'areablock',
        data: [
          brick('teaser', 'product-teaser', {
            title: { type: 'input', data: 'Novinky' },
            products: {
              type: 'relations',
              data: [
                { type: 'object', id: p.sunny },
                { type: 'object', id: p.draft },
                { type: 'object', id: p.zofie },
              ],
            },
          }),
          {
            ...brick('hidden', 'text', { body: { type: 'wysiwyg', data: '<p>x</p>' } }),
            hidden: true,
          },
        ],
      },
    }
    const anonymous = bricksOf(await resolve(editables))
    expect(anonymous).toHaveLength(1)
    const teaser = anonymous[0]
    if (teaser?.brick !== 'product-teaser') throw new Error('expected a teaser')
    expect(teaser.title).toBe('Novinky')
    expect(teaser.products.map((tile) => tile.id)).toEqual([p.sunny, p.zofie])
    expect(teaser.products.every((tile) => tile.price === undefined)).toBe(true)
    expect(teaser.products[1]?.colors[0]?.thumbnail).toBe('/media/thumbnail/demo/zofie-black.webp')

    const signedIn = await resolve(editables, CUSTOMER)
    const priced = bricksOf(signedIn)[0]
    if (priced?.brick !== 'product-teaser') throw new Error('expected a teaser')
    expect(signedIn.signedIn).toBe(true)
    expect(priced.products.find((tile) => tile.id === p.zofie)?.price).toMatchObject({
      currency: 'CZK',
    })
  })

  it('lists the published dealers of the chosen country without unsafe web addresses', async () => {
    const content = await resolve({
      content: {
        type: 'areablock',
        data: [
          brick('cz', 'dealer-map', { country: { type: 'select', data: 'CZ' } }),
          brick('all', 'dealer-map', { country: { type: 'select', data: '' } }),
        ],
      },
    })
    const [cz, all] = bricksOf(content)
    if (cz?.brick !== 'dealer-map' || all?.brick !== 'dealer-map') throw new Error('dealers')
    expect(cz.dealers.map((d) => d.id)).toEqual([dealerCz])
    expect(cz.dealers[0]).toMatchObject({ name: 'Optika Brno', phone: '+420 541 000 111' })
    expect(all.dealers.map((d) => d.id)).toEqual([dealerCz, dealerSk])
    expect(all.dealers[1]?.web).toBe('')
  })

  it('draws gallery pictures, category tiles and a served video, leaving out the rest', async () => {
    const content = await resolve({
      content: {
        type: 'areablock',
        data: [
          brick('g', 'gallery', {
            images: {
              type: 'relations',
              data: [
                { type: 'asset', id: a.zofieGold },
                { type: 'asset', id: pdfId },
              ],
            },
          }),
          brick('c', 'category-tiles', {
            categories: {
              type: 'relations',
              data: [
                { type: 'object', id: c.mens },
                { type: 'object', id: c.hidden },
                { type: 'object', id: p.zofie },
              ],
            },
          }),
          brick('v', 'video', {
            video: { type: 'video', data: { assetId: videoId, posterAssetId: a.zofieGold } },
            caption: { type: 'input', data: 'Jak vybrat obruby' },
          }),
        ],
      },
    })
    const [gallery, tiles, video] = bricksOf(content)
    if (gallery?.brick !== 'gallery') throw new Error('gallery')
    expect(gallery.images).toHaveLength(1)
    expect(gallery.images[0]?.full.src).toBe('/media/large/demo/zofie-gold.webp')
    expect(gallery.images[0]?.thumbnail.src).toBe('/media/thumbnail/demo/zofie-gold.webp')
    // Captioned as the galleries are: the asset's title in the page's language.
    expect(gallery.images[0]?.caption).toBe('Žofie ve zlaté')
    if (tiles?.brick !== 'category-tiles') throw new Error('tiles')
    expect(tiles.categories.map((t) => t.name)).toEqual(['Pánské obruby'])
    if (video?.brick !== 'video') throw new Error('video')
    expect(video.video).toMatchObject({
      src: `/api/document-file/${videoId}`,
      mimeType: 'video/mp4',
      poster: { src: '/media/large/demo/zofie-gold.webp' },
    })
  })

  it('embeds a published snippet’s content and cuts a snippet that embeds itself', async () => {
    const db = database.db
    const [loop] = await db
      .insert(documents)
      .values({
        parentId: 1,
        type: 'snippet',
        key: 'loop',
        path: '/',
        published: true,
        template: 'content-snippet',
      })
      .returning({ id: documents.id })
    const loopId = loop!.id
    await db
      .update(documents)
      .set({
        editables: {
          self: { type: 'snippet', data: { documentId: loopId } },
          content: {
            type: 'areablock',
            data: [brick('t', 'text', { body: { type: 'wysiwyg', data: '<p>Ze snippetu</p>' } })],
          },
        },
      })
      .where(eq(documents.id, loopId))
    const [unpublished] = await db
      .insert(documents)
      .values({
        parentId: 1,
        type: 'snippet',
        key: 'draft',
        path: '/',
        template: 'content-snippet',
      })
      .returning({ id: documents.id })

    const [about] = await db
      .insert(documents)
      .values({
        parentId: 1,
        type: 'page',
        key: 'o-nas',
        path: '/',
        published: true,
        template: 'content',
        settings: { title: 'O nás', navigation: { title: 'Kdo jsme', exclude: false } },
      })
      .returning({ id: documents.id })
    const content = await resolve({
      toPage: { type: 'link', data: { internal: { type: 'document', id: about!.id }, text: '' } },
      footer: { type: 'snippet', data: { documentId: loopId } },
      draft: { type: 'snippet', data: { documentId: unpublished!.id } },
      toSnippet: { type: 'link', data: { internal: { type: 'document', id: loopId }, text: 'x' } },
    })
    expect(content.editables.toPage).toMatchObject({ link: { href: '/o-nas', text: 'Kdo jsme' } })
    // A snippet is no page of its own: a link to it has nowhere to go.
    expect(content.editables.toSnippet).toEqual({ type: 'link', link: null })
    const footer = content.editables.footer
    if (footer?.type !== 'snippet' || !footer.content) throw new Error('snippet')
    expect(footer.content.template).toBe('content-snippet')
    expect(bricksOf(footer.content)).toEqual([
      { id: 't', brick: 'text', html: '<p>Ze snippetu</p>' },
    ])
    expect(footer.content.editables.self).toEqual({ type: 'snippet', content: null })
    expect(content.editables.draft).toEqual({ type: 'snippet', content: null })
  })

  it('shows an embedded snippet’s variant to a visitor of its target group, and no variant to others', async () => {
    const [banner] = await database.db
      .insert(documents)
      .values({
        parentId: 1,
        type: 'snippet',
        key: 'banner',
        path: '/',
        published: true,
        template: 'content-snippet',
        editables: {
          title: { type: 'input', data: 'Pro všechny' },
          'tg7--title': { type: 'input', data: 'Pro optiky' },
        },
      })
      .returning({ id: documents.id })
    const titleFor = async (targetGroupIds: number[]) => {
      const content = await resolveDocumentContent(
        { db: database.db },
        {
          template: 'content',
          editables: { banner: { type: 'snippet', data: { documentId: banner!.id } } },
          locale: 'cs',
          viewer: ANONYMOUS_VIEWER,
          targetGroupIds,
        },
      )
      const snippet = content.editables.banner
      if (snippet?.type !== 'snippet' || !snippet.content) throw new Error('snippet')
      expect(Object.keys(snippet.content.editables)).toEqual(['title'])
      return snippet.content.editables.title
    }
    expect(await titleFor([7])).toMatchObject({ text: 'Pro optiky' })
    expect(await titleFor([3])).toMatchObject({ text: 'Pro všechny' })
    expect(await titleFor([])).toMatchObject({ text: 'Pro všechny' })
  })

  it('draws a renderlet as the category’s product list with a link to the whole list', async () => {
    await syncCatalogue(database.db, catalogue)
    const translator = await createTranslator(database.db)
    const search = createProductSearch(database.db)
    try {
      const productList = createProductListService({ db: database.db, translator, search })
      const editables: EditableMap = {
        womens: { type: 'renderlet', data: { categoryId: c.womens, query: '', limit: 4 } },
        hidden: { type: 'renderlet', data: { categoryId: c.hidden, query: '', limit: 4 } },
        product: { type: 'renderlet', data: { categoryId: p.zofie, query: '', limit: 4 } },
      }
      const content = await resolveDocumentContent(
        { db: database.db, productList },
        { template: 'content', editables, locale: 'cs', viewer: ANONYMOUS_VIEWER },
      )
      const womens = content.editables.womens
      if (womens?.type !== 'renderlet') throw new Error('renderlet')
      expect(womens.products.map((tile) => tile.id)).toEqual([p.zofie])
      expect(womens.moreHref).toMatch(/^\/cs\/c\/12\//)
      expect(womens.categoryName).toBe('Dámské obruby')
      const empty = { type: 'renderlet', products: [], moreHref: null, categoryName: '' }
      expect(content.editables.hidden).toEqual(empty)
      expect(content.editables.product).toEqual(empty)
    } finally {
      await search.close()
    }
  })

  it('keeps blocks and plain values as they are', async () => {
    const content = await resolve(
      {
        benefits: {
          type: 'block',
          data: [
            {
              icon: { type: 'select', data: 'truck' },
              title: { type: 'input', data: 'Doprava' },
            },
          ],
        },
        date: { type: 'date', data: '2026-03-01' },
        flag: { type: 'checkbox', data: true },
      },
      ANONYMOUS_VIEWER,
      'home',
    )
    expect(content).toEqual({
      template: 'home',
      locale: 'cs',
      signedIn: false,
      editables: {
        benefits: {
          type: 'block',
          items: [
            { icon: { type: 'select', text: 'truck' }, title: { type: 'input', text: 'Doprava' } },
          ],
        },
        date: { type: 'date', value: '2026-03-01' },
        flag: { type: 'checkbox', value: true },
      },
    })
  })
})
