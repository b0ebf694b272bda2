import { inArray } from 'drizzle-orm'
import type { DocumentNavLink } from '@optika/domain/cms/document-page'
import type { Editable, EditableMap } from '@optika/domain/cms/editables'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { documentPathOf, editablesOf, findDocumentsByPaths } from './document-rows.ts'

type LinkData = Extract<Editable, { type: 'link' }>['data']

/** http(s), mailto:, tel: and paths of this shop; anything else (javascript:) is dropped. */
function isSafeHref(href: string): boolean {
  if (href.startsWith('/')) return !href.startsWith('//') && !href.startsWith('/\\')
  return /^(https?:\/\/|mailto:|tel:)\S+$/i.test(href)
}

function linksOf(editables: EditableMap): LinkData[] {
  const block = editables.links
  if (block?.type !== 'block') return []
  return block.data.flatMap((item) => (item.link?.type === 'link' ? [item.link.data] : []))
}

/**
 * The links of published navigation snippets (template `navigation`, e.g. the footer's), by
 * their paths: internal links go to their documents' addresses (unpublished or deleted targets
 * are left out), others keep their address. A missing or unpublished snippet has no entry.
 */
export async function loadNavigationSnippets(
  db: Db,
  fullPaths: readonly string[],
): Promise<Map<string, DocumentNavLink[]>> {
  const snippets = (await findDocumentsByPaths(db, fullPaths)).filter(
    (row) => row.published && row.type === 'snippet',
  )
  const linksByPath = new Map(snippets.map((s) => [documentPathOf(s), linksOf(editablesOf(s))]))
  const targetIds = [...linksByPath.values()]
    .flat()
    .flatMap((l) => (l.internal?.type === 'document' ? [l.internal.id] : []))
  const targets =
    targetIds.length === 0
      ? []
      : await db
          .select({
            id: documents.id,
            parentId: documents.parentId,
            path: documents.path,
            key: documents.key,
            published: documents.published,
          })
          .from(documents)
          .where(inArray(documents.id, [...new Set(targetIds)]))
  const pathById = new Map(
    targets.filter((t) => t.published).map((t) => [t.id, documentPathOf(t)] as const),
  )
  const resolve = (link: LinkData): DocumentNavLink[] => {
    const target = link.target === '_blank' ? { target: '_blank' as const } : {}
    if (link.internal) {
      const path = link.internal.type === 'document' ? pathById.get(link.internal.id) : undefined
      return path ? [{ title: link.text || path, href: path, ...target }] : []
    }
    const href = link.href?.trim() ?? ''
    return href && isSafeHref(href) ? [{ title: link.text || href, href, ...target }] : []
  }
  return new Map([...linksByPath].map(([path, links]) => [path, links.flatMap(resolve)]))
}
