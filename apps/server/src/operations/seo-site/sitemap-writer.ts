import { createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { join } from 'node:path'
import { SITEMAP_MAX_URLS } from '@optika/domain/operations/seo-site'

/** sitemaps.org: at most 50 MB uncompressed per file; we stay a little below. */
const MAX_FILE_BYTES = 50 * 1024 * 1024 - 64 * 1024

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
const URLSET_CLOSE = '</urlset>\n'

/** One page of the sitemap with its language alternates (every language's URL, itself included). */
export interface SitemapUrl {
  readonly loc: string
  readonly lastmod: Date | null
  /** `[hreflang, href]`; empty when the page has no translations. */
  readonly alternates: readonly (readonly [string, string])[]
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  )
}

/** The `<xhtml:link>` lines of a set of alternates, built once and shared by its languages. */
export function alternateLinks(alternates: readonly (readonly [string, string])[]): string {
  let text = ''
  for (const [lang, href] of alternates) {
    text += `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`
  }
  return text
}

function lastmodOf(date: Date | null): string {
  return date ? `<lastmod>${date.toISOString().slice(0, 19)}+00:00</lastmod>` : ''
}

/**
 * Writes one kind of one language's URLs to numbered files (`cs-products-1.xml`, `-2` …), a new
 * file every 50,000 URLs or 50 MB, waiting for the disk when its buffer is full (streamed: memory
 * stays flat whatever the catalogue's size).
 */
export class SitemapFileWriter {
  readonly files: { name: string; urls: number }[] = []
  private stream: WriteStream | null = null
  private urls = 0
  private bytes = 0
  private readonly dir: string
  private readonly baseName: string
  private readonly maxUrls: number
  private failure: Error | null = null

  /** `maxUrls` is the protocol's 50,000; tests split smaller. */
  constructor(dir: string, baseName: string, maxUrls = SITEMAP_MAX_URLS) {
    this.dir = dir
    this.baseName = baseName
    this.maxUrls = maxUrls
  }

  get totalUrls(): number {
    return this.files.reduce((sum, file) => sum + file.urls, 0)
  }

  /** Adds a URL; `links` is `alternateLinks(…)` of its group (precomputed). */
  async add(loc: string, lastmod: Date | null, links: string): Promise<void> {
    this.throwIfFailed()
    const entry = `<url><loc>${escapeXml(loc)}</loc>${lastmodOf(lastmod)}${links}</url>\n`
    const size = Buffer.byteLength(entry)
    if (
      !this.stream ||
      this.urls >= this.maxUrls ||
      this.bytes + size + URLSET_CLOSE.length > MAX_FILE_BYTES
    ) {
      await this.closeFile()
      this.openFile()
    }
    this.urls += 1
    this.bytes += size
    const file = this.files.at(-1)
    if (file) file.urls = this.urls
    if (!this.stream!.write(entry)) await once(this.stream!, 'drain')
  }

  private openFile(): void {
    const name = `${this.baseName}-${this.files.length + 1}.xml`
    this.stream = createWriteStream(join(this.dir, name))
    // A file that cannot be written (its folder removed, the disk full) fails the generation,
    // never the process: the error is kept and thrown by the next add or close.
    this.stream.on('error', (error) => {
      this.failure ??= error
    })
    this.stream.write(URLSET_OPEN)
    this.bytes = Buffer.byteLength(URLSET_OPEN)
    this.urls = 0
    this.files.push({ name, urls: 0 })
  }

  private async closeFile(): Promise<void> {
    const stream = this.stream
    if (!stream) return
    this.stream = null
    this.throwIfFailed()
    stream.end(URLSET_CLOSE)
    await once(stream, 'finish')
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure
  }

  /** Ends the last file; a kind without URLs writes no file. */
  async close(): Promise<void> {
    await this.closeFile()
  }

  /** Ends the file at once and removes nothing (the generation's folder is dropped by the caller). */
  destroy(): void {
    this.stream?.destroy()
    this.stream = null
  }
}

/** The sitemap index naming every file of a generation. */
export function sitemapIndexXml(origin: string, names: readonly string[], at: Date): string {
  const lastmod = lastmodOf(at)
  let xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  for (const name of names) {
    xml += `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}`)}</loc>${lastmod}</sitemap>\n`
  }
  return `${xml}</sitemapindex>\n`
}
