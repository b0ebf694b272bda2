import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql } from 'drizzle-orm'
import { KEEP_PAGE_HEADER } from '@optika/domain/cms/document-page'
import { cookieName } from '../../platform/http/cookie-policy.ts'
import { contentSecurityPolicy } from '../../platform/http/security-headers.ts'
import type { Db } from '../../platform/db/client.ts'

/**
 * Whole document pages kept for visitors, as Pimcore's full-page cache keeps them (decision 041).
 * A page is kept only when nothing about the request can make it differ from another visitor's:
 * a GET without a query string and without cookies but the language and the consent choice (part
 * of the key, as the storefront adds the visitor's target groups), answered 200 without
 * cookies by a page that says it may be kept (`KEEP_PAGE_HEADER`: a published document page,
 * never a preview). It is served while the document generation (moved by triggers on every
 * document, translation and site change, in any process or job) and the newest catalogue change
 * are what they were when it was drawn, and for at most `maxAgeMs`. A kept page is served as it
 * was drawn, compressed once per encoding, with the CSP nonce it was drawn with.
 */
export interface PageCache {
  /** The key of a request whose page may be kept, or null. */
  keyOf(request: FastifyRequest): string | null
  /** The kept page when still valid, else the stamp to keep a newly drawn one under. */
  read(db: Db, key: string): Promise<{ page: KeptPage } | { stamp: string }>
  /** Keeps a page drawn with `nonce` after `read` answered `stamp`. */
  keep(key: string, stamp: string, page: DrawnPage, nonce: string): KeptPage
  /** How many pages are kept and about how many bytes they take (text and compressed forms). */
  stats(): { entries: number; bytes: number }
  /** Forgets every kept page (the back office's "clear caches", a changed website setting). */
  clear(): void
}

export interface DrawnPage {
  readonly headers: readonly (readonly [string, string])[]
  readonly body: string
}

export interface KeptPage extends DrawnPage {
  readonly stamp: string
  readonly nonce: string
  readonly at: number
  /** Compressed bodies, made on first use. */
  readonly encoded: Map<'br' | 'gzip', Buffer>
}

/**
 * A product's or category's page (`/:locale/p/:id/:slug`, `/:locale/c/:id/:slug`): the catalogue's
 * own routes, never a document, so never kept; they skip reading the stamp.
 */
const CATALOGUE_PAGE = /^\/[^/]+\/[pc]\/[^/]+\/[^/]+\/?$/

const MAX_ENTRIES = 500
const MAX_BYTES = 64 * 1024 * 1024

export function createPageCache(options: { maxAgeMs?: number } = {}): PageCache {
  const maxAgeMs = options.maxAgeMs ?? 60_000
  // Map order is insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, KeptPage>()
  let bytes = 0
  // The text and, made later, its compressed forms: at most about twice the text.
  const sizeOf = (page: KeptPage) => page.body.length * 2

  function drop(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= sizeOf(entry)
  }

  return {
    keyOf(request) {
      if (
        request.method !== 'GET' ||
        request.url.includes('?') ||
        request.url.includes('.data') ||
        CATALOGUE_PAGE.test(request.url)
      ) {
        return null
      }
      const locale = cookieName('locale', request.server.cookiePolicy.secure)
      // The personalization consent choice (decision 067) only decides whether the banner shows.
      const consent = cookieName('consent', request.server.cookiePolicy.secure)
      for (const name of Object.keys(request.cookies)) {
        if (name !== locale && name !== consent) return null
      }
      const choice = request.cookies[consent]
      return choice
        ? `${request.host}${request.url}|consent=${choice}`
        : `${request.host}${request.url}`
    },

    async read(db, key) {
      const stamp = await readStamp(db)
      const entry = entries.get(key)
      if (entry && entry.stamp === stamp && Date.now() - entry.at < maxAgeMs) {
        entries.delete(key)
        entries.set(key, entry)
        return { page: entry }
      }
      drop(key)
      return { stamp }
    },

    keep(key, stamp, page, nonce) {
      // Filed under the stamp read before it was drawn: a change in between only makes it
      // invalid sooner.
      const kept: KeptPage = {
        headers: page.headers.filter(([name]) => name !== KEEP_PAGE_HEADER),
        body: page.body,
        stamp,
        nonce,
        at: Date.now(),
        encoded: new Map(),
      }
      if (page.body.length > MAX_BYTES / 16) return kept
      drop(key)
      entries.set(key, kept)
      bytes += sizeOf(kept)
      for (const [oldest] of entries) {
        if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break
        drop(oldest)
      }
      return kept
    },

    stats() {
      return { entries: entries.size, bytes }
    },

    clear() {
      entries.clear()
      bytes = 0
    },
  }
}

/** Sends a kept page, compressed as the request accepts, its CSP naming the page's nonce. */
export function sendKeptPage(request: FastifyRequest, reply: FastifyReply, page: KeptPage) {
  reply.code(200)
  for (const [name, value] of page.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value)
  }
  reply.header(
    'content-security-policy',
    contentSecurityPolicy(page.nonce, false, request.server.cspImageOrigins),
  )
  reply.header('vary', 'accept-encoding')
  const accepted = String(request.headers['accept-encoding'] ?? '')
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null
  if (!encoding) return reply.send(page.body)
  let body = page.encoded.get(encoding)
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(page.body, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
          })
        : gzipSync(page.body)
    page.encoded.set(encoding, body)
  }
  return reply.header('content-encoding', encoding).send(body)
}

/** The document generation and the newest catalogue change, in one round trip. */
async function readStamp(db: Db): Promise<string> {
  const { rows } = await db.execute<{
    generation: string | number
    change: string | number | null
  }>(
    sql`select (select value from document_generation where id = 1) as generation,
               (select max(id) from product_index_changes) as change`,
  )
  const row = rows[0]
  return `${row?.generation ?? ''}:${row?.change ?? ''}`
}
