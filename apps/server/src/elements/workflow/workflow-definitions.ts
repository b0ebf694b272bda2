import { asc, eq } from 'drizzle-orm'
import { PERMISSION_KEYS } from '@optika/domain/admin/permissions'
import { listFields } from '@optika/domain/pim/class-definition'
import type {
  WorkflowDefinition,
  WorkflowDefinitionData,
  WorkflowDefinitionList,
  WorkflowEditorOptions,
  WorkflowValidationIssue,
  WorkflowValidationResult,
} from '@optika/domain/elements/workflow'
import { workflowDefinitions } from '../../platform/db/schema/workflows.ts'
import { adminRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { sanitizeWorkflowHtml } from './workflow-engine.ts'
import { SUBJECT_VARIABLES } from './workflow-subject.ts'
import {
  countWorkflowElements,
  findWorkflowById,
  listWorkflows,
  type StoredWorkflow,
} from './workflow-store.ts'
import {
  loadWorkflowClasses,
  validateWorkflowDefinition,
  WORKFLOW_ASSET_TYPES,
  WORKFLOW_DOCUMENT_TYPES,
  type DefinitionIssue,
} from './validate-workflow-definition.ts'
import type { Db } from '../../platform/db/client.ts'

function toDefinition(stored: StoredWorkflow, elementCount: number): WorkflowDefinition {
  return {
    ...stored.data,
    id: stored.id,
    createdAt: stored.createdAt.toISOString(),
    modifiedAt: stored.updatedAt.toISOString(),
    elementCount,
  }
}

function translateIssues(
  ctx: AdminContext,
  issues: readonly DefinitionIssue[],
): WorkflowValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path,
    key: issue.key,
    params: issue.params ?? {},
    message: ctx.t(issue.key, issue.params),
  }))
}

/** The definition as stored: help texts sanitized. */
function cleaned(data: WorkflowDefinitionData): WorkflowDefinitionData {
  return {
    ...data,
    transitions: data.transitions.map((t) => ({
      ...t,
      guard: { ...t.guard, expression: t.guard.expression || null },
      customHtml: sanitizeWorkflowHtml(t.customHtml),
    })),
    globalActions: data.globalActions.map((a) => ({
      ...a,
      guard: { ...a.guard, expression: a.guard.expression || null },
      customHtml: sanitizeWorkflowHtml(a.customHtml),
    })),
  }
}

/** 400 with every problem as a detail at its path. */
async function assertValid(
  ctx: AdminContext,
  db: Db,
  data: WorkflowDefinitionData,
  excludeId?: number,
) {
  const issues = await validateWorkflowDefinition(db, data, excludeId)
  if (issues.length > 0) {
    throw new AppError(
      400,
      'WORKFLOW_INVALID',
      'workflow.error.invalidDefinition',
      { count: issues.length },
      issues.map((issue) => ({ path: issue.path, key: issue.key, params: issue.params })),
    )
  }
}

export async function listWorkflowDefinitions(
  ctx: AdminContext,
  text?: string,
): Promise<WorkflowDefinitionList> {
  const [all, counts] = await Promise.all([
    listWorkflows(ctx.db, text),
    countWorkflowElements(ctx.db),
  ])
  return {
    items: all.map((stored) => ({
      id: stored.id,
      name: stored.data.name,
      label: ctx.t(stored.data.label),
      type: stored.data.type,
      enabled: stored.data.enabled,
      priority: stored.data.priority,
      supports: stored.data.supports,
      placeCount: stored.data.places.length,
      transitionCount: stored.data.transitions.length,
      elementCount: counts.get(stored.id) ?? 0,
      modifiedAt: stored.updatedAt.toISOString(),
    })),
  }
}

export async function getWorkflowDefinition(
  ctx: AdminContext,
  id: number,
): Promise<WorkflowDefinition> {
  const stored = await findWorkflowById(ctx.db, id)
  if (!stored) throw new AppError(404, 'WORKFLOW_NOT_FOUND', 'workflow.error.notFound')
  const counts = await countWorkflowElements(ctx.db)
  return toDefinition(stored, counts.get(id) ?? 0)
}

/** Checks a definition without saving it (the editor's live feedback). */
export async function checkWorkflowDefinition(
  ctx: AdminContext,
  data: WorkflowDefinitionData,
  excludeId?: number,
): Promise<WorkflowValidationResult> {
  const issues = await validateWorkflowDefinition(ctx.db, data, excludeId)
  return { valid: issues.length === 0, issues: translateIssues(ctx, issues) }
}

/** Stores a new definition after validating it; audited. */
export async function createWorkflowDefinition(
  ctx: AdminContext,
  input: WorkflowDefinitionData,
): Promise<WorkflowDefinition> {
  const data = cleaned(input)
  const id = await ctx.db.transaction(async (tx) => {
    await assertValid(ctx, tx, data)
    const [row] = await tx
      .insert(workflowDefinitions)
      .values({
        name: data.name,
        label: data.label,
        type: data.type,
        enabled: data.enabled,
        priority: data.priority,
        definition: data,
      })
      .returning({ id: workflowDefinitions.id })
    await recordAudit(tx, {
      actor: { id: ctx.admin.userId, name: ctx.admin.username },
      action: 'workflow.create',
      entityType: 'workflow',
      entityId: row!.id,
      after: data,
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
    return row!.id
  })
  return getWorkflowDefinition(ctx, id)
}

/**
 * Replaces a definition after validating it; audited. Elements keep their stored places; a place
 * that no longer exists simply matches no transition until a global action moves them.
 */
export async function updateWorkflowDefinition(
  ctx: AdminContext,
  id: number,
  input: WorkflowDefinitionData,
): Promise<WorkflowDefinition> {
  const data = cleaned(input)
  await ctx.db.transaction(async (tx) => {
    const before = await findWorkflowById(tx, id)
    if (!before) throw new AppError(404, 'WORKFLOW_NOT_FOUND', 'workflow.error.notFound')
    await assertValid(ctx, tx, data, id)
    await tx
      .update(workflowDefinitions)
      .set({
        name: data.name,
        label: data.label,
        type: data.type,
        enabled: data.enabled,
        priority: data.priority,
        definition: data,
        updatedAt: new Date(),
      })
      .where(eq(workflowDefinitions.id, id))
    await recordAudit(tx, {
      actor: { id: ctx.admin.userId, name: ctx.admin.username },
      action: 'workflow.update',
      entityType: 'workflow',
      entityId: id,
      before: before.data,
      after: data,
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
  })
  return getWorkflowDefinition(ctx, id)
}

/** Deletes a definition with its elements' states and history; audited. */
export async function deleteWorkflowDefinition(
  ctx: AdminContext,
  id: number,
): Promise<{ success: true }> {
  await ctx.db.transaction(async (tx) => {
    const before = await findWorkflowById(tx, id)
    if (!before) throw new AppError(404, 'WORKFLOW_NOT_FOUND', 'workflow.error.notFound')
    await tx.delete(workflowDefinitions).where(eq(workflowDefinitions.id, id))
    await recordAudit(tx, {
      actor: { id: ctx.admin.userId, name: ctx.admin.username },
      action: 'workflow.delete',
      entityType: 'workflow',
      entityId: id,
      before: before.data,
      ip: ctx.ip,
      requestId: ctx.requestId,
    })
  })
  return { success: true }
}

/** What the editor's pickers offer: roles, users, keys, classes with their fields, types. */
export async function getWorkflowEditorOptions(ctx: AdminContext): Promise<WorkflowEditorOptions> {
  const [roles, users, classes] = await Promise.all([
    ctx.db
      .select({ id: adminRoles.id, name: adminRoles.name })
      .from(adminRoles)
      .where(eq(adminRoles.type, 'role'))
      .orderBy(asc(adminRoles.name)),
    ctx.db
      .select({ id: adminUsers.id, name: adminUsers.name, username: adminUsers.username })
      .from(adminUsers)
      .where(eq(adminUsers.type, 'user'))
      .orderBy(asc(adminUsers.username)),
    loadWorkflowClasses(ctx.db),
  ])
  return {
    roles,
    users: users.map((user) => ({ id: user.id, name: user.name || user.username })),
    permissions: [...PERMISSION_KEYS],
    objectClasses: classes
      .map((cls) => ({
        name: cls.id,
        title: cls.name,
        fields: listFields(cls.definition.layout).map(({ field }) => ({
          name: field.name,
          title: field.title,
          type: field.type,
        })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    assetTypes: [...WORKFLOW_ASSET_TYPES],
    documentTypes: [...WORKFLOW_DOCUMENT_TYPES],
    expressionVariables: [...SUBJECT_VARIABLES],
  }
}
