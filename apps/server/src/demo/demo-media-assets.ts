import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../platform/db/client.ts'
import { assets } from '../platform/db/schema/elements.ts'

/** A 3-second test pattern (160 × 96, H.264, 5 KB), so the video preview has something to show. */
const DEMO_VIDEO = new URL('./files/optika-demo-video.mp4', import.meta.url)

/** Text for a PDF string literal: backslashes and parentheses escaped. */
function pdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`)
}

/** The content stream of one page: a coloured band, a title and a few lines of text. */
function pageContent(title: string, lines: readonly string[], colour: string): string {
  const body = lines
    .map((line, i) => `BT /F1 12 Tf 48 ${300 - i * 20} Td (${pdfText(line)}) Tj ET`)
    .join('\n')
  return `${colour} rg 0 380 420 40 re f\nBT /F1 22 Tf 48 340 Td (${pdfText(title)}) Tj ET\n0 0 0 rg\n${body}`
}

/**
 * A small two-page PDF made here (so no binary needs to be committed): the lens care guide the
 * document preview shows. Only the 14 standard fonts are used, which every PDF reader has.
 */
export function buildDemoPdf(): Buffer {
  const pages = [
    pageContent(
      'Optika - lens care guide',
      [
        'Rinse the lenses under lukewarm water before wiping them.',
        'Dry them with the microfibre cloth from the case.',
        'Never clean them with a paper tissue or your shirt.',
      ],
      '0.12 0.35 0.65',
    ),
    pageContent(
      'Page 2 - storing your frames',
      ['Keep the glasses in their case, lenses facing up.', 'Avoid leaving them in a hot car.'],
      '0.85 0.45 0.1',
    ),
  ]
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  for (const [i, content] of pages.entries()) {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 420] /Contents ${5 + i * 2} 0 R ` +
        '/Resources << /Font << /F1 3 0 R >> >> >>',
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    )
  }
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(pdf, 'latin1'))
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`
  }
  const xref = Buffer.byteLength(pdf, 'latin1')
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

async function ensureFolder(db: Db, parentId: number | null, key: string, path: string) {
  const parent = parentId === null ? isNull(assets.parentId) : eq(assets.parentId, parentId)
  const [existing] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(parent, eq(assets.key, key)))
    .limit(1)
  if (existing) return existing.id
  const [created] = await db
    .insert(assets)
    .values({ parentId, type: 'folder', key, path })
    .returning({ id: assets.id })
  if (!created) throw new Error(`Could not create asset folder ${path}${key}`)
  return created.id
}

interface DemoFile {
  readonly folder: string
  readonly key: string
  readonly type: 'document' | 'video'
  readonly mimeType: string
  readonly content: Buffer
  readonly width: number | null
  readonly height: number | null
}

/**
 * Adds a PDF (/documents/lens-care-guide.pdf) and a short video (/videos/optika-demo.mp4) to the
 * demo asset library, so document and video previews have something to show. Files go to
 * DATA_DIR/assets first (rewritten by a later attempt), rows are left alone when they exist.
 */
export async function insertDemoMediaAssets(db: Db, dataDir: string): Promise<void> {
  const files: DemoFile[] = [
    {
      folder: 'documents',
      key: 'lens-care-guide.pdf',
      type: 'document',
      mimeType: 'application/pdf',
      content: buildDemoPdf(),
      width: null,
      height: null,
    },
    {
      folder: 'videos',
      key: 'optika-demo.mp4',
      type: 'video',
      mimeType: 'video/mp4',
      content: await readFile(DEMO_VIDEO),
      width: 160,
      height: 96,
    },
  ]
  const rootId = await ensureFolder(db, null, '', '/')
  for (const file of files) {
    const storageKey = `${file.folder}/${file.key}`
    const target = join(dataDir, 'assets', storageKey)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, file.content)
    const folderId = await ensureFolder(db, rootId, file.folder, '/')
    await db
      .insert(assets)
      .values({
        parentId: folderId,
        type: file.type,
        key: file.key,
        path: `/${file.folder}/`,
        mimeType: file.mimeType,
        size: file.content.length,
        width: file.width,
        height: file.height,
        storageKey,
        checksum: createHash('sha256').update(file.content).digest('hex'),
      })
      .onConflictDoNothing()
  }
}
