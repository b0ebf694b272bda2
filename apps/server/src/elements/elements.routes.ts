import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import {
  BatchAssignmentJobsQuerySchema,
  BatchAssignmentJobsSchema,
  BatchAssignmentResultSchema,
  BatchAssignmentSchema,
  DeleteAllVersionsQuerySchema,
  DeleteAllVersionsResultSchema,
  DeleteVersionQuerySchema,
  DependenciesQuerySchema,
  DependenciesSchema,
  ElementSuccessSchema,
  ElementSummaryPageSchema,
  FindUsagesQuerySchema,
  LockRequestSchema,
  UnlockElementsSchema,
  LockResultSchema,
  NoteAddSchema,
  NoteListQuerySchema,
  NotePageSchema,
  NoteSchema,
  PropertiesQuerySchema,
  PropertyListSchema,
  QuickSearchQuerySchema,
  QuickSearchResultSchema,
  RecycleBinAddResultSchema,
  RecycleBinAddSchema,
  RecycleBinFlushQuerySchema,
  RecycleBinFlushResultSchema,
  RecycleBinListQuerySchema,
  RecycleBinPageSchema,
  RecycleBinRestoreResultSchema,
  RecycleBinRestoreSchema,
  ReplaceAssignmentsResultSchema,
  ReplaceAssignmentsSchema,
  SavePropertiesSchema,
  SaveScheduleSchema,
  ScheduleListSchema,
  ScheduleQuerySchema,
  SearchFindSchema,
  SearchPageSchema,
  TagAddSchema,
  TagAssignmentSchema,
  TagDeleteQuerySchema,
  TagNodeSchema,
  TagsForElementQuerySchema,
  TagTreeQuerySchema,
  TagUpdateSchema,
  VersionListSchema,
  VersionsQuerySchema,
  type ElementRefInput,
} from '@optika/domain/pim/element-api'
import { requireAdmin, requirePermission } from '../identity/admin-auth/require-admin.ts'
import { adminContextOf } from '../identity/admin-users/admin-context.ts'
import type { RouteDeps } from '../platform/http/route-deps.ts'
import type { JobQueue } from '../platform/jobs/job-queue.ts'
import {
  findRequirements,
  findUsages,
  listDependencies,
  replaceAssignments,
} from './element-dependencies.ts'
import type { ElementKinds } from './element-kinds.ts'
import { lockElement, unlockElement, unlockElements } from './element-locks.ts'
import { addNote, listNotes } from './element-notes.ts'
import { getProperties, saveProperties } from './element-properties.ts'
import { runDueSchedules, getSchedule, saveSchedule } from './element-schedules.ts'
import { findElements, quickSearch } from './element-search.ts'
import type { ElementRef } from './element-services.ts'
import { deleteAllVersions, deleteVersion, listVersions } from './element-versions.ts'
import {
  deleteIntoRecycleBin,
  flushRecycleBin,
  listRecycleBin,
  restoreFromRecycleBin,
} from './recycle-bin.ts'
import {
  addTag,
  addTagToElement,
  deleteTag,
  doBatchAssignment,
  getBatchAssignmentJobs,
  listTagChildren,
  loadTagsForElement,
  removeTagFromElement,
  updateTag,
} from './tags.ts'

/** Session and permission checks run before the input is validated, so nobody probes without rights. */
function guard(key?: PermissionKey) {
  return { preValidation: key ? [requirePermission(key)] : [requireAdmin] }
}

function refOf(input: ElementRefInput): ElementRef {
  return { type: input.elementType, id: input.elementId }
}

/** Element services: /admin/element/*, /admin/tags/*, /admin/recyclebin/*, /admin/search/*, and the scheduler. */
export async function registerElementRoutes(
  app: FastifyInstance,
  deps: RouteDeps & { readonly elementKinds: ElementKinds; readonly jobs: JobQueue },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const ctxOf = (request: FastifyRequest) => adminContextOf(request, deps.translator)
  const elementTags = ['element services']
  const success = { success: true as const }

  // ── /admin/element ──────────────────────────────────────────────────────────────────────
  // Each call answers at its first name and at Pimcore 11's (`lock-element`, `get-versions`, …).
  const lockCalls = [
    [['PUT', 'POST'], '/admin/element/lock', '/admin/element/unlock'],
    [['PUT'], '/admin/element/lock-element', '/admin/element/unlock-element'],
  ] as const
  for (const [methods, lockUrl, unlockUrl] of lockCalls) {
    r.route({
      method: [...methods],
      url: lockUrl,
      ...guard(),
      schema: {
        tags: elementTags,
        body: LockRequestSchema,
        response: { 200: LockResultSchema },
      },
      handler: async (request) =>
        lockElement(ctxOf(request), refOf(request.body), { force: request.body.force }),
    })
    r.route({
      method: [...methods],
      url: unlockUrl,
      ...guard(),
      schema: {
        tags: elementTags,
        body: LockRequestSchema,
        response: { 200: ElementSuccessSchema },
      },
      handler: async (request) => {
        await unlockElement(ctxOf(request), refOf(request.body))
        return success
      },
    })
  }
  r.post(
    '/admin/element/unlock-elements',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        body: UnlockElementsSchema,
        response: { 200: ElementSuccessSchema },
      },
    },
    async (request) => {
      await unlockElements(ctxOf(request), request.body.elements.map(refOf))
      return success
    },
  )
  r.post(
    '/admin/element/note-list',
    {
      ...guard(),
      schema: { tags: elementTags, body: NoteListQuerySchema, response: { 200: NotePageSchema } },
    },
    async (request) => listNotes(ctxOf(request), request.body),
  )
  r.post(
    '/admin/element/note-add',
    {
      ...guard(),
      schema: { tags: elementTags, body: NoteAddSchema, response: { 200: NoteSchema } },
    },
    async (request) => addNote(ctxOf(request), request.body),
  )
  for (const url of ['/admin/element/find-usages', '/admin/element/get-required-by-dependencies']) {
    r.get(
      url,
      {
        ...guard(),
        schema: {
          tags: elementTags,
          querystring: FindUsagesQuerySchema,
          response: { 200: ElementSummaryPageSchema },
        },
      },
      async (request) => findUsages(ctxOf(request), request.query),
    )
  }
  r.get(
    '/admin/element/get-requires-dependencies',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        querystring: FindUsagesQuerySchema,
        response: { 200: ElementSummaryPageSchema },
      },
    },
    async (request) => findRequirements(ctxOf(request), request.query),
  )
  r.post(
    '/admin/element/replace-assignments',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        body: ReplaceAssignmentsSchema,
        response: { 200: ReplaceAssignmentsResultSchema },
      },
    },
    async (request) => replaceAssignments(ctxOf(request), deps.elementKinds, request.body),
  )
  for (const url of ['/admin/element/versions', '/admin/element/get-versions']) {
    r.get(
      url,
      {
        ...guard(),
        schema: {
          tags: elementTags,
          querystring: VersionsQuerySchema,
          response: { 200: VersionListSchema },
        },
      },
      async (request) => listVersions(ctxOf(request), refOf(request.query)),
    )
  }
  for (const url of ['/admin/element/versions', '/admin/element/delete-version']) {
    r.delete(
      url,
      {
        ...guard(),
        schema: {
          tags: elementTags,
          querystring: DeleteVersionQuerySchema,
          response: { 200: ElementSuccessSchema },
        },
      },
      async (request) => {
        await deleteVersion(ctxOf(request), request.query.id)
        return success
      },
    )
  }
  r.delete(
    '/admin/element/delete-all-versions',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        querystring: DeleteAllVersionsQuerySchema,
        response: { 200: DeleteAllVersionsResultSchema },
      },
    },
    async (request) => deleteAllVersions(ctxOf(request), refOf(request.query)),
  )
  r.get(
    '/admin/element/dependencies',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        querystring: DependenciesQuerySchema,
        response: { 200: DependenciesSchema },
      },
    },
    async (request) => listDependencies(ctxOf(request), request.query),
  )
  r.get(
    '/admin/element/properties',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        querystring: PropertiesQuerySchema,
        response: { 200: PropertyListSchema },
      },
    },
    async (request) => getProperties(ctxOf(request), refOf(request.query)),
  )
  r.put(
    '/admin/element/properties',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        body: SavePropertiesSchema,
        response: { 200: PropertyListSchema },
      },
    },
    async (request) => saveProperties(ctxOf(request), request.body),
  )
  r.get(
    '/admin/element/schedule',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        querystring: ScheduleQuerySchema,
        response: { 200: ScheduleListSchema },
      },
    },
    async (request) => getSchedule(ctxOf(request), refOf(request.query)),
  )
  r.put(
    '/admin/element/schedule',
    {
      ...guard(),
      schema: {
        tags: elementTags,
        body: SaveScheduleSchema,
        response: { 200: ScheduleListSchema },
      },
    },
    async (request) => saveSchedule(ctxOf(request), deps.elementKinds, request.body),
  )

  // ── /admin/tags ─────────────────────────────────────────────────────────────────────────
  const tagTags = ['tags']
  r.get(
    '/admin/tags/tree-get-children-by-id',
    {
      // Reading the tag tree is needed to assign tags, which only needs the element's rights.
      ...guard(),
      schema: {
        tags: tagTags,
        querystring: TagTreeQuerySchema,
        response: { 200: z.array(TagNodeSchema) },
      },
    },
    async (request) => listTagChildren(request.ctx.db, request.query.node),
  )
  r.post(
    '/admin/tags/add',
    {
      ...guard('tags'),
      schema: { tags: tagTags, body: TagAddSchema, response: { 200: TagNodeSchema } },
    },
    async (request) => addTag(request.ctx.db, request.body),
  )
  r.put(
    '/admin/tags/update',
    {
      ...guard('tags'),
      schema: { tags: tagTags, body: TagUpdateSchema, response: { 200: TagNodeSchema } },
    },
    async (request) => updateTag(request.ctx.db, request.body),
  )
  r.delete(
    '/admin/tags/delete',
    {
      ...guard('tags'),
      schema: {
        tags: tagTags,
        querystring: TagDeleteQuerySchema,
        response: { 200: ElementSuccessSchema },
      },
    },
    async (request) => {
      await deleteTag(request.ctx.db, request.query.id)
      return success
    },
  )
  r.get(
    '/admin/tags/load-tags-for-element',
    {
      ...guard(),
      schema: {
        tags: tagTags,
        querystring: TagsForElementQuerySchema,
        response: { 200: z.array(TagNodeSchema) },
      },
    },
    async (request) => loadTagsForElement(ctxOf(request), refOf(request.query)),
  )
  r.put(
    '/admin/tags/add-tag-to-element',
    {
      ...guard(),
      schema: { tags: tagTags, body: TagAssignmentSchema, response: { 200: ElementSuccessSchema } },
    },
    async (request) => {
      await addTagToElement(ctxOf(request), request.body)
      return success
    },
  )
  r.delete(
    '/admin/tags/remove-tag-from-element',
    {
      ...guard(),
      schema: {
        tags: tagTags,
        querystring: TagAssignmentSchema,
        response: { 200: ElementSuccessSchema },
      },
    },
    async (request) => {
      await removeTagFromElement(ctxOf(request), request.query)
      return success
    },
  )
  r.get(
    '/admin/tags/get-batch-assignment-jobs',
    {
      ...guard(),
      schema: {
        tags: tagTags,
        querystring: BatchAssignmentJobsQuerySchema,
        response: { 200: BatchAssignmentJobsSchema },
      },
    },
    async (request) => getBatchAssignmentJobs(ctxOf(request), request.query),
  )
  r.put(
    '/admin/tags/do-batch-assignment',
    {
      ...guard(),
      schema: {
        tags: tagTags,
        body: BatchAssignmentSchema,
        response: { 200: BatchAssignmentResultSchema },
      },
    },
    async (request) => doBatchAssignment(ctxOf(request), request.body),
  )

  // ── /admin/recyclebin ───────────────────────────────────────────────────────────────────
  const binTags = ['recycle bin']
  r.get(
    '/admin/recyclebin/list',
    {
      ...guard('recycleBin'),
      schema: {
        tags: binTags,
        querystring: RecycleBinListQuerySchema,
        response: { 200: RecycleBinPageSchema },
      },
    },
    async (request) => listRecycleBin(ctxOf(request), request.query),
  )
  r.post(
    '/admin/recyclebin/list',
    {
      ...guard('recycleBin'),
      schema: {
        tags: binTags,
        body: RecycleBinListQuerySchema,
        response: { 200: RecycleBinPageSchema },
      },
    },
    async (request) => listRecycleBin(ctxOf(request), request.body),
  )
  r.post(
    '/admin/recyclebin/restore',
    {
      ...guard('recycleBin'),
      schema: {
        tags: binTags,
        body: RecycleBinRestoreSchema,
        response: { 200: RecycleBinRestoreResultSchema },
      },
    },
    async (request) => restoreFromRecycleBin(ctxOf(request), deps.elementKinds, request.body.id),
  )
  r.delete(
    '/admin/recyclebin/flush',
    {
      ...guard('recycleBin'),
      schema: {
        tags: binTags,
        querystring: RecycleBinFlushQuerySchema,
        response: { 200: RecycleBinFlushResultSchema },
      },
    },
    async (request) => flushRecycleBin(ctxOf(request), request.query.id),
  )
  r.post(
    '/admin/recyclebin/add',
    {
      ...guard('recycleBin'),
      schema: {
        tags: binTags,
        body: RecycleBinAddSchema,
        response: { 200: RecycleBinAddResultSchema },
      },
    },
    async (request) => deleteIntoRecycleBin(ctxOf(request), deps.elementKinds, refOf(request.body)),
  )

  // ── /admin/search ───────────────────────────────────────────────────────────────────────
  const searchTags = ['search']
  r.get(
    '/admin/search/find',
    {
      ...guard(),
      schema: {
        tags: searchTags,
        querystring: SearchFindSchema,
        response: { 200: SearchPageSchema },
      },
    },
    async (request) => findElements(ctxOf(request), request.query),
  )
  r.post(
    '/admin/search/find',
    {
      ...guard(),
      schema: { tags: searchTags, body: SearchFindSchema, response: { 200: SearchPageSchema } },
    },
    async (request) => findElements(ctxOf(request), request.body),
  )
  r.get(
    '/admin/search/quicksearch',
    {
      ...guard(),
      schema: {
        tags: searchTags,
        querystring: QuickSearchQuerySchema,
        response: { 200: QuickSearchResultSchema },
      },
    },
    async (request) => quickSearch(ctxOf(request), request.query.text),
  )

  defineScheduledTasksJob(app, deps)
}

/** The job that runs due scheduled tasks: once a minute across all processes (decision 022). */
export const SCHEDULED_TASKS_JOB = 'elements.run-due-schedules'

/** Runs due schedules every minute on the job queue: one run at a time, in one process. */
function defineScheduledTasksJob(
  app: FastifyInstance,
  deps: RouteDeps & { readonly elementKinds: ElementKinds; readonly jobs: JobQueue },
): void {
  deps.jobs.define({
    name: SCHEDULED_TASKS_JOB,
    schedule: '* * * * *',
    pollSeconds: 5,
    // The next minute's run picks up whatever this one could not do.
    retries: 0,
    async run() {
      try {
        await runDueSchedules(deps.db, deps.elementKinds, new Date(), (action) =>
          deps.translator.t(DEFAULT_LOCALE, 'pimElements.scheduleFailed', { action }),
        )
      } catch (error) {
        app.log.error({ err: error }, 'scheduled tasks failed')
        throw error
      }
    },
  })
}
