import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  LanguageTreeQuerySchema,
  LanguageTreeRootQuerySchema,
  LanguageTreeRootSchema,
  LanguageTreeSchema,
  RemoveSiteSchema,
  SiteOfRootQuerySchema,
  SiteOfRootSchema,
  SiteRemovedSchema,
  SiteSchema,
  TranslationAddSchema,
  TranslationCheckLanguageQuerySchema,
  TranslationDetermineParentQuerySchema,
  TranslationLanguageSchema,
  TranslationLinksSchema,
  TranslationParentSchema,
  TranslationRemoveSchema,
  UpdateSiteSchema,
} from '@optika/domain/cms/document-sites-api'
import type { RouteDeps } from '../../platform/http/route-deps.ts'
import {
  documentContextOf,
  documentGuard as guard,
  documentTags as tags,
} from '../documents/documents.routes.ts'
import { getSiteOfRoot, removeSite, updateSite } from './document-sites.ts'
import {
  addTranslation,
  checkTranslationLanguage,
  determineTranslationParent,
  removeTranslation,
} from './document-translations.ts'
import { getLanguageTree, getLanguageTreeRoot } from './language-tree.ts'

/**
 * Translations between languages and sites (issue 17, slice "sites"): the four translation
 * calls, the language tree and its root, update-site / remove-site (and get-site for the form).
 * Behind the documents guard (401 / 403 without `documents`) and workspace rights.
 */
export function registerDocumentSiteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => documentContextOf(request, deps)

  r.get(
    '/admin/document/translation-determine-parent',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Where a new translation of `id` into `language` belongs: the translation of its parent in that language.',
        querystring: TranslationDetermineParentQuerySchema,
        response: { 200: TranslationParentSchema },
      },
    },
    async (request) => determineTranslationParent(ctxOf(request), request.query),
  )
  r.get(
    '/admin/document/translation-check-language',
    {
      ...guard,
      schema: {
        tags,
        description: 'The language of the document at `path` and the languages it is linked to.',
        querystring: TranslationCheckLanguageQuerySchema,
        response: { 200: TranslationLanguageSchema },
      },
    },
    async (request) => checkTranslationLanguage(ctxOf(request), request.query.path),
  )
  r.post(
    '/admin/document/translation-add',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Links the target (`targetId` or `targetPath`) into the translations of `sourceId`.',
        body: TranslationAddSchema,
        response: { 200: TranslationLinksSchema },
      },
    },
    async (request) => addTranslation(ctxOf(request), request.body),
  )
  r.delete(
    '/admin/document/translation-remove',
    {
      ...guard,
      schema: {
        tags,
        description: 'Unlinks `targetId` from the translations of `sourceId`.',
        querystring: TranslationRemoveSchema,
        response: { 200: TranslationLinksSchema },
      },
    },
    async (request) => removeTranslation(ctxOf(request), request.query),
  )
  r.get(
    '/admin/document/language-tree',
    {
      ...guard,
      schema: {
        tags,
        description:
          'The children of `node` with their translations in `languages` (comma-separated).',
        querystring: LanguageTreeQuerySchema,
        response: { 200: LanguageTreeSchema },
      },
    },
    async (request) => getLanguageTree(ctxOf(request), request.query),
  )
  r.get(
    '/admin/document/language-tree-root',
    {
      ...guard,
      schema: {
        tags,
        description: 'A document as the root of the translations view, with its language columns.',
        querystring: LanguageTreeRootQuerySchema,
        response: { 200: LanguageTreeRootSchema },
      },
    },
    async (request) => getLanguageTreeRoot(ctxOf(request), request.query.id),
  )
  r.get(
    '/admin/document/get-site',
    {
      ...guard,
      schema: {
        tags,
        description: 'The site whose root the document `id` is (null when none).',
        querystring: SiteOfRootQuerySchema,
        response: { 200: SiteOfRootSchema },
      },
    },
    async (request) => getSiteOfRoot(ctxOf(request), request.query.id),
  )
  r.put(
    '/admin/document/update-site',
    {
      ...guard,
      schema: {
        tags,
        description:
          'Makes the document `id` a site root or changes its site: domains, main domain, redirect, default language, error pages.',
        body: UpdateSiteSchema,
        response: { 200: SiteSchema },
      },
    },
    async (request) => updateSite(ctxOf(request), request.body),
  )
  r.delete(
    '/admin/document/remove-site',
    {
      ...guard,
      schema: {
        tags,
        description: 'The document `id` stops being a site root.',
        querystring: RemoveSiteSchema,
        response: { 200: SiteRemovedSchema },
      },
    },
    async (request) => removeSite(ctxOf(request), request.query.id),
  )
}
