import { asc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  LanguageTreeCell,
  LanguageTreeNode,
  LanguageTreeRoot,
} from '@optika/domain/cms/document-sites-api'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documents, documentTranslations } from '../../platform/db/schema/documents.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { TreeRights } from '../../elements/tree-rights.ts'
import {
  fullPathOf,
  loadDocumentWithRight,
  type DocumentRow,
} from '../documents/read-document-tree.ts'
import { languagesOf } from './document-languages.ts'

/** The most children one level of the language tree shows (Pimcore's has no paging either). */
export const LANGUAGE_TREE_MAX_CHILDREN = 1_000

/** Each document's translations: document id → locale → the linked document (one query). */
async function linkedDocumentsOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, Map<string, DocumentRow>>> {
  const result = new Map<number, Map<string, DocumentRow>>()
  if (ids.length === 0) return result
  const own = alias(documentTranslations, 'own')
  const member = alias(documentTranslations, 'member')
  const rows = await db
    .select({ of: own.documentId, language: member.language, document: documents })
    .from(own)
    .innerJoin(member, eq(member.sourceId, own.sourceId))
    .innerJoin(documents, eq(documents.id, member.documentId))
    .where(inArray(own.documentId, [...ids]))
  for (const r of rows) {
    const of = Number(r.of)
    const map = result.get(of) ?? new Map<string, DocumentRow>()
    map.set(r.language, r.document)
    result.set(of, map)
  }
  return result
}

async function withChildren(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ parentId: documents.parentId })
    .from(documents)
    .where(inArray(documents.parentId, [...ids]))
  return new Set(rows.map((r) => Number(r.parentId)))
}

function cellOf(row: DocumentRow): LanguageTreeCell {
  return {
    id: row.id,
    key: row.key,
    path: fullPathOf(row),
    type: row.type,
    published: row.published,
  }
}

/** Rows as language-tree nodes with their translations in `languages` (those the user may list). */
async function languageTreeNodes(
  db: Db,
  rights: TreeRights,
  rows: readonly DocumentRow[],
  languages: readonly Locale[],
): Promise<LanguageTreeNode[]> {
  const ids = rows.map((r) => r.id)
  const [ownLanguages, links, parents] = await Promise.all([
    languagesOf(db, rows),
    linkedDocumentsOf(db, ids),
    withChildren(db, ids),
  ])
  return rows.map((row) => {
    const linked = links.get(row.id)
    const translations: Record<string, LanguageTreeCell | null> = {}
    for (const language of languages) {
      const other = linked?.get(language)
      if (other && other.id !== row.id && rights.mayList(fullPathOf(other))) {
        translations[language] = cellOf(other)
      } else if (row.type !== 'folder') {
        translations[language] = null
      }
    }
    return {
      id: row.id,
      parentId: row.parentId,
      key: row.key,
      path: fullPathOf(row),
      type: row.type,
      published: row.published,
      language: ownLanguages.get(row.id) ?? null,
      hasChildren: parents.has(row.id),
      translations,
    }
  })
}

/**
 * GET language-tree: the children of `node` the user may list, in the tree's order, each with
 * its translations in `languages` (the columns beside the tree's own language).
 */
export async function getLanguageTree(
  ctx: AdminContext,
  query: { node: number; languages: readonly Locale[] },
): Promise<{ nodes: LanguageTreeNode[] }> {
  const { rights } = await loadDocumentWithRight(ctx, query.node, 'list')
  const children = await ctx.db
    .select()
    .from(documents)
    .where(eq(documents.parentId, query.node))
    .orderBy(asc(documents.index), asc(documents.key), asc(documents.id))
    .limit(LANGUAGE_TREE_MAX_CHILDREN)
  const listed = children.filter((c) => rights.mayList(fullPathOf(c)))
  return { nodes: await languageTreeNodes(ctx.db, rights, listed, query.languages) }
}

/**
 * GET language-tree-root: a document as the root of the translations view — its language first,
 * then every language it or its parent is linked to (the columns), and its own links.
 */
export async function getLanguageTreeRoot(
  ctx: AdminContext,
  id: number,
): Promise<LanguageTreeRoot> {
  const { row, rights } = await loadDocumentWithRight(ctx, id, 'list')
  const ids = row.parentId === null ? [row.id] : [row.id, row.parentId]
  const [links, ownLanguages] = await Promise.all([
    linkedDocumentsOf(ctx.db, ids),
    languagesOf(ctx.db, [row]),
  ])
  const own = ownLanguages.get(row.id) ?? null
  const combined = new Map(links.get(row.parentId ?? -1) ?? [])
  for (const [language, doc] of links.get(row.id) ?? []) combined.set(language, doc)
  const others = LOCALES.filter((language) => {
    const doc = combined.get(language)
    return language !== own && doc !== undefined && rights.mayList(fullPathOf(doc))
  })
  const [root] = await languageTreeNodes(ctx.db, rights, [row], others)
  return { root: root!, languages: own ? [own, ...others] : others }
}
