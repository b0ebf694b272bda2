import { and, eq, ne, sql } from 'drizzle-orm'
import {
  DOCUMENT_SETTINGS_SCHEMAS,
  type DocumentType,
  type HardlinkSettings,
  type LinkSettings,
} from '@optika/domain/cms/document-api'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { fullPathOf, languageOf } from '../documents/read-document-tree.ts'
import type { EditableReference } from './editable-references.ts'
import { type DocumentRow } from './document-content-rows.ts'
import { contentInvalid, isSafeHref, type ContentError } from './validate-editables.ts'

/** Header fields of an e-mail must not carry line breaks (no header injection). */
const ENVELOPE_FIELDS = ['subject', 'from', 'replyTo', 'to', 'cc', 'bcc'] as const

/**
 * The settings to store for a document of `type`: `given` merged over `stored`, parsed by the
 * type's schema (`DOCUMENT_SETTINGS_SCHEMAS`), plus the elements they refer to. Throws 400.
 */
export function parseSettings(
  type: DocumentType,
  stored: Readonly<Record<string, unknown>>,
  given: Readonly<Record<string, unknown>> | undefined,
): { settings: Record<string, unknown>; references: EditableReference[] } {
  const schema = DOCUMENT_SETTINGS_SCHEMAS[type]
  const parsed = schema.safeParse({ ...stored, ...given })
  if (!parsed.success) {
    throw contentInvalid(
      parsed.error.issues.slice(0, 20).map((issue) => ({
        path: `settings.${issue.path.map(String).join('.')}`,
        key: 'cmsContent.settingsInvalid',
        params: { name: issue.path.map(String).join('.') },
      })),
    )
  }
  const settings = parsed.data as Record<string, unknown>
  const errors: ContentError[] = []
  const references: EditableReference[] = []
  if (type === 'page') {
    const canonical = (typeof settings.canonical === 'string' ? settings.canonical : '').trim()
    if (canonical && !(canonical.startsWith('/') || /^https?:\/\//i.test(canonical))) {
      errors.push({
        path: 'settings.canonical',
        key: 'cmsContent.hrefInvalid',
        params: { name: 'canonical' },
      })
    }
    if (canonical.startsWith('//')) {
      errors.push({
        path: 'settings.canonical',
        key: 'cmsContent.hrefInvalid',
        params: { name: 'canonical' },
      })
    }
  }
  if (type === 'email') {
    for (const field of ENVELOPE_FIELDS) {
      if (/[\r\n]/.test(typeof settings[field] === 'string' ? settings[field] : '')) {
        errors.push({
          path: `settings.${field}`,
          key: 'cmsContent.settingsInvalid',
          params: { name: field },
        })
      }
    }
  }
  if (type === 'link') {
    const link = settings as LinkSettings
    const direct = link.direct.trim()
    if (direct && (!isSafeHref(direct) || direct.startsWith('{{'))) {
      errors.push({
        path: 'settings.direct',
        key: 'cmsContent.hrefInvalid',
        params: { name: 'direct' },
      })
    }
    if (link.internal) {
      references.push({ path: 'settings.internal', ref: link.internal, expect: { kind: 'any' } })
    }
  }
  if (type === 'hardlink') {
    const hardlink = settings as HardlinkSettings
    if (hardlink.sourceId !== null) {
      references.push({
        path: 'settings.sourceId',
        ref: { type: 'document', id: hardlink.sourceId },
        expect: { kind: 'any' },
      })
    }
  }
  if (errors.length > 0) throw contentInvalid(errors)
  return { settings, references }
}

interface ChainRow {
  id: number
  parentId: number | null
  type: string
  path: string
  key: string
  settings: Record<string, unknown>
}

async function readChainRow(db: Db, id: number): Promise<ChainRow | null> {
  const [row] = await db
    .select({
      id: documents.id,
      parentId: documents.parentId,
      type: documents.type,
      path: documents.path,
      key: documents.key,
      settings: documents.settings,
    })
    .from(documents)
    .where(eq(documents.id, id))
  return row
    ? { ...row, id: Number(row.id), settings: (row.settings ?? {}) as Record<string, unknown> }
    : null
}

function isWithin(path: string, ancestor: string): boolean {
  return ancestor === '/' || path === ancestor || path.startsWith(`${ancestor}/`)
}

/**
 * Refuses a link to itself (directly or through other links) and a hardlink whose source is
 * itself, one of its ancestors, or reaches it again through other hardlinks (a cycle the
 * storefront could never finish drawing).
 */
export async function assertNoLinkCycle(
  db: Db,
  row: DocumentRow,
  settings: Readonly<Record<string, unknown>>,
): Promise<void> {
  const selfPath = fullPathOf(row)
  if (row.type === 'link') {
    const link = settings as LinkSettings
    let target =
      link.linkType === 'internal' && link.internal?.type === 'document' ? link.internal.id : null
    for (let hops = 0; target !== null && hops < 20; hops += 1) {
      if (target === row.id) {
        throw new AppError(400, 'LINK_TO_ITSELF', 'cmsContent.linkToItself')
      }
      const next = await readChainRow(db, target)
      if (!next || next.type !== 'link') return
      const nextLink = next.settings as Partial<LinkSettings>
      target =
        nextLink.linkType !== 'direct' && nextLink.internal?.type === 'document'
          ? Number(nextLink.internal.id)
          : null
    }
    if (target !== null) throw new AppError(400, 'LINK_TO_ITSELF', 'cmsContent.linkToItself')
  }
  if (row.type === 'hardlink') {
    let source = (settings as HardlinkSettings).sourceId
    for (let hops = 0; source !== null && hops < 20; hops += 1) {
      if (source === row.id) throw new AppError(400, 'HARDLINK_CYCLE', 'cmsContent.hardlinkCycle')
      const next = await readChainRow(db, source)
      if (!next) return
      if (isWithin(selfPath, fullPathOf(next))) {
        throw new AppError(400, 'HARDLINK_CYCLE', 'cmsContent.hardlinkCycle')
      }
      if (next.type !== 'hardlink') return
      const nextSource = (next.settings as Partial<HardlinkSettings>).sourceId
      source = typeof nextSource === 'number' ? nextSource : null
    }
    if (source !== null) throw new AppError(400, 'HARDLINK_CYCLE', 'cmsContent.hardlinkCycle')
  }
}

/** One e-mail document per mail kind and language: another one of the same language answers 409. */
export async function assertMailKindFree(
  db: Db,
  row: DocumentRow,
  settings: Readonly<Record<string, unknown>>,
): Promise<void> {
  const kind = settings.mailKind
  if (row.type !== 'email' || typeof kind !== 'string' || kind === '') return
  const others = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.type, 'email'),
        ne(documents.id, row.id),
        sql`${documents.settings}->>'mailKind' = ${kind}`,
      ),
    )
  if (others.length === 0) return
  const language = await languageOf(db, row)
  for (const other of others) {
    if ((await languageOf(db, other)) === language) {
      throw new AppError(409, 'MAIL_KIND_TAKEN', 'cmsContent.mailKindTaken', {
        kind,
        path: fullPathOf(other),
      })
    }
  }
}
