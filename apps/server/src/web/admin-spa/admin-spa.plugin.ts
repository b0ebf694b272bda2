import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  ADMIN_DASHBOARD,
  ADMIN_SCREEN_REDIRECTS,
  ADMIN_SCREENS,
  ADMIN_STATIC_PREFIX,
  ownsSubPaths,
} from '@optika/domain/admin/admin-screens'

const STATIC_PREFIX = `${ADMIN_STATIC_PREFIX}/`
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000
/** Stands for the request's nonce in the prepared page; NUL never occurs in an HTML file. */
const NONCE_SLOT = '\u0000'

/**
 * Serves the back-office SPA built by apps/admin: hashed files under /admin/static/ cached for a
 * year, and index.html, with the request's CSP nonce on every script, at each screen of
 * ADMIN_SCREENS and beneath it; a moved screen's old path redirects to its new one. Nothing else
 * under /admin is touched, so the admin JSON API and its 404s stay the API's own.
 */
export async function registerAdminSpa(
  app: FastifyInstance,
  options: { distDir: string },
): Promise<void> {
  const distDir = resolve(options.distDir)
  await app.register(fastifyStatic, {
    root: join(distDir, 'static'),
    prefix: STATIC_PREFIX,
    decorateReply: false,
    // Vite puts a content hash in every file name under static/: a URL never changes content.
    immutable: true,
    maxAge: ONE_YEAR_MS,
    index: false,
    // An unbuilt app is reported by the page routes below, with how to fix it.
    suppressWarning: true,
  })

  const indexPath = join(distDir, 'index.html')
  let page = await readIndexPage(indexPath)
  if (page === null) {
    app.log.warn(`The admin SPA is not built (${indexPath} is missing): run \`npm run build\`.`)
  }

  async function serveIndex(request: FastifyRequest, reply: FastifyReply) {
    // Built after the server started? Pick it up without a restart.
    page ??= await readIndexPage(indexPath)
    reply.header('cache-control', 'no-store')
    if (page === null) {
      return reply.code(503).send({
        code: 'ADMIN_NOT_BUILT',
        message:
          'The admin app is not built. Run `npm run build` (or `npm run build -w @optika/admin`) and reload.',
      })
    }
    return reply.type('text/html; charset=utf-8').send(renderIndexPage(page, readCspNonce(request)))
  }

  for (const screen of ADMIN_SCREENS) {
    app.get(screen, serveIndex)
    // A screen's own deep links (and unknown paths beneath it, which the SPA answers as not found).
    if (ownsSubPaths(screen)) app.get(`${screen}/*`, serveIndex)
  }
  for (const [from, to] of Object.entries(ADMIN_SCREEN_REDIRECTS)) {
    const redirect = (request: FastifyRequest, reply: FastifyReply) =>
      reply.redirect(to + request.url.slice(from.length), 301)
    app.get(from, redirect)
    app.get(`${from}/*`, redirect)
  }
  // Vite's base is `/admin/`; with trailing slashes ignored, `/admin` already answers it.
  if (!ignoresTrailingSlash(app)) app.get(`${ADMIN_DASHBOARD}/`, serveIndex)
}

/** index.html split around the places the nonce goes; null when the app is not built. */
type IndexPage = readonly string[]

async function readIndexPage(path: string): Promise<IndexPage | null> {
  let html: string
  try {
    html = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return prepareNonceSlots(html).split(NONCE_SLOT)
}

/**
 * Marks where the nonce goes: the value of every `nonce` attribute (Vite writes a placeholder on
 * scripts, module preloads and its `csp-nonce` meta tag), and a new `nonce` on any `<script>`
 * without one, so no script can miss the nonce the CSP demands.
 */
export function prepareNonceSlots(html: string): string {
  return html.replace(/<(script|link|style|meta)\b[^>]*>/gi, (tag, name: string) => {
    const nonce = /\snonce\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i
    if (nonce.test(tag)) return tag.replace(nonce, ` nonce="${NONCE_SLOT}"`)
    if (name.toLowerCase() !== 'script') return tag
    return tag.replace(/^<script\b/i, `<script nonce="${NONCE_SLOT}"`)
  })
}

function renderIndexPage(page: IndexPage, nonce: string): string {
  return page.join(escapeAttribute(nonce))
}

/** The per-request nonce the security plugin puts on `request.cspNonce`. */
function readCspNonce(request: FastifyRequest): string {
  const nonce: unknown = (request as FastifyRequest & { cspNonce?: unknown }).cspNonce
  return typeof nonce === 'string' ? nonce : ''
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

function ignoresTrailingSlash(app: FastifyInstance): boolean {
  const config = app.initialConfig as {
    ignoreTrailingSlash?: boolean
    routerOptions?: { ignoreTrailingSlash?: boolean }
  }
  return config.ignoreTrailingSlash === true || config.routerOptions?.ignoreTrailingSlash === true
}
