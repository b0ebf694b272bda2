import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  WorkflowDefinition,
  WorkflowDefinitionInput,
  WorkflowDetails,
  WorkflowForm,
  WorkflowSubmitResult,
} from '@optika/domain/elements/workflow'
import { WorkflowDefinitionInputSchema } from '@optika/domain/elements/workflow'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import {
  grantObjectWorkspace,
  insertObject,
  insertRootAndClasses,
} from '../../../test/kits/pim-objects-test-kit.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { applicationLog, notifications } from '../../platform/db/schema/governance.ts'
import { adminRoles, adminUserRoles, auditLog } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { elementNotes } from '../../platform/db/schema/pim.ts'
import { workflowDefinitions, workflowHistory } from '../../platform/db/schema/workflows.ts'
import { validateWorkflowDefinition } from './validate-workflow-definition.ts'
import { demoProductWorkflow, insertDemoWorkflow } from '../../demo/demo-workflow.ts'

let t: TestApp
let adminCookie: string
let editor: { id: number; cookie: string }
let reviewer: { id: number; cookie: string }
let reviewersRoleId: number

async function objectUser(username: string): Promise<{ id: number; cookie: string }> {
  const id = await insertAdminUser(t.database.db, { username, permissions: ['objects'] })
  await grantObjectWorkspace(t.database.db, id, '/', [
    'list',
    'view',
    'save',
    'publish',
    'unpublish',
  ])
  return { id, cookie: await signIn(t.database.db, id) }
}

/** A JSON call in English (messages are matched in English). */
async function call<T>(method: Method, url: string, cookie: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { cookie, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
  return { status: response.statusCode, body: response.json<T>() }
}

/** Gadgets: draft → review → approved → published; color read-only and shape hidden in review. */
function gadgetWorkflow(overrides: Partial<WorkflowDefinitionInput> = {}): WorkflowDefinitionInput {
  return {
    name: 'gadget_review',
    label: 'Gadget <review>',
    type: 'state_machine',
    supports: { objectClasses: ['Gadget'] },
    initialPlaces: ['draft'],
    places: [
      { name: 'draft', label: 'Draft', color: '#868e96' },
      {
        name: 'review',
        label: 'In review',
        color: '#fab005',
        fieldRules: [
          { field: 'color', mode: 'readOnly' },
          { field: 'shape', mode: 'hidden' },
        ],
      },
      { name: 'approved', label: 'Approved', color: '#40c057' },
      { name: 'published', label: 'Published', color: '#228be6' },
    ],
    transitions: [
      {
        name: 'to_review',
        label: 'Send to review',
        from: ['draft'],
        to: ['review'],
        guard: { expression: 'size > 0' },
        notes: { enabled: true },
        notify: { roleIds: [reviewersRoleId] },
        customHtml:
          '<p>Check <b>everything</b></p><script>alert(1)</script><img src=x onerror=alert(2)>',
      },
      {
        name: 'approve',
        label: 'Approve',
        from: ['review'],
        to: ['approved'],
        guard: { roleIds: [reviewersRoleId] },
      },
      {
        name: 'reject',
        label: 'Reject',
        from: ['review'],
        to: ['draft'],
        notes: {
          enabled: true,
          required: true,
          additionalFields: [{ name: 'reason_code', label: 'Reason code', required: true }],
        },
      },
      {
        name: 'publish',
        label: 'Publish',
        from: ['approved'],
        to: ['published'],
        changePublishedState: 'forcePublished',
      },
    ],
    globalActions: [{ name: 'restart', label: 'Start again', to: ['draft'] }],
    ...overrides,
  }
}

async function createGadget(key: string, data: Record<string, unknown>): Promise<number> {
  return insertObject(t.database.db, { parentId: 1, key, data, published: false })
}

function submit(cookie: string, cid: number, transition: string, options?: object, global = false) {
  return call<
    WorkflowSubmitResult & { code?: string; errors?: { path: string; message: string }[] }
  >(
    'POST',
    global ? '/admin/workflow/submit-global-action' : '/admin/workflow/submit-workflow-transition',
    cookie,
    {
      ctype: 'object',
      cid,
      workflowName: 'gadget_review',
      transition,
      ...(options ? { workflowOptions: options } : {}),
    },
  )
}

function details(cookie: string, cid: number) {
  return call<WorkflowDetails>(
    'GET',
    `/admin/workflow/get-workflow-details?ctype=object&cid=${cid}`,
    cookie,
  )
}

beforeAll(async () => {
  t = await buildTestApp()
  await insertRootAndClasses(t.database.db)
  adminCookie = await signInNewUser(t.database.db, { username: 'wf-admin', isAdmin: true })
  editor = await objectUser('wf-editor')
  reviewer = await objectUser('wf-reviewer')
  const [role] = await t.database.db
    .insert(adminRoles)
    .values({ name: 'Gadget reviewers', type: 'role' })
    .returning({ id: adminRoles.id })
  reviewersRoleId = role!.id
  await t.database.db
    .insert(adminUserRoles)
    .values({ userId: reviewer.id, roleId: reviewersRoleId })
  const created = await call<WorkflowDefinition>(
    'POST',
    '/admin/workflow/definitions',
    adminCookie,
    gadgetWorkflow(),
  )
  expect(created.status).toBe(200)
})
afterAll(async () => {
  await t.close()
})

describe('workflow definitions', () => {
  it('stores a valid definition as data, sanitizes its help texts and audits it', async () => {
    const list = await call<{ items: { name: string; placeCount: number }[] }>(
      'GET',
      '/admin/workflow/definitions?text=gadget',
      adminCookie,
    )
    expect(list.body.items).toEqual([
      expect.objectContaining({ name: 'gadget_review', placeCount: 4 }),
    ])
    const [row] = await t.database.db
      .select()
      .from(workflowDefinitions)
      .where(eq(workflowDefinitions.name, 'gadget_review'))
    const stored = WorkflowDefinitionInputSchema.parse(row!.definition)
    expect(stored.transitions[0]!.customHtml).toBe('<p>Check <b>everything</b></p>')
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'workflow.create'))
    expect(audits).toHaveLength(1)
  })

  const refused: [
    string,
    (d: WorkflowDefinitionInput) => WorkflowDefinitionInput,
    string,
    RegExp,
  ][] = [
    [
      'a transition to an unknown place',
      (d) => ({
        ...d,
        transitions: [{ name: 'go', label: 'Go', from: ['draft'], to: ['nowhere'] }],
      }),
      'transitions.0.to.0',
      /no place “nowhere”/,
    ],
    [
      'a transition from an unknown place',
      (d) => ({
        ...d,
        transitions: [{ name: 'go', label: 'Go', from: ['limbo'], to: ['review'] }],
      }),
      'transitions.0.from.0',
      /limbo/,
    ],
    [
      'a guard expression that does not compile',
      (d) => ({
        ...d,
        transitions: [
          {
            name: 'go',
            label: 'Go',
            from: ['draft'],
            to: ['review'],
            guard: { expression: 'size >' },
          },
        ],
      }),
      'transitions.0.guard.expression',
      /does not compile/,
    ],
    [
      'a guard expression that throws on a sample element',
      (d) => ({
        ...d,
        transitions: [
          {
            name: 'go',
            label: 'Go',
            from: ['draft'],
            to: ['review'],
            guard: { expression: 'colour_typo == "red"' },
          },
        ],
      }),
      'transitions.0.guard.expression',
      /fails on a sample element/,
    ],
    [
      'a guard comparing a text field as a number',
      (d) => ({
        ...d,
        transitions: [
          {
            name: 'go',
            label: 'Go',
            from: ['draft'],
            to: ['review'],
            guard: { expression: 'name > 3' },
          },
        ],
      }),
      'transitions.0.guard.expression',
      /fails on a sample element/,
    ],
    [
      'duplicate place names',
      (d) => ({ ...d, places: [...d.places, { name: 'draft', label: 'Again' }] }),
      'places.4.name',
      /more than once/,
    ],
    [
      'a place no transition reaches',
      (d) => ({ ...d, places: [...d.places, { name: 'island', label: 'Island' }] }),
      'places.4.name',
      /No transition leads/,
    ],
    [
      'a state machine moving into two places',
      (d) => ({
        ...d,
        transitions: [
          ...(d.transitions ?? []),
          { name: 'split', label: 'Split', from: ['draft'], to: ['review', 'approved'] },
        ],
      }),
      'transitions.4.to',
      /exactly one place/,
    ],
    [
      'a field rule naming no field of the class',
      (d) => ({
        ...d,
        places: d.places.map((p, i) =>
          i === 0 ? { ...p, fieldRules: [{ field: 'nope', mode: 'readOnly' as const }] } : p,
        ),
      }),
      'places.0.fieldRules.0.field',
      /no field “nope”/,
    ],
    [
      'an unknown class',
      (d) => ({ ...d, supports: { objectClasses: ['Spaceship'] } }),
      'supports.objectClasses.0',
      /Spaceship/,
    ],
  ]

  it.each(refused)(
    'refuses %s at save with a translated 400 and stores nothing',
    async (_, change, path, message) => {
      const input = change(gadgetWorkflow({ name: 'broken_one' }))
      const response = await call<{ code: string; errors: { path: string; message: string }[] }>(
        'POST',
        '/admin/workflow/definitions',
        adminCookie,
        input,
      )
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('WORKFLOW_INVALID')
      const issue = response.body.errors.find((e) => e.path === path)
      expect(issue?.message).toMatch(message)
      const rows = await t.database.db
        .select()
        .from(workflowDefinitions)
        .where(eq(workflowDefinitions.name, 'broken_one'))
      expect(rows).toHaveLength(0)
      const checked = await call<{ valid: boolean; issues: { path: string }[] }>(
        'POST',
        '/admin/workflow/definitions/validate',
        adminCookie,
        input,
      )
      expect(checked.body.valid).toBe(false)
      expect(checked.body.issues.map((i) => i.path)).toContain(path)
    },
  )

  it('refuses a second workflow with a taken name, and an update that breaks it leaves it as it was', async () => {
    const again = await call<{ errors: { path: string }[] }>(
      'POST',
      '/admin/workflow/definitions',
      adminCookie,
      gadgetWorkflow(),
    )
    expect(again.status).toBe(400)
    expect(again.body.errors.map((e) => e.path)).toContain('name')
    const [row] = await t.database.db
      .select()
      .from(workflowDefinitions)
      .where(eq(workflowDefinitions.name, 'gadget_review'))
    const broken = gadgetWorkflow({ initialPlaces: ['missing'] })
    const update = await call('PUT', `/admin/workflow/definitions/${row!.id}`, adminCookie, broken)
    expect(update.status).toBe(400)
    const after = await call<WorkflowDefinition>(
      'GET',
      `/admin/workflow/definitions/${row!.id}`,
      adminCookie,
    )
    expect(after.body.initialPlaces).toEqual(['draft'])
  })

  it('offers the editor roles, users, keys and the classes’ fields', async () => {
    const options = await call<{
      roles: { name: string }[]
      objectClasses: { name: string; fields: { name: string }[] }[]
    }>('GET', '/admin/workflow/definitions/options', adminCookie)
    expect(options.body.roles.map((r) => r.name)).toContain('Gadget reviewers')
    const gadget = options.body.objectClasses.find((c) => c.name === 'Gadget')
    expect(gadget?.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['name', 'color', 'size', 'title']),
    )
  })
})

describe('moving an element through a state machine', () => {
  it('starts in the initial place and explains why the other transitions are unavailable', async () => {
    const id = await createGadget('start', { name: 'Start', size: 3 })
    const { status, body } = await details(editor.cookie, id)
    expect(status).toBe(200)
    const workflow = body.data[0]!
    expect(workflow.places.map((p) => p.name)).toEqual(['draft'])
    const byName = Object.fromEntries(workflow.transitions.map((tr) => [tr.name, tr]))
    expect(byName.to_review).toMatchObject({
      available: true,
      notesEnabled: true,
      hasCustomHtml: true,
    })
    expect(byName.approve!.available).toBe(false)
    expect(byName.approve!.reasons.map((r) => r.code)).toEqual(['notInFromPlaces', 'role'])
    expect(workflow.graph.places.find((p) => p.current)?.name).toBe('draft')
    expect(workflow.graphUrl).toBe(
      `/admin/workflow/show-graph?workflow=gadget_review&ctype=object&cid=${id}`,
    )
  })

  it('sends to review in one transaction: place, history, note, notification, log and audit', async () => {
    const id = await createGadget('reviewed', {
      name: 'Reviewed',
      size: 3,
      color: 'red',
      shape: 'round',
    })
    const response = await submit(editor.cookie, id, 'to_review', { notes: 'Ready for a look' })
    expect(response.status).toBe(200)
    expect(response.body.places).toEqual(['review'])
    expect(response.body.details.data[0]!.history[0]).toMatchObject({
      transition: 'to_review',
      from: ['draft'],
      to: ['review'],
      note: 'Ready for a look',
      userId: editor.id,
    })
    const notes = await t.database.db
      .select()
      .from(elementNotes)
      .where(and(eq(elementNotes.elementType, 'object'), eq(elementNotes.elementId, id)))
    expect(notes).toEqual([
      expect.objectContaining({ description: 'Ready for a look', userId: editor.id }),
    ])
    const sent = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.elementId, id))
    expect(sent.map((n) => n.recipientId)).toEqual([reviewer.id])
    expect(sent[0]).toMatchObject({
      type: 'workflow',
      title: 'Gadget <review>: Send to review',
      message: 'wf-editor moved /reviewed to In review. Note: Ready for a look',
      params: null,
    })
    const logged = await t.database.db
      .select()
      .from(applicationLog)
      .where(and(eq(applicationLog.component, 'workflow'), eq(applicationLog.elementId, id)))
    expect(logged).toEqual([expect.objectContaining({ priority: 6 })])
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workflow.transition'), eq(auditLog.entityId, String(id))))
    expect(audits).toHaveLength(1)
  })

  it('checks the guard again at submit: a role guard refuses the editor and lets the reviewer', async () => {
    const id = await createGadget('guarded', { name: 'Guarded', size: 3 })
    expect((await submit(editor.cookie, id, 'to_review')).status).toBe(200)
    const refused = await submit(editor.cookie, id, 'approve')
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('TRANSITION_UNAVAILABLE')
    const history = await t.database.db
      .select()
      .from(workflowHistory)
      .where(eq(workflowHistory.elementId, id))
    expect(history).toHaveLength(1)
    const approved = await submit(reviewer.cookie, id, 'approve')
    expect(approved.status).toBe(200)
    expect(approved.body.places).toEqual(['approved'])
  })

  it('refuses a transition whose expression is false, and one from the wrong place', async () => {
    const id = await createGadget('small', { name: 'Small', size: 0 })
    const falseGuard = await submit(editor.cookie, id, 'to_review')
    expect(falseGuard.status).toBe(409)
    expect(falseGuard.body.errors?.[0]?.message).toMatch(/does not meet the condition/)
    const wrongPlace = await submit(adminCookie, id, 'publish')
    expect(wrongPlace.status).toBe(409)
  })

  it('asks for the required note and fields, and refuses without them', async () => {
    const id = await createGadget('rejected', { name: 'Rejected', size: 3 })
    await submit(editor.cookie, id, 'to_review')
    const form = await call<WorkflowForm>(
      'POST',
      '/admin/workflow/get-workflow-form',
      editor.cookie,
      {
        ctype: 'object',
        cid: id,
        workflowName: 'gadget_review',
        transition: 'reject',
      },
    )
    expect(form.body.notes).toMatchObject({ enabled: true, required: true })
    expect(form.body.notes.additionalFields[0]).toMatchObject({
      name: 'reason_code',
      required: true,
    })
    expect(form.body.to).toEqual([{ name: 'draft', label: 'Draft', color: '#868e96' }])
    const without = await submit(editor.cookie, id, 'reject', { notes: '  ' })
    expect(without.status).toBe(400)
    expect(without.body.errors?.map((e) => e.path)).toEqual([
      'workflowOptions.notes',
      'workflowOptions.additional.reason_code',
    ])
    const withNote = await submit(editor.cookie, id, 'reject', {
      notes: 'Blurry photo',
      additional: { reason_code: 'P1' },
    })
    expect(withNote.status).toBe(200)
    expect(withNote.body.details.data[0]!.history[0]!.additional).toEqual({ reason_code: 'P1' })
  })

  it('publishes the element with the publish transition, and only from approved', async () => {
    const id = await createGadget('published', { name: 'Published', size: 3 })
    await submit(editor.cookie, id, 'to_review')
    await submit(reviewer.cookie, id, 'approve')
    const published = await submit(editor.cookie, id, 'publish')
    expect(published.status).toBe(200)
    expect(published.body.published).toBe(true)
    const [row] = await t.database.db.select().from(objects).where(eq(objects.id, id))
    expect(row!.published).toBe(true)
  })

  it('moves back with a global action from any place', async () => {
    const id = await createGadget('restarted', { name: 'Restarted', size: 3 })
    await submit(editor.cookie, id, 'to_review')
    const restarted = await submit(editor.cookie, id, 'restart', undefined, true)
    expect(restarted.status).toBe(200)
    expect(restarted.body.places).toEqual(['draft'])
    expect(restarted.body.details.data[0]!.history[0]).toMatchObject({
      isGlobalAction: true,
      transition: 'restart',
    })
  })

  it('serves the help text sanitized', async () => {
    const id = await createGadget('helped', { name: 'Helped', size: 3 })
    const html = await call<{ data: string | null }>(
      'POST',
      '/admin/workflow/modal-custom-html',
      editor.cookie,
      {
        ctype: 'object',
        cid: id,
        workflowName: 'gadget_review',
        transition: 'to_review',
      },
    )
    expect(html.body.data).toBe('<p>Check <b>everything</b></p>')
  })

  it('draws the graph as SVG with escaped labels and the current place marked', async () => {
    const id = await createGadget('drawn', { name: 'Drawn', size: 3 })
    await submit(editor.cookie, id, 'to_review')
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/workflow/show-graph?workflow=gadget_review&ctype=object&cid=${id}`,
      headers: { cookie: editor.cookie, 'accept-language': 'en' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(response.body).toContain('Gadget &#60;review&#62;')
    expect(response.body).not.toContain('<review>')
    expect(response.body).toMatch(/data-place="review" data-current="true"/)
    expect(response.body).not.toMatch(/data-place="draft" data-current/)
  })

  it('blocks a transition whose guard throws at run time and logs it', async () => {
    // Stored data the class would refuse today: the guard's `size > 0` cannot compare a text.
    const id = await createGadget('broken-size', { name: 'Broken', size: 'big' })
    const { body } = await details(editor.cookie, id)
    expect(
      body.data[0]!.transitions.find((tr) => tr.name === 'to_review')?.reasons.map((r) => r.code),
    ).toEqual(['expressionError'])
    const response = await submit(editor.cookie, id, 'to_review')
    expect(response.status).toBe(409)
    const logged = await t.database.db
      .select()
      .from(applicationLog)
      .where(and(eq(applicationLog.component, 'workflow'), eq(applicationLog.elementId, id)))
    expect(logged).toEqual([expect.objectContaining({ priority: 3 })])
    expect(logged[0]!.message).toMatch(/guard of to_review failed/)
    const history = await t.database.db
      .select()
      .from(workflowHistory)
      .where(eq(workflowHistory.elementId, id))
    expect(history).toHaveLength(0)
  })
})

describe('places’ field rules', () => {
  it('refuses a change to a read-only field in the save path and keeps hidden fields out of the editor', async () => {
    const id = await createGadget('locked', {
      name: 'Locked',
      size: 3,
      color: 'red',
      shape: 'round',
    })
    await submit(editor.cookie, id, 'to_review')
    const changed = await call<{ code: string; message: string }>(
      'PUT',
      '/admin/object/save',
      editor.cookie,
      {
        id,
        data: { color: 'blue' },
        task: 'save',
      },
    )
    expect(changed.status).toBe(409)
    expect(changed.body.code).toBe('WORKFLOW_FIELD_READ_ONLY')
    expect(changed.body.message).toMatch(/color/)
    const hidden = await call('PUT', '/admin/object/save', editor.cookie, {
      id,
      data: { shape: 'square' },
      task: 'save',
    })
    expect(hidden.status).toBe(409)
    const allowed = await call('PUT', '/admin/object/save', editor.cookie, {
      id,
      data: { name: 'Locked too', color: 'red' },
      task: 'save',
    })
    expect(allowed.status).toBe(200)
    const [row] = await t.database.db.select().from(objects).where(eq(objects.id, id))
    expect(row!.data).toMatchObject({ name: 'Locked too', color: 'red', shape: 'round' })
    const opened = await call<{ data: Record<string, unknown>; layout: unknown }>(
      'GET',
      `/admin/object/get?id=${id}`,
      editor.cookie,
    )
    expect(opened.body.data).not.toHaveProperty('shape')
    expect(JSON.stringify(opened.body.layout)).toMatch(/"name":"color"[^}]*"noteditable":true/)
    const { body } = await details(editor.cookie, id)
    expect(body.fieldRules).toEqual({ readOnly: ['color'], hidden: ['shape'] })
  })
})

describe('a Petri net', () => {
  it('forks into several places and joins only when every from-place is marked', async () => {
    const net: WorkflowDefinitionInput = {
      name: 'gadget_launch',
      label: 'Gadget launch',
      type: 'workflow',
      supports: { objectClasses: ['Gadget'] },
      initialPlaces: ['start'],
      places: [
        { name: 'start', label: 'Start' },
        { name: 'photos', label: 'Photos to take' },
        { name: 'texts', label: 'Texts to write' },
        { name: 'photos_done', label: 'Photos done' },
        { name: 'texts_done', label: 'Texts done' },
        { name: 'ready', label: 'Ready' },
      ],
      transitions: [
        { name: 'fork', label: 'Start work', from: ['start'], to: ['photos', 'texts'] },
        { name: 'shoot', label: 'Photos taken', from: ['photos'], to: ['photos_done'] },
        { name: 'write', label: 'Texts written', from: ['texts'], to: ['texts_done'] },
        { name: 'join', label: 'Ready', from: ['photos_done', 'texts_done'], to: ['ready'] },
      ],
    }
    const created = await call('POST', '/admin/workflow/definitions', adminCookie, net)
    expect(created.status).toBe(200)
    const id = await createGadget('launched', { name: 'Launched', size: 3 })
    const move = (transition: string) =>
      call<WorkflowSubmitResult>(
        'POST',
        '/admin/workflow/submit-workflow-transition',
        editor.cookie,
        {
          ctype: 'object',
          cid: id,
          workflowName: 'gadget_launch',
          transition,
        },
      )
    expect((await move('fork')).body.places).toEqual(['photos', 'texts'])
    expect((await move('shoot')).body.places).toEqual(['texts', 'photos_done'])
    expect((await move('join')).status).toBe(409)
    expect((await move('write')).body.places).toEqual(['photos_done', 'texts_done'])
    const joined = await move('join')
    expect(joined.body.places).toEqual(['ready'])
    // Both workflows run on the element.
    expect(joined.body.details.data.map((w) => w.workflowName).sort()).toEqual([
      'gadget_launch',
      'gadget_review',
    ])
  })
})

describe('documents', () => {
  it('run a workflow of their type too, behind the documents key', async () => {
    const pages = gadgetWorkflow({
      name: 'page_review',
      label: 'Page review',
      supports: { documentTypes: ['page'] },
      places: [
        { name: 'draft', label: 'Draft' },
        { name: 'review', label: 'In review' },
        { name: 'approved', label: 'Approved' },
        { name: 'published', label: 'Published' },
      ],
      transitions: gadgetWorkflow().transitions!.map((tr) => ({
        ...tr,
        guard: { expression: tr.name === 'to_review' ? 'template != "" or type == "page"' : null },
      })),
    })
    const created = await call('POST', '/admin/workflow/definitions', adminCookie, pages)
    expect(created.status).toBe(200)
    const [page] = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.type, 'page'))
      .limit(1)
    const url = `/admin/workflow/get-workflow-details?ctype=document&cid=${page!.id}`
    const opened = await call<WorkflowDetails>('GET', url, adminCookie)
    expect(opened.body.data.map((w) => w.workflowName)).toEqual(['page_review'])
    const submitted = await call<WorkflowSubmitResult>(
      'POST',
      '/admin/workflow/submit-workflow-transition',
      adminCookie,
      {
        ctype: 'document',
        cid: page!.id,
        workflowName: 'page_review',
        transition: 'to_review',
      },
    )
    expect(submitted.body.places).toEqual(['review'])
    // The publish transition publishes the page (cms's publisher, with a version).
    await t.database.db
      .update(documents)
      .set({ published: false })
      .where(eq(documents.id, page!.id))
    for (const transition of ['approve', 'publish']) {
      const moved = await call<WorkflowSubmitResult>(
        'POST',
        '/admin/workflow/submit-workflow-transition',
        adminCookie,
        { ctype: 'document', cid: page!.id, workflowName: 'page_review', transition },
      )
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    }
    const [published] = await t.database.db
      .select({ published: documents.published })
      .from(documents)
      .where(eq(documents.id, page!.id))
    expect(published!.published).toBe(true)
    // Objects-only staff may not read a document's workflows.
    const objectsOnly = await call('GET', url, editor.cookie)
    expect(objectsOnly.status).toBe(403)
  })
})

describe('the demo product workflow', () => {
  it('moves a product from draft to published and tells the catalogue managers in their language', async () => {
    await t.database.db.transaction((tx) => insertDemoWorkflow(tx, 'not-a-real-hash'))
    const [manager] = await t.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.username, 'katalog'))
    const names = Object.fromEntries(
      ['cs', 'en', 'hu', 'pl', 'ro', 'sk'].map((l) => [l, `Demo frame ${l}`]),
    )
    const id = await insertObject(t.database.db, {
      parentId: 1,
      key: 'demo-frame',
      classId: 'Product',
      published: false,
      data: { code: 'DEMO-1', kind: 'frame', name: names, prices: { CZK: { catalog: 150000 } } },
    })
    const move = (transition: string, notes = '') =>
      call<WorkflowSubmitResult>(
        'POST',
        '/admin/workflow/submit-workflow-transition',
        editor.cookie,
        {
          ctype: 'object',
          cid: id,
          workflowName: 'product_publication',
          transition,
          workflowOptions: { notes },
        },
      )
    const early = await move('publish')
    expect(early.status).toBe(409)
    expect((await move('submit_for_review', 'Prosím o kontrolu')).body.places).toEqual([
      'in_review',
    ])
    const sent = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.elementId, id))
    expect(sent.map((n) => [n.recipientId, n.title])).toEqual([
      [manager!.id, 'Publikace produktu: Odeslat ke kontrole'],
    ])
    // The demo's labels are catalogue keys: the manager reads them in Czech, their language.
    expect(sent[0]!.message).toContain('Ke kontrole')
    expect(sent[0]!.message).toContain('Poznámka: Prosím o kontrolu')
    // Only a catalogue manager (or an administrator) approves.
    expect((await move('approve')).status).toBe(409)
    const approved = await call<WorkflowSubmitResult>(
      'POST',
      '/admin/workflow/submit-workflow-transition',
      adminCookie,
      { ctype: 'object', cid: id, workflowName: 'product_publication', transition: 'approve' },
    )
    expect(approved.body.places).toEqual(['approved'])
    const published = await move('publish')
    expect(published.status).toBe(200)
    expect(published.body.places).toEqual(['published'])
    const [row] = await t.database.db.select().from(objects).where(eq(objects.id, id))
    expect(row!.published).toBe(true)
  })

  it('is valid and is stored with the catalogue managers’ role and user', async () => {
    const [role] = await t.database.db
      .insert(adminRoles)
      .values({ name: 'Temporary role for validation', type: 'role' })
      .returning({ id: adminRoles.id })
    const data = WorkflowDefinitionInputSchema.parse(demoProductWorkflow(role!.id))
    const [stored] = await t.database.db
      .select({ id: workflowDefinitions.id })
      .from(workflowDefinitions)
      .where(eq(workflowDefinitions.name, 'product_publication'))
    expect(await validateWorkflowDefinition(t.database.db, data, stored?.id)).toEqual([])
    await t.database.db.transaction((tx) => insertDemoWorkflow(tx, 'not-a-real-hash'))
    await t.database.db.transaction((tx) => insertDemoWorkflow(tx, 'not-a-real-hash'))
    const rows = await t.database.db
      .select()
      .from(workflowDefinitions)
      .where(eq(workflowDefinitions.name, 'product_publication'))
    expect(rows).toHaveLength(1)
    const managers = await t.database.db
      .select()
      .from(adminRoles)
      .where(eq(adminRoles.name, 'Catalogue managers'))
    expect(managers).toHaveLength(1)
  })
})
