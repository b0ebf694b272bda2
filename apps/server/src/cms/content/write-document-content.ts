import { eq } from 'drizzle-orm'
import { fullPathOf } from '../documents/read-document-tree.ts'
import type { DocumentType } from '@optika/domain/cms/document-api'
import type { DocumentContentInput } from '@optika/domain/cms/document-save-api'
import { findTemplate, type TemplateDefinition } from '@optika/domain/cms/templates'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { ElementRights } from '../../elements/element-rights.ts'
import {
  replaceDependencies,
  saveVersion,
  type ElementRef,
} from '../../elements/element-services.ts'
import { checkEditableReferences, type EditableReference } from './editable-references.ts'
import {
  documentSnapshotOf,
  type DocumentContent,
  type DocumentRow,
} from './document-content-rows.ts'
import { assertMailKindFree, assertNoLinkCycle, parseSettings } from './validate-settings.ts'
import { contentInvalid, validateEditables } from './validate-editables.ts'

/** The types with a template and editables. */
export function hasEditables(type: string): type is 'page' | 'snippet' | 'email' {
  return type === 'page' || type === 'snippet' || type === 'email'
}

/** The template a document of `type` may use, or 400. */
export function templateFor(type: DocumentType, name: string | null): TemplateDefinition {
  const template = findTemplate(name)
  if (!template || !(template.documentTypes as readonly string[]).includes(type)) {
    throw new AppError(400, 'TEMPLATE_INVALID', 'cmsContent.templateInvalid', {
      template: String(name ?? '').slice(0, 64),
    })
  }
  return template
}

/**
 * The content a save would store: the template (kept unless changed), the editables checked
 * against it and sanitized, the settings merged and checked, every referred element existing,
 * no link/hardlink cycle, a free mail kind. Reads only; throws 400/409 on any problem.
 */
export async function prepareDocumentContent(
  db: Db,
  row: DocumentRow,
  base: DocumentContent,
  input: DocumentContentInput,
  options: { checkReferences: boolean } = { checkReferences: true },
): Promise<{ content: DocumentContent; references: EditableReference[] }> {
  if (input.key !== undefined && input.key !== row.key) {
    throw new AppError(400, 'RENAME_THROUGH_UPDATE', 'cmsContent.renameThroughUpdate')
  }
  const type = row.type
  let template: string | null = null
  let editables: Record<string, unknown> = {}
  const references: EditableReference[] = []
  if (hasEditables(type)) {
    const definition = templateFor(type, input.template ?? base.template)
    template = definition.name
    const checked = validateEditables(definition, input.editables ?? base.editables)
    editables = checked.editables
    references.push(...checked.references)
  } else if (
    input.template !== undefined ||
    (input.editables !== undefined &&
      !(
        input.editables &&
        typeof input.editables === 'object' &&
        Object.keys(input.editables).length === 0
      ))
  ) {
    throw new AppError(400, 'NO_CONTENT', 'cmsContent.noEditables', { type })
  }
  const parsed = parseSettings(type, base.settings, input.settings)
  references.push(...parsed.references)
  await assertNoLinkCycle(db, row, parsed.settings)
  await assertMailKindFree(db, row, parsed.settings)
  if (options.checkReferences) {
    const problems = await checkEditableReferences(db, references, row.id)
    if (problems.length > 0) {
      throw contentInvalid(problems.map((p) => ({ ...p, params: { name: p.path } })))
    }
  }
  return {
    content: {
      template,
      editables,
      settings: parsed.settings,
      docTypeId: base.docTypeId,
      contentMainDocumentId: base.contentMainDocumentId,
    },
    references,
  }
}

/** The elements a document's content requires (its dependencies). */
export function dependencyTargetsOf(
  content: DocumentContent,
  references: readonly EditableReference[],
): ElementRef[] {
  const targets: ElementRef[] = references.map((r) => ({ type: r.ref.type, id: r.ref.id }))
  if (content.contentMainDocumentId !== null) {
    targets.push({ type: 'document', id: content.contentMainDocumentId })
  }
  return targets
}

/**
 * Writes a version of the content and, unless `draft`, the row (content, published state,
 * version count) and its dependencies, in the caller's transaction. A draft leaves the row,
 * its dependencies and the storefront as they are.
 */
export async function writeDocumentContent(
  tx: Db,
  input: {
    row: DocumentRow
    content: DocumentContent
    references: readonly EditableReference[]
    published: boolean
    draft: boolean
    userId: number | null
    note?: string
    autoSave?: boolean
  },
): Promise<{ versionId: number; versionCount: number; modificationDate: Date }> {
  const element: ElementRef = { type: 'document', id: input.row.id }
  const version = await saveVersion(tx, {
    element,
    snapshot: documentSnapshotOf(
      input.row,
      input.draft ? input.row.published : input.published,
      input.content,
    ),
    userId: input.userId,
    isPublic: !input.draft && input.published,
    ...(input.note ? { note: input.note } : {}),
    ...(input.autoSave ? { autoSave: true } : {}),
  })
  const now = new Date()
  if (input.draft) {
    await tx
      .update(documents)
      .set({ versionCount: version.versionCount })
      .where(eq(documents.id, input.row.id))
    return { versionId: version.id, versionCount: version.versionCount, modificationDate: now }
  }
  await tx
    .update(documents)
    .set({
      template: input.content.template,
      editables: input.content.editables,
      settings: input.content.settings,
      contentMainDocumentId: input.content.contentMainDocumentId,
      published: input.published,
      versionCount: version.versionCount,
      userModification: input.userId,
      updatedAt: now,
    })
    .where(eq(documents.id, input.row.id))
  await replaceDependencies(tx, element, dependencyTargetsOf(input.content, input.references))
  return { versionId: version.id, versionCount: version.versionCount, modificationDate: now }
}

/** 403 unless the user has `right` on the document's path. */
export function assertDocumentRight(
  rights: ElementRights,
  row: DocumentRow,
  right: Parameters<ElementRights['assert']>[2],
): void {
  rights.assert('document', fullPathOf(row), right)
}
