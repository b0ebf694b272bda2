import { and, desc, eq, inArray, like } from 'drizzle-orm'
import {
  CONTENT_EXPORT_MAX_ELEMENTS,
  type ContentElementType,
  type ContentExportItem,
} from '@optika/domain/operations/content-export'
import type { FieldDefinition } from '@optika/domain/pim/class-definition'
import type { Locale } from '@optika/i18n/locales'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { elementDependencies, elementVersions } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { loadElementRights, type ElementRights } from '../../elements/element-rights.ts'
import {
  contentOfRow,
  contentOfSnapshot,
  type DocumentContent,
  type DocumentRow,
} from '../../cms/content/document-content-rows.ts'
import { hasEditables } from '../../cms/content/write-document-content.ts'
import {
  childPathOf as documentChildPath,
  fullPathOf as documentFullPath,
  findDocumentByPath,
  languageOf,
  loadDocument,
  translationIdsOf,
} from '../../cms/documents/read-document-tree.ts'
import { requireClass } from '../../pim/objects/class-access.ts'
import { latestDraft } from '../../pim/objects/object-data.ts'
import {
  childPathOf as objectChildPath,
  fullPathOf as objectFullPath,
} from '../../pim/objects/object-rights.ts'
import type { ObjectRow } from '../../pim/objects/object-rows.ts'
import { localizedTextFields } from './translatable-texts.ts'

function likeEscaped(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function normalizePath(path: string): string {
  return `/${path.split('/').filter(Boolean).join('/')}`
}

/** An object by its full path (`/Products/Frames/Aviator`), or null. */
async function findObjectByPath(db: Db, fullPath: string): Promise<ObjectRow | null> {
  if (fullPath === '/') {
    const [root] = await db.select().from(objects).where(eq(objects.key, ''))
    return root ?? null
  }
  const cut = fullPath.lastIndexOf('/')
  const [row] = await db
    .select()
    .from(objects)
    .where(
      and(eq(objects.path, fullPath.slice(0, cut + 1)), eq(objects.key, fullPath.slice(cut + 1))),
    )
    .limit(1)
  return row ?? null
}

function elementNotFound(type: ContentElementType, id: number | string): AppError {
  return new AppError(404, 'ELEMENT_NOT_FOUND', 'contentExport.elementNotFound', { type, id })
}

/** A document with editables the user may view, as an export item. */
async function documentItem(db: Db, row: DocumentRow): Promise<ContentExportItem> {
  return {
    type: 'document',
    id: row.id,
    path: documentFullPath(row),
    language: await languageOf(db, row),
  }
}

function objectItem(row: ObjectRow): ContentExportItem {
  return { type: 'object', id: row.id, path: objectFullPath(row), language: null }
}

const mayView = (rights: ElementRights, item: ContentExportItem) =>
  rights.may(item.type, item.path, 'view')

/**
 * The elements an export contains: the chosen ones, everything below those chosen with
 * `children`, and the documents and objects those chosen with `relations` refer to (one step) —
 * documents with editables and objects of a class only, each once, those the user may not view
 * left out. A chosen element that is gone is a 404; more than CONTENT_EXPORT_MAX_ELEMENTS a 400.
 */
export async function resolveExportElements(
  ctx: AdminContext,
  chosen: readonly {
    type: ContentElementType
    id?: number | undefined
    path?: string | undefined
    children: boolean
    relations: boolean
  }[],
): Promise<ContentExportItem[]> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const items = new Map<string, ContentExportItem>()
  const add = (item: ContentExportItem) => {
    if (!mayView(rights, item)) return
    items.set(`${item.type}:${item.id}`, item)
    if (items.size > CONTENT_EXPORT_MAX_ELEMENTS) {
      throw new AppError(400, 'TOO_MANY_ELEMENTS', 'contentExport.tooManyElements', {
        max: CONTENT_EXPORT_MAX_ELEMENTS,
      })
    }
  }
  for (const element of chosen) {
    const label = element.id ?? element.path ?? ''
    let rowId: number
    if (element.type === 'document') {
      const row =
        element.id !== undefined
          ? await loadDocument(ctx.db, element.id)
          : await findDocumentByPath(ctx.db, normalizePath(element.path ?? '/'))
      if (!row) throw elementNotFound('document', label)
      rowId = row.id
      if (!rights.may('document', documentFullPath(row), 'view')) {
        throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
      }
      if (hasEditables(row.type)) add(await documentItem(ctx.db, row))
      if (element.children) {
        const below = await ctx.db
          .select()
          .from(documents)
          .where(like(documents.path, likeEscaped(documentChildPath(row))))
          .orderBy(documents.path, documents.index)
          .limit(CONTENT_EXPORT_MAX_ELEMENTS + 1)
        for (const child of below)
          if (hasEditables(child.type)) add(await documentItem(ctx.db, child))
      }
    } else {
      const row =
        element.id !== undefined
          ? (await ctx.db.select().from(objects).where(eq(objects.id, element.id)))[0]
          : await findObjectByPath(ctx.db, normalizePath(element.path ?? '/'))
      if (!row) throw elementNotFound('object', label)
      rowId = row.id
      if (!rights.may('object', objectFullPath(row), 'view')) {
        throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
      }
      if (row.classId) add(objectItem(row))
      if (element.children) {
        const below = await ctx.db
          .select()
          .from(objects)
          .where(like(objects.path, likeEscaped(objectChildPath(objectFullPath(row)))))
          .orderBy(objects.path, objects.index)
          .limit(CONTENT_EXPORT_MAX_ELEMENTS + 1)
        for (const child of below) if (child.classId) add(objectItem(child))
      }
    }
    if (element.relations) {
      for (const target of await relatedElements(ctx.db, element.type, rowId)) add(target)
    }
  }
  return [...items.values()]
}

/** The documents (with editables) and objects (of a class) an element refers to. */
async function relatedElements(
  db: Db,
  type: ContentElementType,
  id: number,
): Promise<ContentExportItem[]> {
  const targets = await db
    .select({ type: elementDependencies.targetType, id: elementDependencies.targetId })
    .from(elementDependencies)
    .where(and(eq(elementDependencies.sourceType, type), eq(elementDependencies.sourceId, id)))
  const documentIds = targets.filter((t) => t.type === 'document').map((t) => t.id)
  const objectIds = targets.filter((t) => t.type === 'object').map((t) => t.id)
  const items: ContentExportItem[] = []
  if (documentIds.length > 0) {
    const rows = await db.select().from(documents).where(inArray(documents.id, documentIds))
    for (const row of rows) if (hasEditables(row.type)) items.push(await documentItem(db, row))
  }
  if (objectIds.length > 0) {
    const rows = await db.select().from(objects).where(inArray(objects.id, objectIds))
    for (const row of rows) if (row.classId) items.push(objectItem(row))
  }
  return items
}

/** A document as the editor opens it: the newest version's content (a draft) or the row's. */
export async function loadDocumentContent(
  db: Db,
  id: number,
): Promise<{ row: DocumentRow; content: DocumentContent; language: Locale | null } | null> {
  const row = await loadDocument(db, id)
  if (!row) return null
  const [version] = await db
    .select({ snapshot: elementVersions.snapshot })
    .from(elementVersions)
    .where(and(eq(elementVersions.elementType, 'document'), eq(elementVersions.elementId, id)))
    .orderBy(desc(elementVersions.versionCount))
    .limit(1)
  const content = version ? contentOfSnapshot(version.snapshot, row) : contentOfRow(row)
  return { row, content, language: await languageOf(db, row) }
}

/** The document standing for `id` in `language`: itself, or its linked translation; or null. */
export async function translationIn(
  db: Db,
  id: number,
  ownLanguage: Locale | null,
  language: Locale,
): Promise<number | null> {
  if (ownLanguage === language) return id
  const ids = await translationIdsOf(db, id)
  return ids[language] ?? null
}

/** An object with its localized text fields and the data the editor shows (its draft if any). */
export async function loadObjectTexts(
  db: Db,
  id: number,
): Promise<{ row: ObjectRow; fields: FieldDefinition[]; data: Record<string, unknown> } | null> {
  const [row] = await db.select().from(objects).where(eq(objects.id, id))
  if (!row?.classId) return null
  const cls = await requireClass(db, row.classId)
  const draft = await latestDraft(db, row)
  return {
    row,
    fields: localizedTextFields(cls.definition.layout),
    data: (draft?.data ?? row.data) as Record<string, unknown>,
  }
}
