import { and, eq, inArray, min } from 'drizzle-orm'
import type {
  TranslationAdd,
  TranslationLanguage,
  TranslationLinks,
  TranslationParent,
  TranslationRemove,
} from '@optika/domain/cms/document-sites-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { documentTranslations } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditDocumentChange } from '../documents/document-audit.ts'
import {
  DOCUMENT_ROOT_ID,
  documentNotFound,
  findDocumentByPath,
  fullPathOf,
  languageOf,
  loadDocument,
  loadDocumentWithRight,
  translationIdsOf,
  type DocumentRow,
} from '../documents/read-document-tree.ts'

/*
 * Translation links (Pimcore's documents_translations): the documents of one group all carry
 * the group's `sourceId` (the first document linked, its own row included), at most one per
 * language. A group never has a single member: unlinking the last but one dissolves it.
 */

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } }
  return e.code === '23505' || e.cause?.code === '23505'
}

function normalizePath(path: string): string {
  return `/${path.split('/').filter(Boolean).join('/')}`
}

/** The language a document stands in, or 400 when none is set up the tree. */
async function languageRequired(db: Db, row: DocumentRow): Promise<Locale> {
  const language = await languageOf(db, row)
  if (!language) {
    throw new AppError(400, 'DOCUMENT_LANGUAGE_MISSING', 'cmsSites.languageMissing', {
      path: fullPathOf(row),
    })
  }
  return language
}

async function groupOf(db: Db, documentId: number): Promise<number | null> {
  const [row] = await db
    .select({ sourceId: documentTranslations.sourceId })
    .from(documentTranslations)
    .where(eq(documentTranslations.documentId, documentId))
  return row ? row.sourceId : null
}

/**
 * GET translation-determine-parent: where a new translation of `id` into `language` belongs —
 * the translation of its parent in that language (of the root itself for the root).
 */
export async function determineTranslationParent(
  ctx: AdminContext,
  query: { id: number; language: Locale },
): Promise<TranslationParent> {
  const { row } = await loadDocumentWithRight(ctx, query.id, 'view')
  const anchor = row.id === DOCUMENT_ROOT_ID || row.parentId === null ? row.id : row.parentId
  const targetId = (await translationIdsOf(ctx.db, anchor))[query.language]
  const target = targetId === undefined ? null : await loadDocument(ctx.db, targetId)
  return {
    success: target !== null,
    targetPath: target ? fullPathOf(target) : null,
    targetId: target ? target.id : null,
  }
}

/** GET translation-check-language: the language of the document at `path` and its links. */
export async function checkTranslationLanguage(
  ctx: AdminContext,
  path: string,
): Promise<TranslationLanguage> {
  const row = await findDocumentByPath(ctx.db, normalizePath(path))
  if (!row) return { success: false, language: null, translationLinks: null }
  await loadDocumentWithRight(ctx, row.id, 'view')
  const language = await languageOf(ctx.db, row)
  const links = Object.keys(await translationIdsOf(ctx.db, row.id)) as Locale[]
  return { success: language !== null, language, translationLinks: links }
}

/**
 * POST translation-add: links the target into the source's translations. Both need a language
 * (their own or inherited), different ones; the target may not belong to another group and the
 * group may not have that language yet. Either the link is made or nothing changes.
 */
export async function addTranslation(
  ctx: AdminContext,
  input: TranslationAdd,
): Promise<TranslationLinks> {
  const { row: source, rights } = await loadDocumentWithRight(ctx, input.sourceId, 'save')
  let targetId = input.targetId
  if (targetId === undefined) {
    const found = await findDocumentByPath(ctx.db, normalizePath(input.targetPath ?? ''))
    if (!found) throw documentNotFound()
    targetId = found.id
  }
  const { row: target } = await loadDocumentWithRight(ctx, targetId, 'save', rights)
  if (source.id === target.id) {
    throw new AppError(400, 'TRANSLATION_SAME_DOCUMENT', 'cmsSites.sameDocument')
  }
  const [sourceLanguage, targetLanguage] = [
    await languageRequired(ctx.db, source),
    await languageRequired(ctx.db, target),
  ]
  if (sourceLanguage === targetLanguage) {
    throw new AppError(400, 'TRANSLATION_SAME_LANGUAGE', 'cmsSites.sameLanguage', {
      language: sourceLanguage,
    })
  }
  try {
    await ctx.db.transaction(async (tx) => {
      const sourceGroup = await groupOf(tx, source.id)
      const targetGroup = await groupOf(tx, target.id)
      if (targetGroup !== null && targetGroup === sourceGroup) return
      if (targetGroup !== null) {
        throw new AppError(409, 'TRANSLATION_ALREADY_LINKED', 'cmsSites.alreadyLinked', {
          path: fullPathOf(target),
        })
      }
      const group = sourceGroup ?? source.id
      if (sourceGroup === null) {
        await tx
          .insert(documentTranslations)
          .values({ documentId: source.id, sourceId: group, language: sourceLanguage })
      }
      await tx
        .insert(documentTranslations)
        .values({ documentId: target.id, sourceId: group, language: targetLanguage })
      await auditDocumentChange(ctx, tx, {
        action: 'document.translationAdd',
        documentId: source.id,
        after: { targetId: target.id, language: targetLanguage },
      })
    })
  } catch (error) {
    // The group already has a document in that language (checked by the unique index, so two
    // links made at once cannot both win).
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'TRANSLATION_LANGUAGE_TAKEN', 'cmsSites.languageTaken', {
        language: targetLanguage,
      })
    }
    throw error
  }
  return { success: true, translations: await translationIdsOf(ctx.db, source.id) }
}

/**
 * DELETE translation-remove: takes the target out of the source's translations. When the
 * target was the group's source the others keep their link under a new one; a group left with
 * one document is dissolved.
 */
export async function removeTranslation(
  ctx: AdminContext,
  input: TranslationRemove,
): Promise<TranslationLinks> {
  const { row: source, rights } = await loadDocumentWithRight(ctx, input.sourceId, 'save')
  const { row: target } = await loadDocumentWithRight(ctx, input.targetId, 'save', rights)
  await ctx.db.transaction(async (tx) => {
    const group = await groupOf(tx, source.id)
    if (group === null || (await groupOf(tx, target.id)) !== group) {
      throw new AppError(409, 'TRANSLATION_NOT_LINKED', 'cmsSites.notLinked')
    }
    await tx.delete(documentTranslations).where(eq(documentTranslations.documentId, target.id))
    let remaining = group
    if (group === target.id) {
      const [next] = await tx
        .select({ id: min(documentTranslations.documentId) })
        .from(documentTranslations)
        .where(eq(documentTranslations.sourceId, group))
      if (next?.id != null) {
        remaining = Number(next.id)
        await tx
          .update(documentTranslations)
          .set({ sourceId: remaining })
          .where(eq(documentTranslations.sourceId, group))
      }
    }
    const members = await tx
      .select({ id: documentTranslations.documentId })
      .from(documentTranslations)
      .where(eq(documentTranslations.sourceId, remaining))
    if (members.length === 1) {
      await tx.delete(documentTranslations).where(
        and(
          eq(documentTranslations.sourceId, remaining),
          inArray(
            documentTranslations.documentId,
            members.map((m) => m.id),
          ),
        ),
      )
    }
    await auditDocumentChange(ctx, tx, {
      action: 'document.translationRemove',
      documentId: source.id,
      before: { targetId: target.id },
    })
  })
  return { success: true, translations: await translationIdsOf(ctx.db, source.id) }
}
