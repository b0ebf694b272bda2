import { inArray, ne, and, eq } from 'drizzle-orm'
import { listFields, type ClassDefinition } from '@optika/domain/pim/class-definition'
import { DOCUMENT_TYPES } from '@optika/domain/cms/document-api'
import type { WorkflowDefinitionData } from '@optika/domain/elements/workflow'
import type { Db } from '../../platform/db/client.ts'
import { objectClasses } from '../../platform/db/schema/elements.ts'
import { adminRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { workflowDefinitions } from '../../platform/db/schema/workflows.ts'
import { compileGuardExpression, evaluateGuardExpression } from './workflow-expression.ts'
import { sampleVariables } from './workflow-subject.ts'

/** Asset types a workflow may support (the assets table's types). */
export const WORKFLOW_ASSET_TYPES = ['folder', 'image', 'document', 'video', 'other'] as const
export const WORKFLOW_DOCUMENT_TYPES = DOCUMENT_TYPES

/** One problem of a definition: where (dotted, as in the input) and the catalogue key. */
export interface DefinitionIssue {
  readonly path: string
  readonly key: string
  readonly params?: Record<string, string | number>
}

export interface WorkflowClass {
  readonly id: string
  readonly name: string
  readonly definition: ClassDefinition
}

/** The object classes (for support, field rules and sample elements). */
export async function loadWorkflowClasses(db: Db): Promise<WorkflowClass[]> {
  const rows = await db
    .select({
      id: objectClasses.id,
      name: objectClasses.name,
      definition: objectClasses.definition,
    })
    .from(objectClasses)
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    definition: { layout: [], ...(row.definition as Partial<ClassDefinition>) } as ClassDefinition,
  }))
}

function duplicates(names: readonly string[]): Set<number> {
  const seen = new Map<string, number>()
  const result = new Set<number>()
  names.forEach((name, index) => {
    if (seen.has(name)) result.add(index)
    else seen.set(name, index)
  })
  return result
}

/**
 * Everything wrong with a definition, checked before it is stored: names unique, every place a
 * transition or action names exists, a state machine moves one place at a time, every place can
 * be reached, field rules name fields of the supported classes, guards' roles and notified users
 * and roles exist, and each guard's expression compiles and runs on a sample of every supported
 * class or type. `excludeId` is the definition being replaced (its own name is not taken).
 */
export async function validateWorkflowDefinition(
  db: Db,
  data: WorkflowDefinitionData,
  excludeId?: number,
): Promise<DefinitionIssue[]> {
  const issues: DefinitionIssue[] = []
  const add = (path: string, key: string, params?: Record<string, string | number>) =>
    issues.push({ path, key, ...(params ? { params } : {}) })

  const [taken] = await db
    .select({ id: workflowDefinitions.id })
    .from(workflowDefinitions)
    .where(
      excludeId === undefined
        ? eq(workflowDefinitions.name, data.name)
        : and(eq(workflowDefinitions.name, data.name), ne(workflowDefinitions.id, excludeId)),
    )
  if (taken) add('name', 'workflow.error.nameTaken', { name: data.name })

  // Supported types.
  const classes = await loadWorkflowClasses(db)
  const supportedClasses: WorkflowClass[] = []
  data.supports.objectClasses.forEach((name, index) => {
    const cls = classes.find((c) => c.id === name || c.name === name)
    if (cls) supportedClasses.push(cls)
    else add(`supports.objectClasses.${index}`, 'workflow.error.unknownClass', { name })
  })
  data.supports.assetTypes.forEach((name, index) => {
    if (!(WORKFLOW_ASSET_TYPES as readonly string[]).includes(name))
      add(`supports.assetTypes.${index}`, 'workflow.error.unknownType', { name })
  })
  data.supports.documentTypes.forEach((name, index) => {
    if (!(WORKFLOW_DOCUMENT_TYPES as readonly string[]).includes(name))
      add(`supports.documentTypes.${index}`, 'workflow.error.unknownType', { name })
  })

  // Places.
  const placeNames = new Set(data.places.map((p) => p.name))
  for (const index of duplicates(data.places.map((p) => p.name)))
    add(`places.${index}.name`, 'workflow.error.duplicateName', { name: data.places[index]!.name })
  const classFields = new Set(
    supportedClasses.flatMap((cls) =>
      listFields(cls.definition.layout).map(({ field }) => field.name),
    ),
  )
  data.places.forEach((place, p) => {
    for (const index of duplicates(place.fieldRules.map((r) => r.field)))
      add(`places.${p}.fieldRules.${index}.field`, 'workflow.error.duplicateName', {
        name: place.fieldRules[index]!.field,
      })
    place.fieldRules.forEach((rule, r) => {
      if (!classFields.has(rule.field))
        add(`places.${p}.fieldRules.${r}.field`, 'workflow.error.unknownField', {
          name: rule.field,
        })
    })
  })

  const isStateMachine = data.type === 'state_machine'
  data.initialPlaces.forEach((name, index) => {
    if (!placeNames.has(name))
      add(`initialPlaces.${index}`, 'workflow.error.unknownPlace', { name })
  })
  if (isStateMachine && data.initialPlaces.length > 1)
    add('initialPlaces', 'workflow.error.stateMachineOnePlace')

  // Transitions and global actions share one namespace (a dialog names either by its name).
  const actionNames = [
    ...data.transitions.map((t) => t.name),
    ...data.globalActions.map((a) => a.name),
  ]
  for (const index of duplicates(actionNames)) {
    const path =
      index < data.transitions.length
        ? `transitions.${index}.name`
        : `globalActions.${index - data.transitions.length}.name`
    add(path, 'workflow.error.duplicateName', { name: actionNames[index]! })
  }
  data.transitions.forEach((transition, t) => {
    transition.from.forEach((name, index) => {
      if (!placeNames.has(name))
        add(`transitions.${t}.from.${index}`, 'workflow.error.unknownFromPlace', { name })
    })
    transition.to.forEach((name, index) => {
      if (!placeNames.has(name))
        add(`transitions.${t}.to.${index}`, 'workflow.error.unknownPlace', { name })
    })
    if (isStateMachine && transition.from.length > 1)
      add(`transitions.${t}.from`, 'workflow.error.stateMachineOnePlace')
    if (isStateMachine && transition.to.length > 1)
      add(`transitions.${t}.to`, 'workflow.error.stateMachineOnePlace')
  })
  data.globalActions.forEach((action, a) => {
    action.to.forEach((name, index) => {
      if (!placeNames.has(name))
        add(`globalActions.${a}.to.${index}`, 'workflow.error.unknownPlace', { name })
    })
    if (isStateMachine && action.to.length > 1)
      add(`globalActions.${a}.to`, 'workflow.error.stateMachineOnePlace')
  })

  // Reachability: from the initial places through transitions (a global action with `to` reaches
  // its places from anywhere). A Petri net's transition needs all its from-places marked once.
  const reached = new Set(data.initialPlaces.filter((name) => placeNames.has(name)))
  for (const action of data.globalActions) for (const name of action.to) reached.add(name)
  for (let changed = true; changed;) {
    changed = false
    for (const transition of data.transitions) {
      if (!transition.from.every((name) => reached.has(name))) continue
      for (const name of transition.to) {
        if (placeNames.has(name) && !reached.has(name)) {
          reached.add(name)
          changed = true
        }
      }
    }
  }
  data.places.forEach((place, p) => {
    if (!reached.has(place.name))
      add(`places.${p}.name`, 'workflow.error.unreachablePlace', { name: place.name })
  })

  // Guards and notifications name roles and users that exist.
  const actions = [
    ...data.transitions.map((action, index) => ({ action, path: `transitions.${index}` })),
    ...data.globalActions.map((action, index) => ({ action, path: `globalActions.${index}` })),
  ]
  const roleIds = [
    ...new Set(
      actions.flatMap(({ action }) => [...action.guard.roleIds, ...action.notify.roleIds]),
    ),
  ]
  const userIds = [...new Set(actions.flatMap(({ action }) => action.notify.userIds))]
  const knownRoles = new Set(
    roleIds.length === 0
      ? []
      : (
          await db
            .select({ id: adminRoles.id })
            .from(adminRoles)
            .where(and(inArray(adminRoles.id, roleIds), eq(adminRoles.type, 'role')))
        ).map((row) => row.id),
  )
  const knownUsers = new Set(
    userIds.length === 0
      ? []
      : (
          await db
            .select({ id: adminUsers.id })
            .from(adminUsers)
            .where(and(inArray(adminUsers.id, userIds), eq(adminUsers.type, 'user')))
        ).map((row) => row.id),
  )
  const samples = sampleSubjects(data, supportedClasses)
  for (const { action, path } of actions) {
    action.guard.roleIds.forEach((id, index) => {
      if (!knownRoles.has(id))
        add(`${path}.guard.roleIds.${index}`, 'workflow.error.unknownRole', { id })
    })
    action.notify.roleIds.forEach((id, index) => {
      if (!knownRoles.has(id))
        add(`${path}.notify.roleIds.${index}`, 'workflow.error.unknownRole', { id })
    })
    action.notify.userIds.forEach((id, index) => {
      if (!knownUsers.has(id))
        add(`${path}.notify.userIds.${index}`, 'workflow.error.unknownUser', { id })
    })
    for (const index of duplicates(action.notes.additionalFields.map((f) => f.name)))
      add(`${path}.notes.additionalFields.${index}.name`, 'workflow.error.duplicateName', {
        name: action.notes.additionalFields[index]!.name,
      })
    if (action.notes.required && !action.notes.enabled)
      add(`${path}.notes.required`, 'workflow.error.noteRequiredNotEnabled')
    const expression = action.guard.expression
    if (!expression) continue
    try {
      compileGuardExpression(expression)
    } catch (error) {
      add(`${path}.guard.expression`, 'workflow.error.expressionInvalid', {
        message: firstLine(error),
      })
      continue
    }
    for (const sample of samples) {
      const outcome = evaluateGuardExpression(expression, sample.variables)
      if (outcome.kind === 'error') {
        add(`${path}.guard.expression`, 'workflow.error.expressionFails', {
          sample: sample.label,
          message: outcome.message.slice(0, 300),
        })
        break
      }
    }
  }
  return issues
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n').slice(0, 4).join(' ').slice(0, 300)
}

/** One sample element per supported class and type (a generic one when nothing is supported). */
function sampleSubjects(
  data: WorkflowDefinitionData,
  classes: readonly WorkflowClass[],
): { label: string; variables: Record<string, unknown> }[] {
  const samples = [
    ...classes.map((cls) => ({
      label: cls.name,
      variables: sampleVariables('object', 'object', cls),
    })),
    ...data.supports.assetTypes.map((type) => ({
      label: type,
      variables: sampleVariables('asset', type, null),
    })),
    ...data.supports.documentTypes.map((type) => ({
      label: type,
      variables: sampleVariables('document', type, null),
    })),
  ]
  return samples.length > 0
    ? samples
    : [{ label: 'object', variables: sampleVariables('object', 'object', null) }]
}
