import type {
  ContentExportBody,
  ContentExportFormat,
  ContentExportItem,
  ContentExportJobs,
  ContentExportStarted,
  XliffVersion,
} from '@optika/domain/operations/content-export'
import { ContentExportBodySchema } from '@optika/domain/operations/content-export'
import type { Locale } from '@optika/i18n/locales'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { jobAdminContext } from '../../identity/admin-users/job-admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { jobFileKey, type JobFileStore } from '../../platform/jobs/job-files.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { readOwnJob } from '../../platform/jobs/read-job.ts'
import { defineTrackedJob, startJob, type JobLogger } from '../../platform/jobs/start-job.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import {
  loadDocumentContent,
  loadObjectTexts,
  resolveExportElements,
  translationIn,
} from './content-elements.ts'
import {
  documentTextAt,
  documentTextUnits,
  objectTextAt,
  objectTextUnits,
  parseUnitId,
  unitIdOf,
  type TextUnit,
} from './translatable-texts.ts'
import { writeXliff, type XliffFileInput } from './xliff-files.ts'

export interface ContentExportDeps {
  readonly db: Db
  readonly jobs: JobQueue
  readonly files: JobFileStore
  readonly translator: Translator
  readonly log: JobLogger
}

const JOB_TYPES: Readonly<Record<ContentExportFormat, string>> = {
  xliff: 'contentExport.xliff',
  word: 'contentExport.word',
}

const CONTENT_TYPES: Readonly<Record<ContentExportFormat, string>> = {
  xliff: 'application/xliff+xml; charset=utf-8',
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/**
 * POST /admin/translation/content-export-jobs: the elements an export of the chosen ones
 * contains (children and relations added, rights applied), and the chunks of 20 Pimcore's
 * progress bar walks. Nothing is written.
 */
export async function listContentExportJobs(
  ctx: AdminContext,
  chosen: Parameters<typeof resolveExportElements>[1],
): Promise<ContentExportJobs> {
  const elements = await resolveExportElements(ctx, chosen)
  const jobs: ContentExportItem[][] = []
  for (let i = 0; i < elements.length; i += 20) jobs.push(elements.slice(i, i + 20))
  return { success: true, total: elements.length, elements, jobs }
}

interface ExportParams {
  readonly format: ContentExportFormat
  readonly elements: readonly { type: 'document' | 'object'; id: number }[]
  readonly source: Locale
  readonly targets: readonly Locale[]
  readonly version: XliffVersion
  readonly locale: string
}

/**
 * Starts an XLIFF or Word export of the chosen elements as a job on the queue; the elements are
 * resolved now (a missing one or none the user may view is refused before a job exists).
 */
export async function startContentExport(
  ctx: AdminContext,
  deps: Pick<ContentExportDeps, 'jobs'>,
  format: ContentExportFormat,
  body: ContentExportBody,
): Promise<ContentExportStarted> {
  const input = ContentExportBodySchema.parse(body)
  const targets = [...new Set(input.target)].filter((l) => l !== input.source)
  if (targets.length === 0) {
    throw new AppError(400, 'SAME_LANGUAGE', 'contentExport.sameLanguage')
  }
  const elements = await resolveExportElements(ctx, input.elements)
  if (elements.length === 0) {
    throw new AppError(400, 'NOTHING_TO_EXPORT', 'contentExport.nothingToExport')
  }
  const params: ExportParams = {
    format,
    elements: elements.map((element) => ({ type: element.type, id: element.id })),
    source: input.source,
    targets,
    version: input.version,
    locale: ctx.locale,
  }
  const { id } = await startJob(ctx.db, deps.jobs, {
    type: JOB_TYPES[format],
    ownerId: ctx.admin.userId,
    total: elements.length,
    params: { ...params },
  })
  await recordAudit(ctx.db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    action: `contentExport.${format}Export`,
    entityType: 'job',
    entityId: id,
    after: { elements: elements.length, source: input.source, targets, version: input.version },
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
  return { success: true, jobId: id, total: elements.length }
}

/** One element's texts, source and each target side by side. */
interface ElementTexts {
  readonly original: string
  readonly path: string
  readonly units: readonly {
    readonly id: string
    readonly name: string
    readonly format: TextUnit['format']
    readonly source: string
    readonly targets: Readonly<Record<string, string>>
  }[]
}

/**
 * Reads an element's texts: a document's in its own language (the export's source language is
 * the document's, whatever was chosen) beside its linked translations' texts at the same places;
 * an object's localized fields in the source and target languages. Null when it is gone or the
 * user may no longer view it.
 */
async function readElementTexts(
  ctx: AdminContext,
  element: { type: 'document' | 'object'; id: number },
  source: Locale,
  targets: readonly Locale[],
): Promise<ElementTexts | null> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  if (element.type === 'document') {
    const chosen = await loadDocumentContent(ctx.db, element.id)
    if (!chosen) return null
    // The source is the chosen document's translation in the source language, when linked.
    const sourceId = await translationIn(ctx.db, element.id, chosen.language, source)
    const loaded =
      sourceId && sourceId !== element.id
        ? ((await loadDocumentContent(ctx.db, sourceId)) ?? chosen)
        : chosen
    const documentId = loaded.row.id
    const path = loaded.row.parentId === null ? '/' : `${loaded.row.path}${loaded.row.key}`
    if (!rights.may('document', path, 'view')) return null
    const units = documentTextUnits(loaded.content.editables, loaded.content.settings)
    const translations: Record<string, Awaited<ReturnType<typeof loadDocumentContent>>> = {}
    for (const target of targets) {
      const id = await translationIn(ctx.db, documentId, loaded.language ?? source, target)
      translations[target] = id && id !== documentId ? await loadDocumentContent(ctx.db, id) : null
    }
    return {
      original: `document:${documentId}`,
      path,
      units: units.map((unit) => {
        const id = unitIdOf('document', documentId, unit)
        const parsed = parseUnitId(id)!
        const texts: Record<string, string> = {}
        for (const target of targets) {
          const other = translations[target]
          texts[target] = other
            ? (documentTextAt(other.content.editables, other.content.settings, parsed) ?? '')
            : ''
        }
        return {
          id,
          name: unit.path.join('.'),
          format: unit.format,
          source: unit.text,
          targets: texts,
        }
      }),
    }
  }
  const loaded = await loadObjectTexts(ctx.db, element.id)
  if (!loaded) return null
  const path = `${loaded.row.path}${loaded.row.key}`
  if (!rights.may('object', path, 'view')) return null
  return {
    original: `object:${element.id}`,
    path,
    units: objectTextUnits(loaded.fields, loaded.data, source).map((unit) => ({
      id: unitIdOf('object', element.id, unit),
      name: unit.path.join('.'),
      format: unit.format,
      source: unit.text,
      targets: Object.fromEntries(
        targets.map((t) => [t, objectTextAt(loaded.data, unit.path[0]!, t) ?? '']),
      ),
    })),
  }
}

/** Registers the XLIFF and Word export jobs (every process, at start). */
export function defineContentExportJobs(deps: ContentExportDeps): void {
  for (const format of ['xliff', 'word'] as const) {
    defineTrackedJob<ExportParams>(deps.jobs, deps.db, {
      type: JOB_TYPES[format],
      log: deps.log,
      async run(job) {
        const params = job.params
        const ctx = await jobAdminContext(deps.db, deps.translator, {
          userId: job.ownerId,
          locale: params.locale,
          jobId: job.id,
        })
        const texts: ElementTexts[] = []
        for (const [index, element] of params.elements.entries()) {
          if (job.signal.aborted) throw new Error('stopped')
          const read = await readElementTexts(ctx, element, params.source, params.targets)
          if (read && read.units.length > 0) texts.push(read)
          job.progress(index + 1)
        }
        const stamp = new Date().toISOString().slice(0, 10)
        const files: Record<string, { key: string; fileName: string }> = {}
        if (format === 'xliff') {
          for (const target of params.targets) {
            const xml = writeXliff(
              params.version,
              params.source,
              target,
              texts.map((e) => xliffFileOf(e, target)),
            )
            const key = jobFileKey(job.id, `${target}.xlf`)
            await deps.files.put(key, Buffer.from(xml, 'utf8'), CONTENT_TYPES.xliff)
            files[target] = { key, fileName: `optika-${params.source}-${target}-${stamp}.xlf` }
          }
        } else {
          const docx = await writeWordExport(ctx, params.source, params.targets, texts)
          const key = jobFileKey(job.id, 'export.docx')
          await deps.files.put(key, docx, CONTENT_TYPES.word)
          const fileName = `optika-${params.source}-${params.targets.join('-')}-${stamp}.docx`
          for (const target of params.targets) files[target] = { key, fileName }
        }
        return {
          files,
          elements: texts.length,
          units: texts.reduce((sum, e) => sum + e.units.length, 0),
        }
      },
    })
  }
}

function xliffFileOf(element: ElementTexts, target: Locale): XliffFileInput {
  return {
    original: element.original,
    path: element.path,
    units: element.units.map((u) => ({
      id: u.id,
      name: u.name,
      source: u.source,
      target: u.targets[target] ?? '',
    })),
  }
}

/** HTML of a wysiwyg as the lines a translator reads in Word (tags dropped, blocks as lines). */
function htmlToLines(html: string): string[] {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/**
 * A DOCX for a translator: per element a heading (its path) and a table of its texts — the
 * field, the source text and each target language's current text side by side (landscape).
 * docx is loaded by the first Word export: the server starts without it (decision 071).
 */
async function writeWordExport(
  ctx: AdminContext,
  source: Locale,
  targets: readonly Locale[],
  texts: readonly ElementTexts[],
): Promise<Buffer> {
  const {
    AlignmentType,
    Document,
    HeadingLevel,
    Packer,
    PageOrientation,
    Paragraph,
    Table,
    TableCell,
    TableRow,
    TextRun,
    WidthType,
  } = await import('docx')
  const cell = (text: string, format: TextUnit['format'], bold = false) => {
    const lines = format === 'html' ? htmlToLines(text) : text.split('\n')
    return new TableCell({
      children: (lines.length > 0 ? lines : ['']).map(
        (line) => new Paragraph({ children: [new TextRun({ text: line, bold })] }),
      ),
    })
  }
  const languageName = new Intl.DisplayNames([ctx.locale], { type: 'language' })
  const header = new TableRow({
    tableHeader: true,
    children: [
      cell(ctx.t('contentExport.word.field'), 'text', true),
      cell(`${languageName.of(source) ?? source} (${source})`, 'text', true),
      ...targets.map((t) => cell(`${languageName.of(t) ?? t} (${t})`, 'text', true)),
    ],
  })
  const children: (InstanceType<typeof Paragraph> | InstanceType<typeof Table>)[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      children: [new TextRun(ctx.t('contentExport.word.title'))],
    }),
  ]
  if (texts.length === 0) {
    children.push(new Paragraph({ children: [new TextRun(ctx.t('contentExport.word.empty'))] }))
  }
  for (const element of texts) {
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        children: [new TextRun(`${element.path} (${element.original})`)],
      }),
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [
          header,
          ...element.units.map(
            (unit) =>
              new TableRow({
                children: [
                  cell(unit.name, 'text'),
                  cell(unit.source, unit.format),
                  ...targets.map((t) => cell(unit.targets[t] ?? '', unit.format)),
                ],
              }),
          ),
        ],
      }),
      new Paragraph({ alignment: AlignmentType.LEFT, children: [] }),
    )
  }
  const document = new Document({
    creator: 'Optika',
    title: ctx.t('contentExport.word.title'),
    sections: [
      {
        properties: { page: { size: { orientation: PageOrientation.LANDSCAPE } } },
        children,
      },
    ],
  })
  return Packer.toBuffer(document)
}

/**
 * The finished file of the caller's export job (XLIFF: the target language's, default the
 * first): 404 for another's job or another kind, 409 while it runs.
 */
export async function openContentExportFile(
  ctx: AdminContext,
  files: JobFileStore,
  format: ContentExportFormat,
  jobId: string,
  language: Locale | undefined,
) {
  const job = await readOwnJob(ctx.db, ctx.admin.userId, jobId)
  if (job.type !== JOB_TYPES[format]) throw notFound('pimGrid.jobNotFound')
  if (job.status === 'failed') {
    throw new AppError(409, 'JOB_FAILED', job.errorKey ?? 'pimGrid.jobFailed')
  }
  if (job.status !== 'done') throw new AppError(409, 'JOB_NOT_FINISHED', 'pimGrid.jobNotFinished')
  const result = (job.result ?? {}) as { files?: Record<string, { key: string; fileName: string }> }
  const entries = Object.entries(result.files ?? {})
  const chosen = language ? entries.find(([l]) => l === language) : entries[0]
  if (!chosen) throw notFound('pimGrid.jobNotFound')
  const { key, fileName } = chosen[1]
  const stream = await files.get(key)
  if (!stream) throw notFound('pimGrid.jobNotFound')
  return {
    stream,
    contentType: CONTENT_TYPES[format],
    disposition: `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  }
}
