import { eq, sql } from 'drizzle-orm'
import {
  WorkflowDefinitionInputSchema,
  type WorkflowDefinitionInput,
} from '@optika/domain/elements/workflow'
import type { Db } from '../platform/db/client.ts'
import { adminRoles, adminUserRoles, adminWorkspaces } from '../platform/db/schema/identity.ts'
import { adminUsers } from '../platform/db/schema/users.ts'
import { workflowDefinitions } from '../platform/db/schema/workflows.ts'

/** The demo catalogue manager (issue 20): reviews products and is notified when one awaits review. */
export const DEMO_CATALOGUE_MANAGER = {
  username: 'katalog',
  email: 'katalog@optika.example',
  password: 'Optika-katalog-2026',
  name: 'Klára Katalogová',
  roleName: 'Catalogue managers',
} as const

export const DEMO_PRODUCT_WORKFLOW_NAME = 'product_publication'

/**
 * The demo workflow for products: draft → in review → approved → published. Only an approved
 * product may be published (the transition publishes it); sending one to review notifies the
 * catalogue managers, and only they (or an administrator) approve. Code and prices are read-only
 * while a product is reviewed and approved.
 */
export function demoProductWorkflow(catalogueManagersRoleId: number): WorkflowDefinitionInput {
  const locked = [
    { field: 'code', mode: 'readOnly' as const },
    { field: 'prices', mode: 'readOnly' as const },
  ]
  return {
    name: DEMO_PRODUCT_WORKFLOW_NAME,
    label: 'workflow.demo.label',
    type: 'state_machine',
    supports: { objectClasses: ['Product'], assetTypes: [], documentTypes: [] },
    initialPlaces: ['draft'],
    places: [
      {
        name: 'draft',
        label: 'workflow.demo.place.draft',
        color: '#868e96',
        description: 'workflow.demo.placeInfo.draft',
      },
      {
        name: 'in_review',
        label: 'workflow.demo.place.inReview',
        color: '#fab005',
        description: 'workflow.demo.placeInfo.inReview',
        fieldRules: locked,
      },
      {
        name: 'approved',
        label: 'workflow.demo.place.approved',
        color: '#40c057',
        description: 'workflow.demo.placeInfo.approved',
        fieldRules: locked,
      },
      {
        name: 'published',
        label: 'workflow.demo.place.published',
        color: '#228be6',
        description: 'workflow.demo.placeInfo.published',
      },
    ],
    transitions: [
      {
        name: 'submit_for_review',
        label: 'workflow.demo.action.submitForReview',
        from: ['draft'],
        to: ['in_review'],
        guard: { expression: 'not empty(code)' },
        notes: { enabled: true, required: false, type: 'Workflow', title: '' },
        notify: { roleIds: [catalogueManagersRoleId] },
        customHtml: 'workflow.demo.reviewHelp',
      },
      {
        name: 'approve',
        label: 'workflow.demo.action.approve',
        from: ['in_review'],
        to: ['approved'],
        guard: { roleIds: [catalogueManagersRoleId] },
        notes: { enabled: true, required: false, type: 'Workflow', title: '' },
      },
      {
        name: 'reject',
        label: 'workflow.demo.action.reject',
        from: ['in_review'],
        to: ['draft'],
        guard: { roleIds: [catalogueManagersRoleId] },
        notes: { enabled: true, required: true, type: 'Workflow', title: '' },
      },
      {
        name: 'publish',
        label: 'workflow.demo.action.publish',
        from: ['approved'],
        to: ['published'],
        changePublishedState: 'forcePublished',
      },
      {
        name: 'withdraw',
        label: 'workflow.demo.action.withdraw',
        from: ['published'],
        to: ['draft'],
        changePublishedState: 'forceUnpublished',
        notes: { enabled: true, required: true, type: 'Workflow', title: '' },
      },
    ],
    globalActions: [],
  }
}

/**
 * The catalogue managers' role (objects and notifications, every object right), its demo user and
 * the demo product workflow — each only if missing. Runs in the demo seed's transaction.
 */
export async function insertDemoWorkflow(db: Db, passwordHash: string): Promise<void> {
  const manager = DEMO_CATALOGUE_MANAGER
  let [role] = await db
    .select({ id: adminRoles.id })
    .from(adminRoles)
    .where(sql`lower(${adminRoles.name}) = lower(${manager.roleName})`)
  if (!role) {
    ;[role] = await db
      .insert(adminRoles)
      .values({ name: manager.roleName, type: 'role', permissions: ['objects', 'notifications'] })
      .returning({ id: adminRoles.id })
    await db.insert(adminWorkspaces).values({
      roleId: role!.id,
      elementType: 'object',
      path: '/',
      list: true,
      view: true,
      save: true,
      publish: true,
      unpublish: true,
      versions: true,
      properties: true,
    })
  }
  const roleId = role!.id
  await db
    .insert(adminUsers)
    .values({
      username: manager.username,
      email: manager.email,
      name: manager.name,
      passwordHash,
      isAdmin: false,
      language: 'cs',
    })
    .onConflictDoNothing()
  const [user] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.username, manager.username))
  if (user)
    await db.insert(adminUserRoles).values({ userId: user.id, roleId }).onConflictDoNothing()
  const definition = WorkflowDefinitionInputSchema.parse(demoProductWorkflow(roleId))
  await db
    .insert(workflowDefinitions)
    .values({
      name: definition.name,
      label: definition.label,
      type: definition.type,
      enabled: definition.enabled,
      priority: definition.priority,
      definition,
    })
    .onConflictDoNothing()
}
