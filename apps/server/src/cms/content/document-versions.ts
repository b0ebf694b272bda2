import { auditDocumentChange } from '../documents/document-audit.ts'
import { fullPathOf } from '../documents/read-document-tree.ts'
import { and, eq } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import type { DiffVersions } from '@optika/domain/cms/document-save-api'
import type { Db } from '../../platform/db/client.ts'
import { documentSessions } from '../../platform/db/schema/documents.ts'
import { elementVersions } from '../../platform/db/schema/pim.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights, type ElementRights } from '../../elements/element-rights.ts'
import { assertNotLockedByOther } from '../../elements/element-services.ts'
import {
  contentOfSnapshot,
  loadDocumentRow,
  type DocumentContent,
} from './document-content-rows.ts'
import { prepareDocumentContent, writeDocumentContent } from './write-document-content.ts'

type VersionRow = typeof elementVersions.$inferSelect

async function loadDocumentVersion(db: Db, versionId: number): Promise<VersionRow> {
  const [version] = await db
    .select()
    .from(elementVersions)
    .where(and(eq(elementVersions.id, versionId), eq(elementVersions.elementType, 'document')))
  if (!version) throw notFound()
  return version
}

/**
 * Makes a stored version a document's published content: its content checked against the
 * template again (sanitized), the row, a new public version and the dependencies, in the
 * caller's transaction. `rights` (when given) must allow publish. Also run by the scheduler.
 */
export async function publishDocumentVersion(
  tx: Db,
  input: { versionId: number; userId: number | null; rights?: ElementRights },
): Promise<{ id: number; versionCount: number; versionId: number }> {
  const version = await loadDocumentVersion(tx, input.versionId)
  const row = await loadDocumentRow(tx, version.elementId, true)
  input.rights?.assert('document', fullPathOf(row), 'publish')
  const stored = contentOfSnapshot(version.snapshot, row)
  const { content, references } = await prepareDocumentContent(
    tx,
    row,
    stored,
    {},
    { checkReferences: false },
  )
  const written = await writeDocumentContent(tx, {
    row,
    content: { ...content, contentMainDocumentId: stored.contentMainDocumentId },
    references,
    published: true,
    draft: false,
    userId: input.userId,
    note: `version ${version.versionCount} published`,
  })
  return { id: row.id, versionCount: written.versionCount, versionId: written.versionId }
}

/** POST /admin/document/publish-version: publishes a stored version (rights, lock, audit). */
export async function publishVersion(
  ctx: AdminContext,
  versionId: number,
): Promise<{ success: true; id: number; versionCount: number; versionId: number }> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  return ctx.db.transaction(async (tx) => {
    const version = await loadDocumentVersion(tx, versionId)
    await assertNotLockedByOther(tx, { type: 'document', id: version.elementId }, ctx.admin.userId)
    const result = await publishDocumentVersion(tx, { versionId, userId: ctx.admin.userId, rights })
    await auditDocumentChange(ctx, tx, {
      action: 'document.publishVersion',
      documentId: result.id,
      after: { versionCount: version.versionCount, newVersionCount: result.versionCount },
    })
    return { success: true as const, ...result }
  })
}

/**
 * POST /admin/document/version-to-session: puts a stored version's content into the user's
 * session draft, so the preview shows it (Pimcore's "open version in preview").
 */
export async function versionToSession(
  ctx: AdminContext,
  versionId: number,
): Promise<{ success: true }> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const version = await loadDocumentVersion(ctx.db, versionId)
  const row = await loadDocumentRow(ctx.db, version.elementId)
  rights.assert('document', fullPathOf(row), 'versions')
  const content = contentOfSnapshot(version.snapshot, row)
  const data = {
    editables: content.editables,
    settings: content.settings,
    template: content.template,
  }
  await ctx.db
    .insert(documentSessions)
    .values({ documentId: row.id, userId: ctx.admin.userId, data })
    .onConflictDoUpdate({
      target: [documentSessions.documentId, documentSessions.userId],
      set: { data, updatedAt: new Date() },
    })
  return { success: true }
}

/** Digits only, as Pimcore's route requirement `\d+`: anything else is not a route (404). */
function versionIdOf(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw notFound()
  const id = Number(value)
  if (id < 1) throw notFound()
  return id
}

/** A stored scalar as text; anything else (a malformed snapshot) as ''. */
function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : ''
}

const textOf = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()

const refText = (ref: unknown) =>
  ref && typeof ref === 'object' && 'type' in ref && 'id' in ref
    ? `${scalarText((ref as { type: unknown }).type)}:${scalarText((ref as { id: unknown }).id)}`
    : ''

/** Flattens editables into name → text (`content.0.body`), the form a diff compares. */
export function flattenEditables(
  editables: Readonly<Record<string, unknown>>,
  prefix = '',
  out: Map<string, string> = new Map(),
): Map<string, string> {
  for (const [name, value] of Object.entries(editables)) {
    const path = prefix ? `${prefix}.${name}` : name
    if (!value || typeof value !== 'object' || !('type' in value)) continue
    const { type, data } = value as { type: string; data: unknown }
    const record = (data ?? {}) as Record<string, unknown>
    switch (type) {
      case 'wysiwyg':
        out.set(path, textOf(scalarText(data)))
        break
      case 'input':
      case 'textarea':
      case 'select':
      case 'date':
        out.set(path, scalarText(data))
        break
      case 'checkbox':
      case 'numeric':
        out.set(path, scalarText(data))
        break
      case 'image':
        out.set(
          path,
          [
            record.assetId ? `asset:${scalarText(record.assetId)}` : '',
            record.alt ? scalarText(record.alt) : '',
          ]
            .filter(Boolean)
            .join(' · '),
        )
        break
      case 'video':
        out.set(path, record.assetId ? `asset:${scalarText(record.assetId)}` : '')
        break
      case 'link':
        out.set(
          path,
          [scalarText(record.text), refText(record.internal) || scalarText(record.href)]
            .filter(Boolean)
            .join(' → '),
        )
        break
      case 'relation':
        out.set(path, refText(data))
        break
      case 'relations':
        out.set(path, Array.isArray(data) ? data.map(refText).join(', ') : '')
        break
      case 'snippet':
        out.set(path, record.documentId ? `document:${scalarText(record.documentId)}` : '')
        break
      case 'renderlet':
        out.set(
          path,
          [
            record.categoryId ? `object:${scalarText(record.categoryId)}` : '',
            scalarText(record.query),
          ]
            .filter(Boolean)
            .join(' ? '),
        )
        break
      case 'block':
        if (Array.isArray(data)) {
          data.forEach((item, index) =>
            flattenEditables((item ?? {}) as Record<string, unknown>, `${path}.${index}`, out),
          )
        }
        break
      case 'areablock':
        if (Array.isArray(data)) {
          data.forEach((brick: unknown, index) => {
            const b = (brick ?? {}) as { brick?: string; hidden?: boolean; editables?: unknown }
            out.set(`${path}.${index}`, `${b.brick ?? ''}${b.hidden ? ' (hidden)' : ''}`)
            flattenEditables(
              (b.editables ?? {}) as Record<string, unknown>,
              `${path}.${index}`,
              out,
            )
          })
        }
        break
    }
  }
  return out
}

function flattenContent(content: DocumentContent): Map<string, string> {
  const out = new Map<string, string>()
  out.set('template', content.template ?? '')
  flattenEditables(content.editables, '', out)
  const settings = (value: unknown, prefix: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) settings(inner, `${prefix}.${key}`)
    } else {
      out.set(prefix, scalarText(value))
    }
  }
  settings(content.settings, 'settings')
  return out
}

/**
 * GET /admin/document/diff-versions/{from}/{to}: both versions' content flattened to name →
 * text (editables, template and settings), in the order they appear, and which changed.
 */
export async function diffDocumentVersions(
  ctx: AdminContext,
  fromParam: string,
  toParam: string,
): Promise<DiffVersions> {
  const fromId = versionIdOf(fromParam)
  const toId = versionIdOf(toParam)
  const [from, to] = [
    await loadDocumentVersion(ctx.db, fromId),
    await loadDocumentVersion(ctx.db, toId),
  ]
  if (from.elementId !== to.elementId) {
    throw new AppError(400, 'VERSIONS_OF_OTHER_DOCUMENTS', 'cmsContent.versionsOfOtherDocuments')
  }
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const row = await loadDocumentRow(ctx.db, from.elementId)
  rights.assert('document', fullPathOf(row), 'versions')
  const before = flattenContent(contentOfSnapshot(from.snapshot, row))
  const after = flattenContent(contentOfSnapshot(to.snapshot, row))
  const names = [...new Set([...before.keys(), ...after.keys()])]
  const describe = (v: VersionRow) => ({
    id: v.id,
    versionCount: v.versionCount,
    date: v.createdAt.toISOString(),
  })
  return {
    from: describe(from),
    to: describe(to),
    items: names.map((name) => {
      const a = before.get(name) ?? null
      const b = after.get(name) ?? null
      return { name, from: a, to: b, changed: a !== b }
    }),
  }
}
