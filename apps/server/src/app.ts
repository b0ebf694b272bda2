import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import type { Database } from './platform/db/client.ts'
import type { Env } from './platform/env.ts'
import { registerErrorHandler, sendNotFound } from './platform/http/error-handler.ts'
import {
  createClientErrorHandler,
  createFrameworkErrorHandler,
} from './platform/http/framework-errors.ts'
import { registerRequestContext } from './platform/http/request-context.ts'
import { registerCookiePolicy } from './platform/http/cookie-policy.ts'
import { registerPersonalAnswersCaching } from './platform/http/personal-answers-caching.ts'
import { registerEmptyDeleteBody } from './platform/http/empty-delete-body.ts'
import { isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import { registerSecurityHeaders, tileOrigin } from './platform/http/security-headers.ts'
import { registerHealthRoutes } from './platform/health/health.routes.ts'
import { createChangeSignals } from './platform/db/change-signals.ts'
import { forgetThumbnailConfigs } from './dam/thumbnails/thumbnail-config-registry.ts'
import { registerTranslationRoutes } from './operations/translations/translations.routes.ts'
import { createStorefrontDictionaries } from './platform/i18n/storefront-dictionary.ts'
import { TRANSLATIONS_CHANGED, type Translator } from './platform/i18n/translator.ts'
import { registerTranslationAdminRoutes } from './operations/translations/translation-admin.routes.ts'
import { registerSiteToolsRoutes } from './operations/site-tools/site-tools.routes.ts'
import { createStaticRoutesService } from './operations/site-tools/static-routes-service.ts'
import { createGlossaryService } from './operations/site-tools/glossary-service.ts'
import { registerMediaRoutes } from './dam/media/media.routes.ts'
import { registerStorefront } from './web/storefront/register-storefront.ts'
import { registerAdminSpa } from './web/admin-spa/admin-spa.plugin.ts'
import { registerAdminUserRoutes } from './identity/admin-users/admin-users.routes.ts'
import { registerAdminMiscRoutes } from './operations/admin-misc/admin-misc.routes.ts'
import { registerContentExportRoutes } from './operations/content-export/content-export.routes.ts'
import { registerAdminAuth } from './identity/admin-auth/admin-auth.routes.ts'
import { redactUrlSecrets } from './platform/http/redact-url-secrets.ts'
import { createMailer, defineMailDelivery, type Mailer } from './platform/mail/create-mailer.ts'
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.ts'
import { defineAdminSignInPruning } from './identity/admin-auth/prune-admin-sign-in.ts'
import { defineCustomerSignInPruning } from './accounts/customer-auth/prune-customer-sign-in.ts'
import { defineIndexChangePruning } from './catalogue/product-index/prune-index-changes.ts'
import { registerSameOriginGuard } from './platform/http/same-origin-guard.ts'
import { registerPimClassRoutes } from './pim/classes/pim-classes.routes.ts'
import { registerPimObjectRoutes } from './pim/objects/pim-objects.routes.ts'
import { registerElementRoutes } from './elements/elements.routes.ts'
import { registerWorkflowRoutes } from './elements/workflow/workflow.routes.ts'
import { publishObjectForWorkflow } from './pim/objects/object-workflow.ts'
import { publishDocumentForWorkflow } from './cms/content/document-workflow.ts'
import { objectElementKind } from './pim/objects/object-element-kind.ts'
import { registerClassificationStoreRoutes } from './pim/classification-store/classification-store.routes.ts'
import { registerQuantityValueRoutes } from './pim/quantity-values/quantity-values.routes.ts'
import { registerPimGridRoutes } from './pim/grid/pim-grid.routes.ts'
import { registerAssetRoutes } from './dam/assets/assets.routes.ts'
import { createAssetElementKind } from './dam/assets/asset-element-kind.ts'
import { registerDocumentRoutes } from './cms/documents/documents.routes.ts'
import { createMailSampleRegistry } from './cms/mails/mail-samples.ts'
import {
  defineOrderConfirmationJob,
  registerOrderMailSamples,
  shopMailAddress,
} from './commerce/orders/order-mails.ts'
import { publishedEmailDocuments } from './cms/mails/send-document-mail.ts'
import { registerBrickRoutes } from './cms/bricks/brick.routes.ts'
import { registerContactRoutes } from './community/contact/contact.routes.ts'
import { createContactPagesService } from './community/contact/contact-pages-service.ts'
import { verifyCaptcha } from './accounts/customer-auth/captcha.ts'
import { createDocumentElementKind } from './cms/documents/document-element-kind.ts'
import { runDocumentScheduledTask } from './cms/content/document-scheduled-task.ts'
import { createAssetStore } from './dam/assets/asset-store.ts'
import { registerThumbnailSettingsRoutes } from './operations/thumbnail-settings/thumbnail-settings.routes.ts'
import { requireAdminForAreas } from './identity/admin-auth/require-admin-for-areas.ts'
import { PIM_API_AREAS } from '@optika/domain/pim/pim-admin-routes'
import { registerEmailLogRoutes } from './operations/email-log/email-log.routes.ts'
import { registerGdprRoutes } from './operations/gdpr/gdpr.routes.ts'
import { registerCustomReportRoutes } from './operations/custom-reports/custom-reports.routes.ts'
import { registerApplicationLogRoutes } from './operations/application-log/application-log.routes.ts'
import { defineAppLogPruning } from './operations/application-log/prune-application-log.ts'
import { registerAdminSearchRoutes } from './operations/admin-search/admin-search.routes.ts'
import { registerPortalRoutes } from './operations/portal/portal.routes.ts'
import { registerSeoSiteRoutes } from './operations/seo-site/seo-site.routes.ts'
import { registerSettingsRoutes } from './operations/settings/settings.routes.ts'
import { createWebsiteSettingsStore } from './operations/settings/website-settings-store.ts'
import { dataDirCaches, thumbnailCache } from './operations/settings/site-caches.ts'
import { createSystemSettingsStore } from './platform/settings/system-settings-store.ts'
import { createPageCache } from './web/storefront/page-cache.ts'
import { registerViewer } from './accounts/customer-auth/viewer.ts'
import { registerCustomerAuthRoutes } from './accounts/customer-auth/customer-auth.routes.ts'
import { registerCustomerProfileRoutes } from './accounts/customer-profile/customer-profile.routes.ts'
import { registerPartnerRoutes } from './accounts/partner/partner.routes.ts'
import { registerAdminCustomerRoutes } from './accounts/admin-customers/admin-customers.routes.ts'
import { createProductSearch } from './catalogue/product-search/product-search.ts'
import { createProductListService } from './catalogue/product-list/product-list-service.ts'
import { registerProductListRoutes } from './catalogue/product-list/product-list.routes.ts'
import { createSearchSuggestService } from './community/search-suggest/search-suggest-service.ts'
import { registerSearchSuggestRoutes } from './community/search-suggest/search-suggest.routes.ts'
import { registerPageViewRoutes } from './community/page-view/page-view.routes.ts'
import { registerTargetingRoutes } from './operations/targeting/targeting.routes.ts'
import { registerConsentRoutes } from './web/targeting/consent.routes.ts'
import { createTargetingStore, TARGETING_CHANGED } from './web/targeting/targeting-store.ts'
import { createVisitorTargeting } from './web/targeting/visitor-targeting.ts'
import { createProductDetailService } from './catalogue/product-detail/product-detail-service.ts'
import { keptPublishedCategories } from './catalogue/reads/published-categories.ts'
import { registerProductDetailRoutes } from './catalogue/product-detail/product-detail.routes.ts'
import { createRatingsService } from './catalogue/ratings/ratings-service.ts'
import { createForumService } from './community/forum/forum-service.ts'
import { registerForumRoutes } from './community/forum/forum.routes.ts'
import { registerRatingRoutes } from './catalogue/ratings/ratings.routes.ts'
import { createDealersService } from './community/dealers/dealers-service.ts'
import { registerDealerRoutes } from './community/dealers/dealers.routes.ts'
import { createForumModerationService } from './community/forum-moderation/forum-moderation-service.ts'
import { registerForumModerationRoutes } from './community/forum-moderation/forum-moderation.routes.ts'
import { createCartService } from './commerce/cart/request-cart.ts'
import { loadShopSettings, SHOP_SETTINGS_CHANGED } from './platform/settings/shop-settings.ts'
import { registerCartRoutes } from './commerce/cart/cart.routes.ts'
import { registerVisitorCountry } from './commerce/cart/visitor-country.ts'
import { createCheckoutService } from './commerce/checkout/request-checkout.ts'
import { registerCheckoutRoutes } from './commerce/checkout/checkout.routes.ts'
import { registerAdminOrderRoutes } from './commerce/admin-orders/admin-orders.routes.ts'
import { registerAdminShopRoutes } from './commerce/shop-settings/admin-shop.routes.ts'
import { registerOrderRoutes } from './commerce/orders/orders.routes.ts'
import { registerBoughtFrameSizeRoutes } from './commerce/orders/bought-frame-sizes.routes.ts'
import {
  createDocumentPagesService,
  DOCUMENTS_CHANGED,
  loadFooterLinks,
} from './cms/render/request-documents.ts'
import { createGalleriesService } from './community/galleries/galleries-service.ts'
import { registerGalleryRoutes } from './community/galleries/galleries.routes.ts'
import { createArticlesService } from './community/articles/articles-service.ts'
import { registerArticleRoutes } from './community/articles/articles.routes.ts'
import { registerRedirectRoutes } from './operations/redirects/redirects.routes.ts'
import { createRedirectStore } from './operations/redirects/redirect-store.ts'
import { addSlugRedirect } from './operations/redirects/redirects-service.ts'
import { onMovedObjectUrl } from './pim/objects/slug-changes.ts'
import { registerNotificationRoutes } from './identity/notifications/notifications.routes.ts'
import { defineNotificationPruning } from './identity/notifications/prune-notifications.ts'
import { notifyJobOwner } from './identity/notifications/notify-job-owner.ts'
import { onJobFinished } from './platform/jobs/job-finished.ts'
import { summarizeElements } from './elements/element-lookup.ts'

export interface AppDeps {
  readonly env: Env
  readonly database: Database
  readonly translator: Translator
  /** The built back-office SPA (apps/admin/dist); without it /admin serves no screens. */
  readonly adminDistDir?: string
  /** The storefront's React Router build (apps/storefront/build); without it only the API is served. */
  readonly storefrontBuildDir?: string
  /** Sends (or records) mail; by default per MAIL_TRANSPORT. */
  readonly mailer?: Mailer
  /** The durable job queue (pg-boss on the same database); by default one over `database`. */
  readonly jobs?: JobQueue
  /** Where logs go; standard output unless a test captures them. */
  readonly logStream?: NodeJS.WritableStream
}

const REQUEST_ID = /^[\w-]{8,64}$/

/** Whether an answer is meant for one person: any back-office answer, any to a signed-in shopper. */
function isPersonalAnswer(request: FastifyRequest): boolean {
  const url = request.url
  if (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?')) return true
  // Null when a hook refused the request before the viewer was read (a cross-site POST).
  const viewer = request.viewer as Viewer | null
  return viewer !== null && isSignedIn(viewer)
}

/** Builds the whole HTTP application around its dependencies; tests call it with a test database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database, translator } = deps
  let shuttingDown = false

  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.passwordRepeat',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrlSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
      ...(env.NODE_ENV === 'development' && process.stdout.isTTY && !deps.logStream
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
        : {}),
    },
    // Accept a caller's request id (from a proxy) when it looks like one; otherwise make one.
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    requestIdHeader: false,
    // Only behind a proxy we know: otherwise X-Forwarded-For would let a client pick its own IP.
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
    // The router's and the HTTP parser's refusals come before any hook: answer them in house form.
    frameworkErrors: createFrameworkErrorHandler({ db: database.db, translator }),
    clientErrorHandler: createClientErrorHandler(translator),
  })
  // A connection PostgreSQL ended while idle (restart, failover) is replaced; say so in the log.
  database.onConnectionError((error) =>
    app.log.warn(
      { err: { code: (error as { code?: unknown }).code, message: error.message } },
      'database connection lost',
    ),
  )

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.addHook('onClose', async () => {
    shuttingDown = true
  })

  await app.register(cookie)
  // Cookie names and Secure follow PUBLIC_URL; plain http off this machine logs one warning.
  registerCookiePolicy(app, env.PUBLIC_URL)
  // Pages, JSON and the built CSS/JS go out compressed (brotli at a speed fit for every request).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  })
  // The dealer map's tile server, when one is configured, is the one outside origin of pictures.
  registerSecurityHeaders(app, env.MAP_TILE_URL ? [tileOrigin(env.MAP_TILE_URL)] : [])
  registerRequestContext(app, database.db)
  registerErrorHandler(app, translator)
  registerSameOriginGuard(app, env.PUBLIC_URL)
  // Storefront viewer (anonymous, customer, partner) from the customer session cookie.
  registerViewer(app, database.db)
  // …whose country follows the cart's chosen delivery country: one currency everywhere.
  registerVisitorCountry(app, database.db)
  // The back office's answers and a signed-in shopper's are `private, no-store` unless a route decides.
  registerPersonalAnswersCaching(app, isPersonalAnswer)
  registerEmptyDeleteBody(app)

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Optika shop API',
        description: 'Storefront and back-office JSON API. Errors are `{ code, message }`.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    // Schemas named with `.meta({ id })` (the recursive class layout) become components.
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  registerHealthRoutes(app, database, () => shuttingDown)
  const storefrontDictionary = createStorefrontDictionaries(translator)
  registerTranslationRoutes(app, translator, storefrontDictionary)
  // One store for uploaded files (local disk or S3), read by the picture route and the asset API.
  const assetStore = createAssetStore(env)
  registerMediaRoutes(app, env.DATA_DIR, assetStore)
  // Jobs (decision 022): every context defines its kinds below; the queue starts when the app is
  // ready and stops on close, handing unfinished jobs to another process or the next start.
  const jobs =
    deps.jobs ??
    createJobQueue(database, { log: app.log, stopTimeoutMs: env.SHUTDOWN_TIMEOUT_MS / 2 })
  app.addHook('onReady', async () => jobs.start())
  app.addHook('onClose', async () => jobs.stop())
  // What processes keep in memory (the dictionary, redirects, settings…) follows changes made by
  // any process on the database (decision 060).
  const signals = createChangeSignals(database, {
    onError: (error) => app.log.error({ err: error }, 'reloading after a change failed'),
  })
  signals.on(TRANSLATIONS_CHANGED, () => translator.reload())
  app.addHook('onReady', async () => signals.start())
  app.addHook('onClose', async () => signals.stop())
  defineMailDelivery(jobs, database.db, env, { log: app.log })
  // System settings (issue 19): languages, shop contact, the mail sender, debug mode.
  const systemSettings = createSystemSettingsStore(database.db, {
    publicUrl: env.PUBLIC_URL,
    shopEmail: env.SHOP_EMAIL,
  })
  const mailer =
    deps.mailer ?? createMailer(env, database.db, jobs, (db) => systemSettings.mailSender(db))
  defineAdminSignInPruning(jobs, database.db)
  defineCustomerSignInPruning(jobs, database.db)
  defineIndexChangePruning(jobs, database.db)
  // Back-office identity: sessions, sign-in, 2FA, links (features/admin-auth).
  registerAdminAuth(app, { env, translator, mailer })
  // Back-office users, roles, permissions, audit log (features/admin-users).
  await registerAdminUserRoutes(app, {
    translator,
    mailer,
    dataDir: env.DATA_DIR,
    publicUrl: env.PUBLIC_URL,
  })
  registerAdminMiscRoutes(app, translator)
  // Notifications (issue 20, decision 062): the header's bell and screen; finished tracked jobs
  // tell their owners; read ones are pruned nightly. Identity learns element paths from elements.
  onJobFinished(jobs, notifyJobOwner)
  defineNotificationPruning(jobs, database.db)
  registerNotificationRoutes(app, {
    translator,
    async describeElements(db, refs) {
      const summaries = await summarizeElements(db, refs)
      return new Map(
        summaries.flatMap((s) =>
          s.path === null ? [] : [[`${s.elementType}:${s.elementId}`, s.path] as const],
        ),
      )
    },
  })
  // robots.txt, the sitemap, the storefront's HTTP error log and the SEO panel (issue 19).
  await registerSeoSiteRoutes(app, { env, db: database.db, translator, jobs })
  await registerTranslationAdminRoutes(app, { translator, database, dataDir: env.DATA_DIR })
  // SEO redirects (issue 19): the back office's rules, applied by the storefront before its routes;
  // a product's or category's slug change in the PIM adds a 301 from its old address.
  const redirects = createRedirectStore(database.db)
  onMovedObjectUrl(addSlugRedirect)
  await registerRedirectRoutes(app, {
    db: database.db,
    translator,
    store: redirects,
    publicUrl: env.PUBLIC_URL,
  })
  // Product information management (docs/architecture.md, "Product information").
  const pim = { env, translator, db: database.db }
  requireAdminForAreas(app, PIM_API_AREAS)
  await registerPimClassRoutes(app, pim)
  await registerPimObjectRoutes(app, pim)
  // Data objects plug into the element services; assets and documents join them here.
  await registerElementRoutes(app, {
    ...pim,
    jobs,
    elementKinds: {
      object: objectElementKind,
      asset: createAssetElementKind({ dataDir: env.DATA_DIR }),
      document: createDocumentElementKind({ runScheduledTask: runDocumentScheduledTask }),
    },
  })
  // Workflows (issue 20, decision 061): a transition may publish an object or a document.
  registerWorkflowRoutes(app, {
    translator,
    translate: (locale, key, params) => translator.t(locale, key, params),
    publishers: { object: publishObjectForWorkflow, document: publishDocumentForWorkflow },
    log: app.log,
  })
  await registerClassificationStoreRoutes(app, pim)
  await registerQuantityValueRoutes(app, pim)
  await registerPimGridRoutes(app, { ...pim, jobs, files: assetStore })
  await registerAssetRoutes(app, { ...pim, jobs }, assetStore)
  // Thumbnail configurations, predefined properties and asset metadata definitions (decision 058).
  registerThumbnailSettingsRoutes(app, pim, assetStore)
  signals.on('thumbnails', () => forgetThumbnailConfigs(database.db))
  // Documents (issue 17): the tree, content, sites and mails' calls.
  // E-mail previews show the newest order (cms may not read orders; commerce registers it).
  const mailSamples = createMailSampleRegistry()
  registerOrderMailSamples(mailSamples, { ...pim, mailer, log: app.log })
  await registerDocumentRoutes(app, { ...pim, jobs, mailer, mailSamples })
  registerEmailLogRoutes(app, { translator, mailer, mailSamples })
  registerGdprRoutes(app, { translator })
  // The application log's viewer and its nightly retention (issue 20, decision 065).
  registerApplicationLogRoutes(app, { translator })
  defineAppLogPruning(
    jobs,
    database.db,
    {
      errorDays: env.APP_LOG_KEEP_ERROR_DAYS,
      warningDays: env.APP_LOG_KEEP_WARNING_DAYS,
      infoDays: env.APP_LOG_KEEP_INFO_DAYS,
      maxRows: env.APP_LOG_MAX_ROWS,
    },
    app.log,
  )
  registerAdminSearchRoutes(app, translator)
  // Each user's dashboards and their widgets' data (issue 20, decision 063).
  registerPortalRoutes(app, { translator })
  // Word and XLIFF export/import of documents' and objects' texts (issue 19, decision 053).
  await registerContentExportRoutes(app, { ...pim, jobs, files: assetStore, log: app.log })
  // Custom reports (issue 20, decision 066): read-only SQL reports, charts, CSV/XLSX exports.
  registerCustomReportRoutes(app, {
    translator,
    db: database.db,
    jobs,
    files: assetStore,
    log: app.log,
  })
  // The storefront's side of documents: the files and videos pages show.
  await registerBrickRoutes(app, { db: database.db, assetStore })
  // The contact form with topics and its back-office messages (community, issue 18).
  await registerContactRoutes(app, {
    mail: { db: database.db, translator, mailer, log: app.log },
    shopEmail: shopMailAddress(env),
    verifyCaptcha,
    assetStore,
  })
  // Storefront product lists (features/product-list over features/product-search).
  const productSearch = createProductSearch(database.db, {
    snapshotFile: join(env.DATA_DIR, 'search', 'product-index.snapshot'),
    log: app.log,
  })
  app.addHook('onClose', () => productSearch.close())
  // The category tree per language, kept while no category changes (decision 068).
  const categories = keptPublishedCategories(signals, database.db)
  const productList = createProductListService({
    db: database.db,
    translator,
    search: productSearch,
    categories,
  })
  await registerProductListRoutes(app, productList)
  // The header search's suggestions (community/search-suggest), from the same engine.
  await registerSearchSuggestRoutes(
    app,
    createSearchSuggestService({ db: database.db, search: productSearch }),
  )
  // The mobile-view toggle's form (community/page-view).
  await registerPageViewRoutes(app)
  // The product page (features/product-detail) and its ratings (features/ratings).
  // The shop's country, shipping and payment settings, kept while unchanged (decision 068).
  const keptShopSettings = signals.kept(SHOP_SETTINGS_CHANGED, () => loadShopSettings(database.db))
  const shopSettings = () => keptShopSettings.get()
  const productDetail = createProductDetailService({
    db: database.db,
    translator,
    shopSettings,
    categories,
  })
  await registerProductDetailRoutes(app, productDetail)
  const ratings = createRatingsService({ db: database.db })
  await registerRatingRoutes(app, ratings)
  // Customer and partner accounts, and the back office's screens for them.
  const accounts = { env, db: database.db, translator, mailer, assetStore }
  // The cart (issue 8) comes first: signing in merges the guest cart into the customer's.
  const cart = createCartService({ db: database.db, translator, shopSettings })
  await registerCustomerAuthRoutes(app, { ...accounts, cart })
  await registerCustomerProfileRoutes(app, accounts)
  await registerOrderRoutes(app, accounts)
  await registerBoughtFrameSizeRoutes(app)
  await registerPartnerRoutes(app, accounts)
  await registerAdminCustomerRoutes(app, accounts)
  // Cart, checkout and orders (issue 8), and their back-office screens.
  await registerCartRoutes(app, cart)
  const checkout = createCheckoutService({
    db: database.db,
    translator,
    jobs,
    cart,
    shopSettings,
  })
  // Order mails are written from e-mail documents kept while no document changed.
  const keptEmailDocuments = signals.kept(DOCUMENTS_CHANGED, () =>
    publishedEmailDocuments(database.db),
  )
  defineOrderConfirmationJob(jobs, {
    db: database.db,
    env,
    translator,
    mailer,
    emailDocuments: () => keptEmailDocuments.get(),
    log: app.log,
  })
  await registerCheckoutRoutes(app, checkout, translator)
  await registerAdminOrderRoutes(app, accounts)
  await registerAdminShopRoutes(app, accounts)
  // Community (issue 18): galleries.
  const galleries = createGalleriesService()
  await registerGalleryRoutes(app, galleries)
  // Community (issue 18): the dealer map's gazetteer, dealer search and partners' entries.
  const dealers = createDealersService({ db: database.db })
  await registerDealerRoutes(app, dealers)
  // Static routes and the glossary (issue 19): back-office grids; the storefront draws both.
  const staticRoutes = createStaticRoutesService()
  const glossary = createGlossaryService({ db: database.db })
  registerSiteToolsRoutes(app, { staticRoutes, glossary })
  signals.on('static-routes', () => staticRoutes.invalidate())
  signals.on('glossary', () => glossary.invalidate())
  // Personalization (issue 20, decision 067): rules and target groups in the back office; the
  // storefront evaluates them per visitor from memory, reloaded when the change signal moves.
  const targetingStore = createTargetingStore(database.db)
  signals.on(TARGETING_CHANGED, () => targetingStore.invalidate())
  registerTargetingRoutes(app, { onChange: () => targetingStore.invalidate() })
  await registerConsentRoutes(app)
  const targetVisitor = createVisitorTargeting({
    store: targetingStore,
    cartValue: async (request, reply) => {
      const goods = (await cart.forRequest(request, reply).get()).totals.items
      return goods ? goods.gross / 100 : null
    },
  })
  // Community (issue 18): articles.
  const articles = createArticlesService({ db: database.db, productDetail, glossary })
  await registerArticleRoutes(app, articles)
  // Community (issue 18): the forum's reading and posting.
  const forum = createForumService({
    store: assetStore,
    translator,
    mailer,
    publicUrl: env.PUBLIC_URL,
    log: app.log,
  })
  await registerForumRoutes(app, forum)
  // …its reports and moderation, and the back office's forum screen.
  const forumModeration = createForumModerationService({
    db: database.db,
    translator,
    mailer,
    publicUrl: env.PUBLIC_URL,
    log: app.log,
  })
  await registerForumModerationRoutes(app, { moderation: forumModeration, translator })
  // System and website settings, the custom logo and the caches (operations/settings, issue 19).
  const websiteSettings = createWebsiteSettingsStore(database.db)
  const pageCache = createPageCache()
  // The footer's links on every page, kept while no document changed (decision 070).
  const keptFooterLinks = signals.kept(DOCUMENTS_CHANGED, () => loadFooterLinks(database.db))
  // A kept page may show a website setting or a language that was just changed.
  websiteSettings.onChange(() => pageCache.clear())
  await registerSettingsRoutes(app, {
    translator,
    systemSettings,
    websiteSettings,
    logLevel: env.LOG_LEVEL,
    caches: [
      {
        id: 'pages',
        measure: async () => pageCache.stats(),
        clear: async () => pageCache.clear(),
      },
      {
        id: 'productSearch',
        measure: async () => ({ entries: productSearch.stats().products, bytes: null }),
        clear: () => productSearch.rebuild(),
      },
      thumbnailCache(database.db, assetStore),
      ...dataDirCaches(env.DATA_DIR),
    ],
  })
  if (deps.adminDistDir) await registerAdminSpa(app, { distDir: deps.adminDistDir })

  if (deps.storefrontBuildDir !== undefined) {
    await registerStorefront(app, {
      buildDir: deps.storefrontBuildDir,
      translator,
      storefrontDictionary,
      productList,
      productDetail,
      ratings,
      forumModeration,
      cart,
      checkout,
      forum,
      documents: createDocumentPagesService({
        publicUrl: env.PUBLIC_URL,
        productList,
        glossary,
        footerLinks: () => keptFooterLinks.get(),
      }),
      staticRoutes,
      galleries,
      dealers,
      contact: createContactPagesService(database.db),
      articles,
      publicUrl: env.PUBLIC_URL,
      mapTiles: env.MAP_TILE_URL
        ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION }
        : null,
      database,
      redirects,
      pageCache,
      systemSettings,
      websiteSettings,
      targeting: targetVisitor,
    })
  }
  app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, translator))
  return app
}
