import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import yazl from 'yazl'
import type { TestApp } from '../build-test-app.ts'

/** Files made here, so each test owns its input: good ones and the hostile corpus. */

export function picture(format: 'png' | 'jpeg', width = 40, height = 30): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer()
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid PNG header claiming huge dimensions with a tiny body: decoding it would exhaust memory. */
export function pixelFloodPng(width = 50_000, height = 50_000): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A PNG whose tEXt chunk carries a web page (valid PNG, valid-looking HTML). */
export async function pngWithHtmlChunk(): Promise<Buffer> {
  const png = await picture('png')
  const iend = png.length - 12
  const html = pngChunk(
    'tEXt',
    Buffer.from('Comment\0<html><body><script>alert(document.cookie)</script></body></html>'),
  )
  return Buffer.concat([png.subarray(0, iend), html, png.subarray(iend)])
}

/** A ZIP archive with one file. */
export function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name)
  zip.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}

/** A one-page PDF saying `text` (offsets computed, so the cross-reference table is exact). */
export function pdfSaying(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** The start of an MP4 file (an `ftyp` box and some media data): recognised as video/mp4. */
export function mp4Header(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'latin1'),
  ])
  const mdat = Buffer.concat([
    Buffer.from([0, 0, 0, 0x10]),
    Buffer.from('mdat', 'latin1'),
    Buffer.alloc(8, 7),
  ])
  return Buffer.concat([ftyp, mdat])
}

/** Sends one file to a multipart upload call, as a browser form would. */
export function sendFile(
  t: TestApp,
  options: {
    url: string
    method?: 'POST' | 'PUT'
    cookie: string
    content: Buffer
    filename: string
    fields?: Record<string, string>
    type?: string
    language?: string
  },
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value)
  form.append(
    'file',
    new Blob([new Uint8Array(options.content)], {
      type: options.type ?? 'application/octet-stream',
    }),
    options.filename,
  )
  return t.app.inject({
    method: options.method ?? 'POST',
    url: options.url,
    headers: { cookie: options.cookie, 'accept-language': options.language ?? 'en' },
    payload: form,
  })
}
