import type { FastifyRequest } from 'fastify'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { DocumentNavLink, DocumentPageResult } from '@optika/domain/cms/document-page'
import type { Db } from '../../platform/db/client.ts'
import type { ProductListService } from '../../catalogue/product-list/product-list-service.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import { loadPrincipal } from '../../identity/admin-auth/admin-sessions.ts'
import { footerSnippetPath } from './default-documents.ts'
import { loadDocumentPage, type DocumentViewer, type PageGlossary } from './load-document-page.ts'
import { loadNavigationSnippets } from './load-navigation-snippet.ts'

/**
 * The change signal every write to `documents` moves (a trigger, migration 0037): what a process
 * keeps of the documents is read again after it.
 */
export const DOCUMENTS_CHANGED = 'documents'

/** Navigation links by language; a language without the snippet has no entry. */
export type FooterLinks = Partial<Record<Locale, DocumentNavLink[]>>

/** The storefront's documents for one request (its host, its back-office session for previews). */
export interface RequestDocuments {
  /** The page at an address (`/cs/terms`); `preview` asks for an editor's draft. */
  loadPage(input: {
    readonly path: string
    readonly locale: Locale
    readonly preview: boolean
  }): Promise<DocumentPageResult>
  /**
   * The footer's links in every language (the navigation snippets `/<locale>/snippets/footer`;
   * a language without one has no entry), so a language switch in the browser has them too.
   */
  loadFooterLinks(): Promise<FooterLinks>
}

export interface DocumentPagesService {
  /** `targetGroupIds`: the visitor's target groups (personalization), heaviest first. */
  forRequest(
    request: FastifyRequest,
    options?: { readonly targetGroupIds?: readonly number[] },
  ): RequestDocuments
}

/** The host a page was asked on: lower case, without port. */
function hostOf(request: FastifyRequest): string {
  return request.host.toLowerCase().replace(/:\d+$/, '')
}

/**
 * Only a preview reads the back-office session (the cookie travels with every page, but a
 * visitor's page never looks it up): a signed-in user with the `documents` permission.
 */
async function viewerOf(
  request: FastifyRequest,
  db: Db,
  preview: boolean,
): Promise<DocumentViewer> {
  if (!preview) return { editorUserId: null }
  const token = readCookie(request, 'adminSession')
  const principal = token ? await loadPrincipal(db, token) : null
  return {
    editorUserId: principal?.permissions.has('documents') ? principal.userId : null,
  }
}

/** The footer's links in every language (`RequestDocuments.loadFooterLinks`). */
export async function loadFooterLinks(db: Db): Promise<FooterLinks> {
  const links = await loadNavigationSnippets(db, LOCALES.map(footerSnippetPath))
  return Object.fromEntries(
    LOCALES.flatMap((l) => {
      const found = links.get(footerSnippetPath(l))
      return found ? [[l, found]] : []
    }),
  )
}

export function createDocumentPagesService(deps: {
  readonly publicUrl: string
  /** The footer's links (kept while the documents are unchanged in the app; read each time by default). */
  readonly footerLinks?: () => Promise<FooterLinks>
  /** Draws renderlets (a category's product list inside a page). */
  readonly productList?: ProductListService
  /** Draws glossary terms into pages' text (issue 19). */
  readonly glossary?: PageGlossary
}): DocumentPagesService {
  return {
    forRequest(request, options = {}) {
      const db = request.ctx.db
      const targetGroupIds = options.targetGroupIds ?? []
      return {
        async loadPage({ path, locale, preview }) {
          const viewer = await viewerOf(request, db, preview)
          return loadDocumentPage(
            {
              db,
              publicUrl: deps.publicUrl,
              ...(deps.productList ? { productList: deps.productList } : {}),
              ...(deps.glossary ? { glossary: deps.glossary } : {}),
            },
            {
              host: hostOf(request),
              path,
              locale,
              viewer,
              preview,
              shopper: request.viewer,
              targetGroupIds,
            },
          )
        },
        loadFooterLinks: () => (deps.footerLinks ? deps.footerLinks() : loadFooterLinks(db)),
      }
    },
  }
}
