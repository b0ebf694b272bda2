import { desc, and, eq, inArray, sql } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import type {
  WorkflowAvailableAction,
  WorkflowDefinitionData,
  WorkflowDetails,
  WorkflowElementWorkflow,
  WorkflowForm,
  WorkflowGlobalAction,
  WorkflowHistoryEntry,
  WorkflowSubmitResult,
  WorkflowTransition,
  WorkflowUnavailableCode,
  WorkflowUnavailableReason,
} from '@optika/domain/elements/workflow'
import type { z } from 'zod'
import type {
  WorkflowActionRefSchema,
  WorkflowSubmitSchema,
} from '@optika/domain/elements/workflow'
import type { Db } from '../../platform/db/client.ts'
import { elementNotes } from '../../platform/db/schema/pim.ts'
import { adminUserRoles } from '../../platform/db/schema/identity.ts'
import { workflowHistory } from '../../platform/db/schema/workflows.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { writeAppLog, type AppLogFallback } from '../../platform/app-log/write-app-log.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import {
  loadElementWithRight,
  readElementInfo,
  readUserNames,
  type ElementInfo,
} from '../element-lookup.ts'
import { loadElementRights } from '../element-rights.ts'
import type { ElementRef, ElementType } from '../element-services.ts'
import { evaluateGuardExpression } from './workflow-expression.ts'
import { notifyWorkflowRecipients, type TranslateInto } from './notify-workflow-recipients.ts'
import { loadWorkflowSubject, type WorkflowSubject } from './workflow-subject.ts'
import {
  listWorkflows,
  readElementPlaces,
  writeElementPlaces,
  findWorkflowByName,
  type StoredWorkflow,
} from './workflow-store.ts'

/**
 * Sets an element's published flag for a transition that publishes or unpublishes it, in the
 * caller's transaction (the element's own context registers it: elements may not import pim).
 */
export type WorkflowPublisher = (
  ctx: AdminContext,
  tx: Db,
  ref: ElementRef,
  published: boolean,
) => Promise<void>

export interface WorkflowEngineDeps {
  readonly publishers: Readonly<Partial<Record<ElementType, WorkflowPublisher>>>
  /** Notifications are written in each recipient's language. */
  readonly translate: TranslateInto
  readonly log?: AppLogFallback
}

type Action = WorkflowTransition | WorkflowGlobalAction
type SubmitInput = z.output<typeof WorkflowSubmitSchema>
type ActionRefInput = z.output<typeof WorkflowActionRefSchema>

const HISTORY_LIMIT = 100

/** Only HTML that can do no harm in the dialog's help text. */
export function sanitizeWorkflowHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'h3',
      'h4',
      'code',
      'span',
    ],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  }).trim()
}

/** The workflow runs on this element (enabled and its class or type is supported). */
export function supportsSubject(data: WorkflowDefinitionData, subject: WorkflowSubject): boolean {
  if (!data.enabled) return false
  const { info } = subject
  switch (info.type) {
    case 'object':
      return (
        info.subtype !== 'folder' &&
        data.supports.objectClasses.some(
          (name) => name === info.classId || name === subject.className,
        )
      )
    case 'asset':
      return data.supports.assetTypes.includes(info.subtype)
    case 'document':
      return data.supports.documentTypes.includes(info.subtype)
  }
}

/** The workflows an element runs in with its current places (initial places until its first transition). */
async function workflowsOfSubject(
  db: Db,
  subject: WorkflowSubject,
): Promise<{ workflow: StoredWorkflow; places: string[] }[]> {
  const all = await listWorkflows(db)
  const supported = all.filter((workflow) => supportsSubject(workflow.data, subject))
  if (supported.length === 0) return []
  const stored = await readElementPlaces(db, subject.info)
  return supported.map((workflow) => ({
    workflow,
    places: stored.get(workflow.id) ?? [...workflow.data.initialPlaces],
  }))
}

async function readRoleIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: adminUserRoles.roleId })
    .from(adminUserRoles)
    .where(eq(adminUserRoles.userId, userId))
  return new Set(rows.map((row) => row.id))
}

/** What the caller may do to the element (rights decide whether any transition may fire). */
interface Caller {
  readonly ctx: AdminContext
  readonly roleIds: ReadonlySet<number>
  readonly maySave: boolean
  readonly mayPublish: boolean
  readonly mayUnpublish: boolean
}

async function loadCaller(ctx: AdminContext, db: Db, info: ElementInfo): Promise<Caller> {
  const rights = await loadElementRights(db, ctx.admin)
  return {
    ctx,
    roleIds: await readRoleIds(db, ctx.admin.userId),
    maySave: rights.may(info.type, info.fullPath, 'save'),
    mayPublish: rights.may(info.type, info.fullPath, 'publish'),
    mayUnpublish: rights.may(info.type, info.fullPath, 'unpublish'),
  }
}

interface Evaluation {
  readonly reasons: WorkflowUnavailableReason[]
  /** The expression's error, when it failed at run time (to log). */
  readonly expressionError: string | null
}

/** Why the action cannot fire now (nothing when it can). */
function evaluateAction(
  caller: Caller,
  workflow: WorkflowDefinitionData,
  action: Action,
  isGlobalAction: boolean,
  places: readonly string[],
  subject: WorkflowSubject,
): Evaluation {
  const reasons: WorkflowUnavailableReason[] = []
  const { ctx } = caller
  const reason = (code: WorkflowUnavailableCode, params: Record<string, string | number> = {}) =>
    reasons.push({ code, message: ctx.t(`workflow.unavailable.${code}`, params) })
  let expressionError: string | null = null
  if (!workflow.enabled) reason('disabled')
  if (!isGlobalAction && 'from' in action) {
    const missing = action.from.filter((name) => !places.includes(name))
    if (missing.length > 0) {
      reason('notInFromPlaces', {
        places: action.from.map((name) => placeLabel(workflow, name)).join(', '),
      })
    }
  }
  const publishRight =
    action.changePublishedState === 'forcePublished'
      ? caller.mayPublish
      : action.changePublishedState === 'forceUnpublished'
        ? caller.mayUnpublish
        : true
  if (!caller.maySave || !publishRight) reason('elementRights')
  const guard = action.guard
  if (
    guard.roleIds.length > 0 &&
    !ctx.admin.isAdmin &&
    !guard.roleIds.some((id) => caller.roleIds.has(id))
  ) {
    reason('role')
  }
  const missingKeys = guard.permissions.filter((key) => !ctx.admin.permissions.has(key))
  if (missingKeys.length > 0) reason('permission', { keys: missingKeys.join(', ') })
  if (guard.expression) {
    const outcome = evaluateGuardExpression(guard.expression, subject.variables)
    if (outcome.kind === 'failed') reason('expression', { expression: guard.expression })
    if (outcome.kind === 'error') {
      expressionError = outcome.message
      reason('expressionError', { expression: guard.expression })
    }
  }
  return { reasons, expressionError }
}

/**
 * A definition's texts as one reader sees them: a label, description or help text that is a
 * translation key (the catalogue's, or one added in the back office's translations) is shown in
 * the reader's language, as Pimcore translates workflow labels; any other text is shown as written.
 */
export function localizeWorkflow(
  workflow: WorkflowDefinitionData,
  t: (text: string) => string,
): WorkflowDefinitionData {
  const text = (value: string) => (value === '' ? value : t(value))
  const action = <A extends Action>(a: A): A => ({
    ...a,
    label: text(a.label),
    customHtml: text(a.customHtml),
  })
  return {
    ...workflow,
    label: text(workflow.label),
    places: workflow.places.map((place) => ({
      ...place,
      label: text(place.label),
      description: text(place.description),
    })),
    transitions: workflow.transitions.map(action),
    globalActions: workflow.globalActions.map(action),
  }
}

function placeLabel(workflow: WorkflowDefinitionData, name: string): string {
  return workflow.places.find((place) => place.name === name)?.label ?? name
}

function badgesOf(workflow: WorkflowDefinitionData, names: readonly string[]) {
  return names.map((name) => {
    const place = workflow.places.find((p) => p.name === name)
    return {
      name,
      label: place?.label ?? name,
      color: place?.color ?? '#868e96',
      description: place?.description ?? '',
    }
  })
}

function availableAction(
  caller: Caller,
  workflow: WorkflowDefinitionData,
  action: Action,
  isGlobalAction: boolean,
  places: readonly string[],
  subject: WorkflowSubject,
): WorkflowAvailableAction {
  const { reasons } = evaluateAction(caller, workflow, action, isGlobalAction, places, subject)
  return {
    name: action.name,
    label: action.label,
    isGlobalAction,
    from: 'from' in action && !isGlobalAction ? action.from : [],
    to: action.to,
    available: reasons.length === 0,
    reasons,
    notesEnabled: action.notes.enabled,
    notesRequired: action.notes.required,
    hasAdditionalFields: action.notes.additionalFields.length > 0,
    hasCustomHtml: sanitizeWorkflowHtml(action.customHtml) !== '',
  }
}

async function readHistory(
  db: Db,
  ref: ElementRef,
  workflows: readonly StoredWorkflow[],
  t: (text: string) => string,
): Promise<Map<number, WorkflowHistoryEntry[]>> {
  const ids = workflows.map((workflow) => workflow.id)
  const result = new Map<number, WorkflowHistoryEntry[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return result
  const rows = await db
    .select()
    .from(workflowHistory)
    .where(
      and(
        eq(workflowHistory.elementType, ref.type),
        eq(workflowHistory.elementId, ref.id),
        inArray(workflowHistory.workflowId, ids),
      ),
    )
    .orderBy(desc(workflowHistory.createdAt), desc(workflowHistory.id))
    .limit(HISTORY_LIMIT * ids.length)
  const names = await readUserNames(
    db,
    rows.map((row) => row.userId),
  )
  for (const row of rows) {
    const workflow = workflows.find((w) => w.id === row.workflowId)!
    const list = result.get(row.workflowId)!
    if (list.length >= HISTORY_LIMIT) continue
    list.push({
      id: row.id,
      workflowName: workflow.data.name,
      transition: row.transition,
      transitionLabel: t(row.transitionLabel),
      isGlobalAction: row.isGlobalAction,
      from: row.fromPlaces,
      to: row.toPlaces,
      userId: row.userId,
      userName: row.userId === null ? null : (names.get(row.userId) ?? null),
      note: row.note,
      additional: row.additional,
      date: row.createdAt.toISOString(),
    })
  }
  return result
}

/** The show-graph address of a workflow for an element. */
export function graphUrlOf(workflowName: string, ref?: ElementRef): string {
  const query = new URLSearchParams({ workflow: workflowName })
  if (ref) {
    query.set('ctype', ref.type)
    query.set('cid', String(ref.id))
  }
  return `/admin/workflow/show-graph?${query.toString()}`
}

/** The graph's data: places (current ones marked) and transitions. */
export function graphOf(workflow: WorkflowDefinitionData, current: readonly string[]) {
  return {
    places: badgesOf(
      workflow,
      workflow.places.map((place) => place.name),
    ).map((badge) => ({ ...badge, current: current.includes(badge.name) })),
    transitions: workflow.transitions.map((t) => ({
      name: t.name,
      label: t.label,
      from: t.from,
      to: t.to,
    })),
  }
}

/** Field rules of the element's current places over all its workflows; hidden wins over read-only. */
function fieldRulesOf(entries: readonly { workflow: StoredWorkflow; places: string[] }[]) {
  const readOnly = new Set<string>()
  const hidden = new Set<string>()
  for (const { workflow, places } of entries) {
    for (const place of workflow.data.places) {
      if (!places.includes(place.name)) continue
      for (const rule of place.fieldRules)
        (rule.mode === 'hidden' ? hidden : readOnly).add(rule.field)
    }
  }
  for (const name of hidden) readOnly.delete(name)
  return { readOnly: [...readOnly].sort(), hidden: [...hidden].sort() }
}

/**
 * The field rules in force for an element now (for the object save path and the editor):
 * fields its current places make read-only or hide. Reads through `db` (the caller's transaction).
 */
export async function readWorkflowFieldRules(
  db: Db,
  ref: ElementRef,
): Promise<{ readOnly: string[]; hidden: string[] }> {
  const info = await readElementInfo(db, ref)
  if (!info) return { readOnly: [], hidden: [] }
  const subject = await loadWorkflowSubject(db, info)
  return fieldRulesOf(await workflowsOfSubject(db, subject))
}

async function detailsOf(ctx: AdminContext, db: Db, info: ElementInfo): Promise<WorkflowDetails> {
  const subject = await loadWorkflowSubject(db, info)
  const entries = await workflowsOfSubject(db, subject)
  const caller = await loadCaller(ctx, db, info)
  const history = await readHistory(
    db,
    info,
    entries.map((entry) => entry.workflow),
    (text) => ctx.t(text),
  )
  const data: WorkflowElementWorkflow[] = entries.map(({ workflow, places }) => {
    const shown = localizeWorkflow(workflow.data, (text) => ctx.t(text))
    return {
      workflowName: shown.name,
      label: shown.label,
      type: shown.type,
      places: badgesOf(shown, places),
      transitions: shown.transitions.map((t) =>
        availableAction(caller, shown, t, false, places, subject),
      ),
      globalActions: shown.globalActions.map((a) =>
        availableAction(caller, shown, a, true, places, subject),
      ),
      history: history.get(workflow.id) ?? [],
      graph: graphOf(shown, places),
      graphUrl: graphUrlOf(shown.name, info),
    }
  })
  return { success: true, data, fieldRules: fieldRulesOf(entries) }
}

/** An element's workflows: current places, what may fire (and why not), history and graph. */
export async function getWorkflowDetails(
  ctx: AdminContext,
  ref: ElementRef,
): Promise<WorkflowDetails> {
  const info = await loadElementWithRight(ctx, ref, 'view')
  return detailsOf(ctx, ctx.db, info)
}

interface Located {
  readonly info: ElementInfo
  readonly subject: WorkflowSubject
  readonly workflow: StoredWorkflow
  readonly action: Action
  readonly places: string[]
}

/** The element, the workflow that supports it and the named action; 404/409 otherwise. */
async function locateAction(
  db: Db,
  info: ElementInfo,
  workflowName: string,
  actionName: string,
  isGlobalAction: boolean,
): Promise<Located> {
  const workflow = await findWorkflowByName(db, workflowName)
  if (!workflow) throw new AppError(404, 'WORKFLOW_NOT_FOUND', 'workflow.error.notFound')
  const action = isGlobalAction
    ? workflow.data.globalActions.find((a) => a.name === actionName)
    : workflow.data.transitions.find((t) => t.name === actionName)
  if (!action)
    throw new AppError(404, 'TRANSITION_NOT_FOUND', 'workflow.error.transitionNotFound', {
      name: actionName,
    })
  const subject = await loadWorkflowSubject(db, info)
  if (!supportsSubject(workflow.data, subject))
    throw new AppError(409, 'WORKFLOW_NOT_SUPPORTED', 'workflow.error.notSupported')
  const stored = await readElementPlaces(db, info)
  const places = stored.get(workflow.id) ?? [...workflow.data.initialPlaces]
  return { info, subject, workflow, action, places }
}

/** What the transition's dialog must ask (Pimcore's get-workflow-form). */
export async function getWorkflowForm(
  ctx: AdminContext,
  input: ActionRefInput,
): Promise<WorkflowForm> {
  const info = await loadElementWithRight(ctx, { type: input.ctype, id: input.cid }, 'view')
  const located = await locateAction(
    ctx.db,
    info,
    input.workflowName,
    input.transition,
    input.isGlobalAction,
  )
  const caller = await loadCaller(ctx, ctx.db, info)
  const { reasons } = evaluateAction(
    caller,
    located.workflow.data,
    located.action,
    input.isGlobalAction,
    located.places,
    located.subject,
  )
  return {
    success: true,
    workflowName: located.workflow.data.name,
    transition: located.action.name,
    label: ctx.t(located.action.label),
    isGlobalAction: input.isGlobalAction,
    notes: located.action.notes,
    hasCustomHtml: sanitizeWorkflowHtml(located.action.customHtml) !== '',
    to: badgesOf(
      localizeWorkflow(located.workflow.data, (text) => ctx.t(text)),
      located.action.to,
    ).map(({ name, label, color }) => ({
      name,
      label,
      color,
    })),
    unavailable: reasons,
  }
}

/** The transition's help text, sanitized (Pimcore's modal-custom-html). */
export async function getWorkflowCustomHtml(
  ctx: AdminContext,
  input: ActionRefInput,
): Promise<{ success: true; data: string | null }> {
  const info = await loadElementWithRight(ctx, { type: input.ctype, id: input.cid }, 'view')
  const located = await locateAction(
    ctx.db,
    info,
    input.workflowName,
    input.transition,
    input.isGlobalAction,
  )
  const { customHtml } = located.action
  const html = sanitizeWorkflowHtml(customHtml === '' ? '' : ctx.t(customHtml))
  return { success: true, data: html === '' ? null : html }
}

/** 400 unless the note and every required additional field are given. */
function assertDialogComplete(action: Action, input: SubmitInput): void {
  const details: { path: string; key: string }[] = []
  if (action.notes.enabled && action.notes.required && input.workflowOptions.notes.trim() === '')
    details.push({ path: 'workflowOptions.notes', key: 'workflow.error.noteRequired' })
  for (const field of action.notes.additionalFields) {
    const value = input.workflowOptions.additional[field.name]
    if (
      field.required &&
      (value === undefined || value === null || value === '' || value === false)
    )
      details.push({
        path: `workflowOptions.additional.${field.name}`,
        key: 'workflow.error.fieldRequired',
      })
  }
  if (details.length > 0) throw new AppError(400, 'VALIDATION', 'validation.formError', {}, details)
}

/** The places after the action: a state machine's one place, a Petri net's marking moved. */
function placesAfter(
  workflow: WorkflowDefinitionData,
  action: Action,
  isGlobalAction: boolean,
  places: readonly string[],
): string[] {
  if (isGlobalAction) return action.to.length > 0 ? [...action.to] : [...places]
  if (workflow.type === 'state_machine') return [...action.to]
  const from = 'from' in action ? action.from : []
  const kept = places.filter((name) => !from.includes(name))
  return [...new Set([...kept, ...action.to])]
}

/**
 * Applies a transition or global action to an element in one transaction: the guard is checked
 * again on the element as it is now, then its places move, the history, the note, the published
 * flag, the notification, the application-log entry and the audit entry are written — all or
 * nothing. A guard whose expression fails at run time blocks it and is logged (component
 * `workflow`, priority error) outside the rolled-back transaction.
 */
export async function submitWorkflowAction(
  ctx: AdminContext,
  deps: WorkflowEngineDeps,
  input: SubmitInput,
  isGlobalAction: boolean,
): Promise<WorkflowSubmitResult> {
  const ref: ElementRef = { type: input.ctype, id: input.cid }
  const checked = await loadElementWithRight(ctx, ref, 'view')
  let failedExpression: { expression: string; message: string } | null = null
  try {
    return await ctx.db.transaction(async (tx) => {
      // Two transitions on one element at once: the second sees the places the first left.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`workflow:${ref.type}:${ref.id}`}))`,
      )
      const located = await locateAction(
        tx,
        checked,
        input.workflowName,
        input.transition,
        isGlobalAction,
      )
      const { workflow, action, places, info } = located
      const caller = await loadCaller(ctx, tx, info)
      const evaluation = evaluateAction(
        caller,
        workflow.data,
        action,
        isGlobalAction,
        places,
        located.subject,
      )
      if (evaluation.expressionError !== null && action.guard.expression) {
        failedExpression = {
          expression: action.guard.expression,
          message: evaluation.expressionError,
        }
      }
      if (evaluation.reasons.length > 0) {
        throw new AppError(
          409,
          'TRANSITION_UNAVAILABLE',
          'workflow.error.transitionUnavailable',
          { reason: evaluation.reasons.map((r) => r.message).join(' ') },
          evaluation.reasons.map((r) => ({ path: 'transition', message: r.message })),
        )
      }
      assertDialogComplete(action, input)
      const after = placesAfter(workflow.data, action, isGlobalAction, places)
      await writeElementPlaces(tx, workflow.id, info, after)
      const note = input.workflowOptions.notes.trim()
      const additional = Object.fromEntries(
        action.notes.additionalFields
          .filter((field) => input.workflowOptions.additional[field.name] !== undefined)
          .map((field) => [field.name, input.workflowOptions.additional[field.name]]),
      )
      await tx.insert(workflowHistory).values({
        workflowId: workflow.id,
        elementType: info.type,
        elementId: info.id,
        transition: action.name,
        transitionLabel: action.label,
        isGlobalAction,
        fromPlaces: places,
        toPlaces: after,
        userId: ctx.admin.userId,
        note: note === '' ? null : note,
        additional,
      })
      if (action.notes.enabled && (note !== '' || Object.keys(additional).length > 0)) {
        await tx.insert(elementNotes).values({
          elementType: info.type,
          elementId: info.id,
          type: action.notes.type,
          title: action.notes.title || `${ctx.t(workflow.data.label)}: ${ctx.t(action.label)}`,
          description: note,
          data: Object.entries(additional).map(([name, value]) => ({
            name,
            type: 'text',
            data: value === null ? '' : String(value),
          })),
          userId: ctx.admin.userId,
        })
      }
      let published: boolean | null = null
      if (action.changePublishedState !== 'noChange') {
        const publisher = deps.publishers[info.type]
        if (!publisher) throw new AppError(409, 'CANNOT_PUBLISH', 'workflow.error.cannotPublish')
        published = action.changePublishedState === 'forcePublished'
        await publisher(ctx, tx, info, published)
      }
      await notifyWorkflowRecipients(tx, deps.translate, {
        recipients: action.notify,
        senderId: ctx.admin.userId,
        workflowLabel: workflow.data.label,
        actionLabel: action.label,
        placeLabels: after.map((name) => placeLabel(workflow.data, name)),
        messageKey:
          note === '' ? 'workflow.notification.message' : 'workflow.notification.messageWithNote',
        params: {
          element: info.fullPath,
          user: ctx.admin.name || ctx.admin.username,
          note: note.slice(0, 2_000),
        },
        element: { type: info.type, id: info.id },
      })
      await writeAppLog(
        tx,
        {
          priority: 'info',
          component: 'workflow',
          message: `${workflow.data.name}: ${action.name} on ${info.type} ${info.id} (${places.join(', ')} → ${after.join(', ')})`,
          context: {
            workflow: workflow.data.name,
            transition: action.name,
            isGlobalAction,
            from: places,
            to: after,
            userId: ctx.admin.userId,
          },
          element: { type: info.type, id: info.id },
          requestId: ctx.requestId,
          source: 'elements/workflow/submitWorkflowAction',
        },
        deps.log,
      )
      await recordAudit(tx, {
        actor: { id: ctx.admin.userId, name: ctx.admin.username },
        action: isGlobalAction ? 'workflow.globalAction' : 'workflow.transition',
        entityType: info.type,
        entityId: info.id,
        before: { workflow: workflow.data.name, places },
        after: { workflow: workflow.data.name, transition: action.name, places: after, published },
        ip: ctx.ip,
        requestId: ctx.requestId,
      })
      return {
        success: true as const,
        workflowName: workflow.data.name,
        transition: action.name,
        places: after,
        published,
        details: await detailsOf(ctx, tx, (await readElementInfo(tx, info)) ?? info),
      }
    })
  } catch (error) {
    const failed = failedExpression as { expression: string; message: string } | null
    if (failed) {
      await writeAppLog(
        ctx.db,
        {
          priority: 'error',
          component: 'workflow',
          message: `${input.workflowName}: the guard of ${input.transition} failed on ${ref.type} ${ref.id}: ${failed.message}`,
          context: {
            workflow: input.workflowName,
            transition: input.transition,
            expression: failed.expression,
            error: failed.message,
            userId: ctx.admin.userId,
          },
          element: ref,
          requestId: ctx.requestId,
          source: 'elements/workflow/submitWorkflowAction',
        },
        deps.log,
      )
    }
    throw error
  }
}
