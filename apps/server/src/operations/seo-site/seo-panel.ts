import { and, asc, eq, isNotNull, like, sql } from 'drizzle-orm'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import type { SeoNode } from '@optika/domain/operations/seo-site'
import { seoIssuesOf } from '@optika/domain/operations/seo-site'
import { DEFAULT_LOCALE, isLocale, type Locale } from '@optika/i18n/locales'
import { categoryUrl } from '../../catalogue/reads/catalogue-urls.ts'
import { CATEGORIES_PATH } from '../../catalogue/reads/published-categories.ts'
import { saveDocument } from '../../cms/content/save-document.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { saveObject } from '../../pim/objects/save-object.ts'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'

/** The document tree's root, and the virtual folder holding the category tree. */
export const SEO_DOCUMENT_ROOT = 'document-1'
export const SEO_CATEGORIES = 'categories'

const NODE_ID = /^(document|category)-(\d{1,15})$/

function emptySeo(): Pick<
  SeoNode,
  'title' | 'description' | 'titleLength' | 'descriptionLength' | 'issues' | 'hasSeo'
> {
  return {
    title: '',
    description: '',
    titleLength: 0,
    descriptionLength: 0,
    issues: [],
    hasSeo: false,
  }
}

function seoOf(title: string, description: string) {
  return {
    title,
    description,
    titleLength: title.length,
    descriptionLength: description.length,
    issues: seoIssuesOf(title, description),
    hasSeo: true,
  }
}

/** The panel's two top nodes: the documents' root and the product categories. */
export async function seoTreeRoot(db: Db): Promise<SeoNode[]> {
  const [documentChildren, categoryChildren] = await Promise.all([
    db.$count(documents, eq(documents.parentId, 1)),
    db.$count(
      objects,
      and(
        eq(objects.classId, 'Category'),
        eq(objects.type, 'object'),
        eq(objects.path, CATEGORIES_PATH),
      ),
    ),
  ])
  return [
    {
      id: SEO_DOCUMENT_ROOT,
      kind: 'folder',
      type: 'folder',
      label: '/',
      path: '/',
      published: true,
      hasChildren: documentChildren > 0,
      language: null,
      ...emptySeo(),
    },
    {
      id: SEO_CATEGORIES,
      kind: 'folder',
      type: 'folder',
      label: CATEGORIES_PATH,
      path: CATEGORIES_PATH,
      published: true,
      hasChildren: categoryChildren > 0,
      language: null,
      ...emptySeo(),
    },
  ]
}

/** The children of a node: documents with their page settings, or categories in `language`. */
export async function seoTreeChildren(
  db: Db,
  node: string,
  language: string | undefined,
): Promise<SeoNode[]> {
  const locale: Locale = isLocale(language) ? language : DEFAULT_LOCALE
  if (node === 'root') return seoTreeRoot(db)
  if (node === SEO_CATEGORIES) return categoryChildren(db, null, locale)
  const match = NODE_ID.exec(node)
  if (!match) throw new AppError(400, 'BAD_REQUEST', 'seoSite.seoPanel.badNode')
  const id = Number(match[2])
  return match[1] === 'document' ? documentChildren(db, id) : categoryChildren(db, id, locale)
}

async function documentChildren(db: Db, parentId: number): Promise<SeoNode[]> {
  const [parent] = await db
    .select({ path: documents.path, key: documents.key, parentId: documents.parentId })
    .from(documents)
    .where(eq(documents.id, parentId))
  if (!parent) throw new AppError(404, 'NOT_FOUND', 'seoSite.seoPanel.noNode')
  const [rows, roots] = await Promise.all([
    db
      .select({
        id: documents.id,
        type: documents.type,
        key: documents.key,
        path: documents.path,
        published: documents.published,
        language: documents.language,
        title: sql<string>`coalesce(${documents.settings} ->> 'title', '')`,
        description: sql<string>`coalesce(${documents.settings} ->> 'description', '')`,
        children: sql<number>`(select count(*) from documents c where c.parent_id = documents.id)::int`,
      })
      .from(documents)
      .where(eq(documents.parentId, parentId))
      .orderBy(asc(documents.index), asc(documents.key)),
    db
      .select({ path: documents.path, key: documents.key, language: documents.language })
      .from(documents)
      .where(isNotNull(documents.language)),
  ])
  const parentPath = parent.parentId === null ? '/' : `${parent.path}${parent.key}`
  // The language a document inherits: its nearest language root's.
  const inherited =
    roots
      .map((root) => ({ path: `${root.path}${root.key}`, language: root.language }))
      .filter((root) => parentPath === root.path || parentPath.startsWith(`${root.path}/`))
      .sort((a, b) => b.path.length - a.path.length)[0]?.language ?? null
  return rows.map((row) => ({
    id: `document-${row.id}`,
    kind: 'document',
    type: row.type,
    label: row.key,
    path: `${row.path}${row.key}`,
    published: row.published,
    hasChildren: row.children > 0,
    language: row.language ?? inherited,
    ...(row.type === 'page' ? seoOf(row.title, row.description) : emptySeo()),
  }))
}

function textIn(text: LocalizedText | null, locale: Locale): string {
  const value = (text as Record<string, unknown> | null)?.[locale]
  return typeof value === 'string' ? value : ''
}

async function categoryChildren(
  db: Db,
  parentId: number | null,
  locale: Locale,
): Promise<SeoNode[]> {
  const rows = await db
    .select({
      id: objects.id,
      key: objects.key,
      published: objects.published,
      name: sql<LocalizedText | null>`${objects.data} -> 'name'`,
      slug: sql<LocalizedText | null>`${objects.data} -> 'slug'`,
      description: sql<LocalizedText | null>`${objects.data} -> 'description'`,
      children: sql<number>`(select count(*) from objects c where c.parent_id = objects.id and c.class_id = 'Category')::int`,
    })
    .from(objects)
    .where(
      and(
        eq(objects.classId, 'Category'),
        eq(objects.type, 'object'),
        parentId === null ? eq(objects.path, CATEGORIES_PATH) : eq(objects.parentId, parentId),
        like(objects.path, `${CATEGORIES_PATH}%`),
      ),
    )
    .orderBy(asc(objects.index), asc(objects.key))
  return rows.map((row) => {
    const name = textIn(row.name, locale)
    return {
      id: `category-${row.id}`,
      kind: 'category',
      type: 'category',
      label: name || row.key,
      path: categoryUrl(locale, row.id, row.slug ?? undefined),
      published: row.published,
      hasChildren: row.children > 0,
      language: locale,
      ...seoOf(name, textIn(row.description, locale)),
    }
  })
}

/**
 * Sets a page's title and description through the documents' one save path (rights, lock,
 * version, audit): a published page is published again, an unpublished one saved as it is.
 */
export async function saveDocumentSeo(
  ctx: AdminContext,
  input: { id: number; title: string; description: string },
): Promise<void> {
  const [row] = await ctx.db
    .select({ type: documents.type, published: documents.published })
    .from(documents)
    .where(eq(documents.id, input.id))
  if (!row) throw new AppError(404, 'NOT_FOUND', 'seoSite.seoPanel.noNode')
  if (row.type !== 'page') throw new AppError(400, 'BAD_REQUEST', 'seoSite.seoPanel.notAPage')
  await saveDocument(ctx, {
    id: input.id,
    type: 'page',
    task: row.published ? 'publish' : 'version',
    data: { settings: { title: input.title, description: input.description } },
    note: 'SEO panel',
  })
}

/**
 * Sets a category's description in one language through the objects' save path (rights, lock,
 * validation, version, audit); the other languages' texts stay as they are.
 */
export async function saveCategorySeo(
  ctx: AdminContext,
  input: { id: number; language: Locale; description: string },
): Promise<void> {
  const [row] = await ctx.db
    .select({
      classId: objects.classId,
      published: objects.published,
      description: sql<LocalizedText | null>`${objects.data} -> 'description'`,
    })
    .from(objects)
    .where(eq(objects.id, input.id))
  if (!row || row.classId !== 'Category') {
    throw new AppError(404, 'NOT_FOUND', 'seoSite.seoPanel.noNode')
  }
  await saveObject(ctx, {
    id: input.id,
    data: { description: { ...(row.description ?? {}), [input.language]: input.description } },
    merge: true,
    task: row.published ? 'publish' : 'save',
  })
}
