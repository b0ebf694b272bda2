import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import type { SitemapState } from '@optika/domain/operations/seo-site'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { Db } from '../../platform/db/client.ts'
import { sitemapState } from '../../platform/db/schema/seo-site.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { writeAppLog } from '../../platform/app-log/write-app-log.ts'
import {
  generateSitemap,
  sitemapFilesPresent,
  sitemapFingerprint,
  type SitemapDeps,
} from './generate-sitemap.ts'

export const SITEMAP_JOB = 'seo.sitemap'

/**
 * The sitemap's job (decision 055): every minute the queue runs it once (whichever process is
 * up); it regenerates only when the content's fingerprint moved since the last generation or the
 * files are missing — so a burst of edits costs one generation (debounced to the minute).
 * A regeneration asked for in the back office clears the fingerprint and queues a run at once.
 */
export function defineSitemapJob(app: FastifyInstance, jobs: JobQueue, deps: SitemapDeps): void {
  jobs.define<{ reason?: string }>({
    name: SITEMAP_JOB,
    schedule: '* * * * *',
    // 100,000 products take well under a minute; a stuck run is failed after ten.
    expireInSeconds: 10 * 60,
    retries: 1,
    async run() {
      const [state] = await deps.db.select().from(sitemapState).where(eq(sitemapState.id, 1))
      const fresh =
        state &&
        state.fingerprint !== '' &&
        state.fingerprint === (await sitemapFingerprint(deps.db, deps.publicUrl)) &&
        (await sitemapFilesPresent(deps.dataDir, state.generation))
      if (fresh) return
      let result: Awaited<ReturnType<typeof generateSitemap>>
      try {
        result = await generateSitemap(deps)
      } catch (error) {
        // The queue logs the failed attempt too; this entry says what it means for the shop.
        await writeAppLog(
          deps.db,
          {
            priority: 'error',
            component: 'seo.sitemap',
            message: `Sitemap generation failed; crawlers keep the previous sitemap: ${error instanceof Error ? error.message : String(error)}`,
            context: { generation: state?.generation ?? null },
            ...(error instanceof Error && error.stack ? { fileObject: error.stack } : {}),
            source: 'sitemap-job',
          },
          app.log,
        )
        throw error
      }
      app.log.info(
        { urls: result.urlCounts, files: result.files.length, ms: result.durationMs },
        'sitemap generated',
      )
    },
  })
  // At start, a shop without its sitemap files (a new DATA_DIR) asks for them at once.
  app.addHook('onReady', async () => {
    void (async () => {
      if (!(await servedSitemap(deps.db, deps.dataDir))) await requestSitemap(jobs, null)
    })().catch((error: unknown) => app.log.warn({ err: error }, 'sitemap: start check failed'))
  })
}

/** Queues a generation now; `ctx` (a back-office user) forces one and is audited. */
export async function requestSitemap(jobs: JobQueue, ctx: AdminContext | null): Promise<void> {
  if (ctx) {
    await ctx.db.update(sitemapState).set({ fingerprint: '' }).where(eq(sitemapState.id, 1))
    await recordAudit(ctx.db, {
      actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
      action: 'seoSite.sitemap.regenerate',
      entityType: 'sitemap',
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
  }
  try {
    await jobs.send(SITEMAP_JOB, { reason: ctx ? 'admin' : 'missing' })
  } catch (error) {
    // The queue keeps one waiting run of a scheduled kind: that one will do.
    if (!(error instanceof Error && error.message.includes('was not created'))) throw error
  }
}

/** The generation crawlers are served, when its files are on this disk. */
export async function servedSitemap(
  db: Db,
  dataDir: string,
): Promise<typeof sitemapState.$inferSelect | null> {
  const [state] = await db.select().from(sitemapState).where(eq(sitemapState.id, 1))
  if (!state || !(await sitemapFilesPresent(dataDir, state.generation))) return null
  return state
}

export async function readSitemapState(db: Db, publicUrl: string): Promise<SitemapState> {
  const [state] = await db.select().from(sitemapState).where(eq(sitemapState.id, 1))
  return {
    generatedAt: state?.generatedAt.toISOString() ?? null,
    durationMs: state?.durationMs ?? 0,
    urlCounts: state?.urlCounts ?? {},
    files: state?.files ?? [],
    pending: !state || state.fingerprint === '',
    indexUrl: `${new URL(publicUrl).origin}/sitemap.xml`,
  }
}
