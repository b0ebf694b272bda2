import { and, eq, sql } from 'drizzle-orm'
import type {
  DocumentCopyInfo,
  DocumentCopyQuery,
  DocumentCopyResult,
} from '@optika/domain/cms/document-tree-api'
import type { Db } from '../../platform/db/client.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { readOwnJob } from '../../platform/jobs/read-job.ts'
import {
  defineTrackedJob,
  startJob,
  type JobHandle,
  type JobLogger,
} from '../../platform/jobs/start-job.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import {
  copyProperties,
  replaceDependencies,
  saveVersion,
  type ElementRef,
} from '../../elements/element-services.ts'
import type { TreeRights } from '../../elements/tree-rights.ts'
import { auditDocumentChange } from './document-audit.ts'
import {
  childPathOf,
  documentSnapshotOf,
  fullPathOf,
  keysUnder,
  loadDocumentRights,
  loadDocumentWithRight,
  type DocumentRow,
} from './read-document-tree.ts'
import { inSubtree } from './write-document-tree.ts'

export const DOCUMENT_COPY_JOB = 'document.copy'

interface CopyParams {
  readonly sourceId: number
  readonly targetId: number
  readonly type: DocumentCopyQuery['type']
  readonly rewrite: boolean
  readonly locale: string
}

export interface DocumentCopyDeps {
  readonly jobs: JobQueue
  readonly db: Db
  readonly translator: Translator
  readonly log?: JobLogger
}

/** The source and target of a copy: `view` on the source, `create` in the target. */
async function loadCopyPair(
  ctx: AdminContext,
  query: Pick<DocumentCopyQuery, 'sourceId' | 'targetId' | 'type'>,
): Promise<{ source: DocumentRow; target: DocumentRow; rights: TreeRights }> {
  const rights = await loadDocumentRights(ctx)
  const { row: source } = await loadDocumentWithRight(ctx, query.sourceId, 'view', rights)
  const { row: target } = await loadDocumentWithRight(ctx, query.targetId, 'create', rights)
  if (source.parentId === null) {
    throw new AppError(400, 'DOCUMENT_ROOT', 'cmsTree.rootImmutable')
  }
  if (target.type === 'hardlink') {
    throw new AppError(400, 'DOCUMENT_NO_CHILDREN', 'cmsTree.noChildrenAllowed')
  }
  const sourcePath = fullPathOf(source)
  const targetPath = fullPathOf(target)
  if (
    query.type === 'recursive' &&
    (target.id === source.id || targetPath.startsWith(`${sourcePath}/`))
  ) {
    throw new AppError(400, 'DOCUMENT_COPY_INTO_ITSELF', 'cmsTree.copyIntoItself')
  }
  return { source, target, rights }
}

/** The documents a copy creates: the source, and with 'recursive' all below it the user may view. */
async function rowsToCopy(
  db: Db,
  rights: TreeRights,
  source: DocumentRow,
  type: DocumentCopyQuery['type'],
): Promise<DocumentRow[]> {
  if (type === 'child') return [source]
  const rows = await db
    .select()
    .from(documents)
    .where(inSubtree(source))
    .orderBy(sql`char_length(${documents.path})`, documents.index, documents.id)
  const copied = new Set<number>([source.id])
  const result: DocumentRow[] = [source]
  for (const row of rows) {
    if (row.id === source.id) continue
    if (row.parentId !== null && copied.has(row.parentId) && rights.may(fullPathOf(row), 'view')) {
      copied.add(row.id)
      result.push(row)
    }
  }
  return result
}

/** GET /admin/document/copy-info: what a copy would create. */
export async function getDocumentCopyInfo(
  ctx: AdminContext,
  query: DocumentCopyQuery,
): Promise<DocumentCopyInfo> {
  const { source, target, rights } = await loadCopyPair(ctx, query)
  const rows = await rowsToCopy(ctx.db, rights, source, query.type)
  return { sourceId: source.id, targetId: target.id, type: query.type, elements: rows.length }
}

/** POST /admin/document/copy: checks the pair now, then copies in a job (progress per document). */
export async function startDocumentCopy(
  ctx: AdminContext,
  deps: Pick<DocumentCopyDeps, 'jobs'>,
  input: DocumentCopyQuery,
): Promise<{ jobId: string }> {
  const { source, rights } = await loadCopyPair(ctx, input)
  const rows = await rowsToCopy(ctx.db, rights, source, input.type)
  const params: CopyParams = { ...input, locale: ctx.locale }
  const { id } = await startJob(ctx.db, deps.jobs, {
    type: DOCUMENT_COPY_JOB,
    ownerId: ctx.admin.userId,
    total: rows.length,
    params: { ...params },
  })
  return { jobId: id }
}

/** Registers the copy job (every process, at start). */
export function defineDocumentCopyJob(deps: DocumentCopyDeps): void {
  defineTrackedJob<CopyParams>(deps.jobs, deps.db, {
    type: DOCUMENT_COPY_JOB,
    log: deps.log,
    run: (job) => runCopy(deps, job),
  })
}

/** `about` → `about_copy`, `about_copy_2`, …: the first key free under the target (Pimcore). */
export function copyKeyOf(key: string, used: ReadonlySet<string>): string {
  if (!used.has(key)) return key
  for (let n = 1; ; n += 1) {
    const candidate = `${key.slice(0, 240)}_copy${n === 1 ? '' : `_${n}`}`
    if (!used.has(candidate)) return candidate
  }
}

/**
 * Copies the source (and with 'recursive' what is below it) under the target in one transaction:
 * rows (published state, template, editables and settings as they are), properties,
 * dependencies, a first version of each; with `rewrite` the references into the source subtree
 * then point at the copies. A failure leaves nothing behind, so a retry starts clean.
 */
async function runCopy(
  deps: DocumentCopyDeps,
  job: JobHandle<CopyParams>,
): Promise<DocumentCopyResult & { amount: number }> {
  const ctx = await jobAdminContext(deps.db, deps.translator, {
    userId: job.ownerId,
    locale: job.params.locale,
    jobId: job.id,
  })
  const { source, target, rights } = await loadCopyPair(ctx, job.params)
  const rows = await rowsToCopy(ctx.db, rights, source, job.params.type)
  job.progress(0, rows.length)
  return ctx.db.transaction(async (tx) => {
    const newRows = new Map<number, DocumentRow>()
    let done = 0
    for (const row of rows) {
      if (job.signal.aborted) throw new Error('copy interrupted')
      const isRoot = row.id === source.id
      const parent = isRoot ? target : newRows.get(row.parentId!)
      if (!parent) continue
      const key = isRoot ? copyKeyOf(row.key, await keysUnder(tx, parent.id)) : row.key
      const [created] = await tx
        .insert(documents)
        .values({
          parentId: parent.id,
          type: row.type,
          key,
          path: childPathOf(parent),
          index: isRoot
            ? sql`(select coalesce(max(index) + 1, 0) from documents where parent_id = ${parent.id})`
            : row.index,
          published: row.published,
          docTypeId: row.docTypeId,
          template: row.template,
          editables: row.editables,
          settings: row.settings,
          contentMainDocumentId: row.contentMainDocumentId,
          language: row.language,
          userOwner: ctx.admin.userId,
          userModification: ctx.admin.userId,
        })
        .returning()
      newRows.set(row.id, created!)
      const from: ElementRef = { type: 'document', id: row.id }
      const to: ElementRef = { type: 'document', id: created!.id }
      await copyProperties(tx, from, to)
      const targets = await tx
        .select({ type: elementDependencies.targetType, id: elementDependencies.targetId })
        .from(elementDependencies)
        .where(
          and(
            eq(elementDependencies.sourceType, 'document'),
            eq(elementDependencies.sourceId, row.id),
          ),
        )
      if (targets.length > 0) await replaceDependencies(tx, to, targets)
      done += 1
      job.progress(done, rows.length)
    }
    const idMapping = new Map([...newRows].map(([from, copy]) => [from, copy.id]))
    if (job.params.rewrite) await rewriteCopies(tx, idMapping)
    for (const copy of newRows.values()) {
      const [fresh] = await tx.select().from(documents).where(eq(documents.id, copy.id))
      await saveVersion(tx, {
        element: { type: 'document', id: copy.id },
        snapshot: documentSnapshotOf(fresh!),
        userId: ctx.admin.userId,
        isPublic: fresh!.published,
        note: `copy of ${[...newRows].find(([, c]) => c.id === copy.id)?.[0] ?? ''}`,
      })
    }
    const rootId = idMapping.get(source.id)!
    await auditDocumentChange(ctx, tx, {
      action: 'document.copy',
      documentId: rootId,
      before: { sourceId: source.id, path: fullPathOf(source) },
      after: { targetId: target.id, amount: newRows.size, rewrite: job.params.rewrite },
    })
    return {
      id: rootId,
      idMapping: Object.fromEntries([...idMapping].map(([from, to]) => [String(from), to])),
      amount: newRows.size,
    }
  })
}

/**
 * A value with every reference to a mapped document replaced by its copy: `{ type: 'document',
 * id }` (links, relations, link documents' targets), `documentId` (snippets) and `sourceId`
 * (hardlinks). Returns the same object when nothing changed.
 */
export function rewriteDocumentRefs(
  value: unknown,
  idMapping: ReadonlyMap<number, number>,
): unknown {
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((item) => {
      const next = rewriteDocumentRefs(item, idMapping)
      if (next !== item) changed = true
      return next
    })
    return changed ? out : value
  }
  if (typeof value !== 'object' || value === null) return value
  const record = value as Record<string, unknown>
  let changed = false
  const out: Record<string, unknown> = {}
  for (const [name, item] of Object.entries(record)) {
    let next = rewriteDocumentRefs(item, idMapping)
    const isDocumentId =
      (name === 'documentId' ||
        name === 'sourceId' ||
        (name === 'id' && record.type === 'document')) &&
      typeof item === 'number'
    if (isDocumentId && idMapping.has(item)) next = idMapping.get(item)
    if (next !== item) changed = true
    out[name] = next
  }
  return changed ? out : value
}

/**
 * In the copies (`idMapping`: source id → copy id), references to a source become references to
 * its copy: editables, settings, the content main document and the dependencies. Returns the
 * copies that changed.
 */
async function rewriteCopies(tx: Db, idMapping: ReadonlyMap<number, number>): Promise<number[]> {
  const changed: number[] = []
  for (const copyId of idMapping.values()) {
    const [row] = await tx.select().from(documents).where(eq(documents.id, copyId)).for('update')
    if (!row) continue
    const editables = rewriteDocumentRefs(row.editables, idMapping)
    const settings = rewriteDocumentRefs(row.settings, idMapping)
    const main =
      row.contentMainDocumentId !== null
        ? (idMapping.get(row.contentMainDocumentId) ?? row.contentMainDocumentId)
        : null
    if (
      editables === row.editables &&
      settings === row.settings &&
      main === row.contentMainDocumentId
    ) {
      continue
    }
    await tx
      .update(documents)
      .set({ editables, settings, contentMainDocumentId: main })
      .where(eq(documents.id, copyId))
    const targets = await tx
      .select({ type: elementDependencies.targetType, id: elementDependencies.targetId })
      .from(elementDependencies)
      .where(
        and(
          eq(elementDependencies.sourceType, 'document'),
          eq(elementDependencies.sourceId, copyId),
        ),
      )
    await replaceDependencies(
      tx,
      { type: 'document', id: copyId },
      targets.map((t) =>
        t.type === 'document' ? { type: t.type, id: idMapping.get(t.id) ?? t.id } : t,
      ),
    )
    changed.push(copyId)
  }
  return changed
}

/**
 * PUT /admin/document/copy-rewrite-ids (`transactionId`: the user's finished copy job): in the
 * copies, links, relations, snippets, hardlinks and content main documents that point into the
 * copied source subtree are pointed at the copies; each changed copy gets a version.
 */
export async function rewriteCopiedIds(
  ctx: AdminContext,
  transactionId: string,
): Promise<{ success: true; rewritten: number }> {
  const job = await readOwnJob(ctx.db, ctx.admin.userId, transactionId)
  const result = job.result as Partial<DocumentCopyResult> | null
  if (job.type !== DOCUMENT_COPY_JOB || job.status !== 'done' || !result?.idMapping) {
    throw new AppError(400, 'DOCUMENT_COPY_NOT_DONE', 'cmsTree.copyNotFinished')
  }
  const idMapping = new Map(
    Object.entries(result.idMapping).map(([from, to]) => [Number(from), Number(to)] as const),
  )
  const rights = await loadDocumentRights(ctx)
  return ctx.db.transaction(async (tx) => {
    for (const copyId of idMapping.values()) {
      const [row] = await tx.select().from(documents).where(eq(documents.id, copyId))
      // A copy deleted since is skipped; one the user may not save refuses the whole rewrite.
      if (row && !rights.may(fullPathOf(row), 'save')) {
        throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
      }
    }
    const changed = await rewriteCopies(tx, idMapping)
    for (const id of changed) {
      const [fresh] = await tx.select().from(documents).where(eq(documents.id, id))
      await saveVersion(tx, {
        element: { type: 'document', id },
        snapshot: documentSnapshotOf(fresh!),
        userId: ctx.admin.userId,
        isPublic: fresh!.published,
        note: 'copy-rewrite-ids',
      })
    }
    await auditDocumentChange(ctx, tx, {
      action: 'document.copy-rewrite-ids',
      documentId: Number(result.id ?? 0) || [...idMapping.values()][0]!,
      after: { rewritten: changed },
    })
    return { success: true as const, rewritten: changed.length }
  })
}
