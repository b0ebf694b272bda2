import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import type { AdminUser, WorkspaceEntry } from '@optika/domain/admin/users-api'
import {
  adminRoles,
  adminSessions,
  adminUserRoles,
  auditLog,
  emailLog,
} from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { verifyPassword } from '../../platform/passwords/passwords.ts'
import { totpCode } from '../../../test/kits/admin-auth-test-support.ts'
import {
  insertAdminUser,
  readUserRow,
  signIn,
  TEST_PASSWORD,
} from '../../../test/kits/admin-users-test-kit.ts'
import { mayUser } from './analyze-permissions.ts'

let t: TestApp
let adminId: number
let admin: string
/** A signed-in user without any permission key. */
let nobody: string
let nobodyId: number

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

beforeAll(async () => {
  t = await buildTestApp()
  adminId = await insertAdminUser(t.database.db, { username: 'root.admin', isAdmin: true })
  admin = await signIn(t.database.db, adminId)
  nobodyId = await insertAdminUser(t.database.db, { username: 'no.rights' })
  nobody = await signIn(t.database.db, nobodyId)
  // Secrets that must never leave the server.
  await t.database.db
    .update(adminUsers)
    .set({
      twoFactorSecret: SECRET,
      twoFactorEnabled: true,
      twoFactorRecoveryCodes: ['$argon2id$recovery'],
    })
    .where(eq(adminUsers.id, adminId))
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
function call(cookie: string | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/passwordHash|twoFactorSecret|recoveryCodes|\$argon2/i)
  expect(body).not.toContain(SECRET)
  expect(body).not.toContain(TEST_PASSWORD)
}

function workspace(path: string, rights: Partial<WorkspaceEntry> = {}): WorkspaceEntry {
  return {
    elementType: 'asset',
    path,
    list: false,
    view: false,
    save: false,
    publish: false,
    unpublish: false,
    delete: false,
    rename: false,
    create: false,
    settings: false,
    versions: false,
    properties: false,
    ...rights,
  }
}

async function addNode(
  type: 'user' | 'userfolder' | 'role' | 'rolefolder',
  name: string,
  parentId: number | null = null,
) {
  const response = await call(admin, 'POST', '/admin/user/add', { parentId, type, name })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ id: number }>().id
}

describe('every route needs a session and its permission', () => {
  // [method, url, payload, permission key (null = any signed-in user)]
  const routes: [Method, string, unknown, PermissionKey | null][] = [
    ['GET', '/admin/user/tree-get-children-by-id?node=0', undefined, 'users'],
    ['GET', '/admin/user/role-tree-get-children-by-id', undefined, 'roles'],
    ['POST', '/admin/user/add', { parentId: null, type: 'user', name: 'x.user' }, 'users'],
    ['POST', '/admin/user/add', { parentId: null, type: 'role', name: 'X role' }, 'roles'],
    ['PUT', '/admin/user/update', { id: 1, data: {} }, 'users'],
    ['PUT', '/admin/user/role-update', { id: 1, data: {} }, 'roles'],
    ['DELETE', '/admin/user/delete?id=999', undefined, 'users'],
    ['DELETE', '/admin/user/delete?id=999&type=role', undefined, 'roles'],
    ['GET', '/admin/user/get?id=1', undefined, 'users'],
    ['GET', '/admin/user/role-get?id=1', undefined, 'roles'],
    ['GET', '/admin/user/search?query=a', undefined, 'users'],
    ['POST', '/admin/user/get-token-login-link', { id: 1 }, 'users'],
    ['POST', '/admin/user/invitationlink', { id: 1 }, 'users'],
    ['POST', '/admin/user/reset-2fa-secret', { id: 1 }, 'users'],
    ['POST', '/admin/user/disable-2fa', { id: 1 }, 'users'],
    [
      'GET',
      '/admin/user/analyze-permissions?userId=1&elementType=asset&path=/',
      undefined,
      'users',
    ],
    ['GET', '/admin/user/get-image?id=1', undefined, 'users'],
    ['GET', '/admin/audit-log/list', undefined, 'auditLog'],
    ['GET', '/admin/user/get-current-user', undefined, null],
    ['GET', '/admin/user/renew-2fa-qr-secret', undefined, null],
    ['PUT', '/admin/user/update-current-user', {}, null],
    ['GET', '/admin/user/get-users-for-sharing', undefined, null],
    ['GET', '/admin/user/get-roles-for-sharing', undefined, null],
    ['GET', '/admin/misc/ping', undefined, null],
    ['GET', '/admin/misc/get-valid-languages', undefined, null],
    ['GET', '/admin/misc/country-list', undefined, null],
  ]

  it.each(routes)('%s %s answers 401 without a session', async (method, url, payload) => {
    const response = await call(null, method, url, payload)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('refuses the image upload without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/user/upload-current-user-image',
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('not really a png'),
    })
    expect(response.statusCode).toBe(401)
  })

  it.each(routes.filter((r) => r[3] !== null))(
    '%s %s answers 403 without its permission',
    async (method, url, payload) => {
      const response = await call(nobody, method, url, payload)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' })
    },
  )

  it.each(routes.filter((r) => r[3] !== null))(
    '%s %s answers 403 with only the other keys',
    async (method, url, payload, key) => {
      const others = (['users', 'roles', 'auditLog'] as const).filter((k) => k !== key)
      const id = await insertAdminUser(t.database.db, {
        username: `other.keys.${method}.${url.length}.${Math.random().toString(36).slice(2, 8)}`,
        permissions: [...others],
      })
      const response = await call(await signIn(t.database.db, id), method, url, payload)
      expect(response.statusCode).toBe(403)
    },
  )

  it.each(routes.filter((r) => r[3] === null))(
    '%s %s serves any signed-in user',
    async (method, url, payload) => {
      const response = await call(nobody, method, url, payload)
      expect(response.statusCode, response.body).toBe(200)
    },
  )
})

describe('users and roles trees', () => {
  it('creates a user inactive with an unusable password, then lists it in its folder', async () => {
    const folder = await addNode('userfolder', 'Shop staff')
    const userId = await addNode('user', 'eva.novak', folder)
    const row = await readUserRow(t.database.db, userId)
    expect(row).toMatchObject({ active: false, parentId: folder, type: 'user', isAdmin: false })
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(row!.passwordHash, '')).toBe(false)

    const top = await call(admin, 'GET', '/admin/user/tree-get-children-by-id')
    expect(top.json()).toContainEqual({
      id: folder,
      parentId: null,
      type: 'userfolder',
      name: 'Shop staff',
      hasChildren: true,
    })
    const children = await call(admin, 'GET', `/admin/user/tree-get-children-by-id?node=${folder}`)
    expect(children.json()).toEqual([
      {
        id: userId,
        parentId: folder,
        type: 'user',
        name: 'eva.novak',
        hasChildren: false,
        active: false,
        isAdmin: false,
      },
    ])
    expectNoSecrets(top.body)
  })

  it('refuses a taken username (any case) with a translated 409', async () => {
    const response = await call(admin, 'POST', '/admin/user/add', {
      parentId: null,
      type: 'user',
      name: 'ROOT.admin',
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      code: 'USERNAME_TAKEN',
      message: 'A user with this username already exists.',
    })
    const czech = await t.app.inject({
      method: 'POST',
      url: '/admin/user/add',
      headers: { cookie: admin, 'accept-language': 'cs' },
      payload: { parentId: null, type: 'user', name: 'root.admin' },
    })
    expect(czech.json()).toMatchObject({
      message: 'Uživatel s tímto uživatelským jménem už existuje.',
    })
  })

  it('requires three characters for a sign-in name but lets folders have short names', async () => {
    const short = await call(admin, 'POST', '/admin/user/add', {
      parentId: null,
      type: 'user',
      name: 'jo',
    })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({
      code: 'USERNAME_TOO_SHORT',
      message: 'The field must contain a minimum of 3 characters',
    })
    const folder = await call(admin, 'POST', '/admin/user/add', {
      parentId: null,
      type: 'userfolder',
      name: 'QA',
    })
    expect(folder.statusCode).toBe(200)
    const { id } = folder.json<{ id: number }>()
    const renamed = await call(admin, 'PUT', '/admin/user/update', { id, data: { username: 'Q' } })
    expect(renamed.statusCode).toBe(200)
  })

  it('refuses a parent that is not a folder of the tree', async () => {
    const response = await call(admin, 'POST', '/admin/user/add', {
      parentId: nobodyId,
      type: 'user',
      name: 'under.a.user',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'PARENT_INVALID' })
  })

  it('answers a validation error with the translated form message', async () => {
    const response = await call(admin, 'POST', '/admin/user/add', {
      parentId: null,
      type: 'group',
      name: '',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The data are not entered correctly. Please fix it and send the form again.',
    })
  })

  it('answers 404 for unknown ids', async () => {
    expect((await call(admin, 'GET', '/admin/user/get?id=99999')).statusCode).toBe(404)
    expect((await call(admin, 'GET', '/admin/user/role-get?id=99999')).statusCode).toBe(404)
    expect(
      (await call(admin, 'PUT', '/admin/user/update', { id: 99999, data: { name: 'x' } }))
        .statusCode,
    ).toBe(404)
    expect((await call(admin, 'DELETE', '/admin/user/delete?id=99999')).statusCode).toBe(404)
  })

  it('updates a user: roles and workspaces replaced as sets, no secrets in the answer', async () => {
    const roleA = await addNode('role', 'Editors')
    const roleB = await addNode('role', 'Warehouse')
    const id = await addNode('user', 'petr.dvorak')
    const first = await call(admin, 'PUT', '/admin/user/update', {
      id,
      data: {
        email: 'petr@optika.example',
        name: 'Petr Dvořák',
        active: true,
        roleIds: [roleA, roleB],
        permissions: ['assets', 'orders'],
        workspaces: [
          workspace('/Products', { list: true, view: true }),
          workspace('/Brands/', { list: true }),
        ],
      },
    })
    expect(first.statusCode, first.body).toBe(200)
    expectNoSecrets(first.body)
    const second = await call(admin, 'PUT', '/admin/user/update', {
      id,
      data: { roleIds: [roleB], workspaces: [workspace('/Brands/', { list: true, save: true })] },
    })
    const user = second.json<AdminUser>()
    expect(user).toMatchObject({
      name: 'Petr Dvořák',
      active: true,
      roleIds: [roleB],
      permissions: ['assets', 'orders'],
    })
    expect(user.workspaces).toEqual([workspace('/Brands/', { list: true, save: true })])
    const fetched = await call(admin, 'GET', `/admin/user/get?id=${id}`)
    expect(fetched.json()).toEqual(user)
    expectNoSecrets(fetched.body)
  })

  it('refuses two workspace entries for the same path and element type', async () => {
    const response = await call(admin, 'PUT', '/admin/user/update', {
      id: nobodyId,
      data: { workspaces: [workspace('/a'), workspace('/a/')] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'DUPLICATE_WORKSPACE' })
  })

  it("ends a user's sessions when its privileges are reduced, not when they grow", async () => {
    const id = await insertAdminUser(t.database.db, {
      username: 'session.user',
      permissions: ['orders'],
    })
    const cookie = await signIn(t.database.db, id)
    await call(admin, 'PUT', '/admin/user/update', {
      id,
      data: { permissions: ['orders', 'customers'] },
    })
    expect((await call(cookie, 'GET', '/admin/misc/ping')).statusCode).toBe(200)
    await call(admin, 'PUT', '/admin/user/update', { id, data: { permissions: ['customers'] } })
    expect((await call(cookie, 'GET', '/admin/misc/ping')).statusCode).toBe(401)

    const again = await signIn(t.database.db, id)
    await call(admin, 'PUT', '/admin/user/update', { id, data: { active: false } })
    expect((await call(again, 'GET', '/admin/misc/ping')).statusCode).toBe(401)
    const left = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.userId, id))
    expect(left).toEqual([])
  })

  it("ends the sessions of a role's users when the role loses a right", async () => {
    const role = await addNode('role', 'Support')
    await call(admin, 'PUT', '/admin/user/role-update', {
      id: role,
      data: { permissions: ['customers', 'orders'] },
    })
    const id = await insertAdminUser(t.database.db, { username: 'support.user' })
    await t.database.db.insert(adminUserRoles).values({ userId: id, roleId: role })
    const cookie = await signIn(t.database.db, id)
    const updated = await call(admin, 'PUT', '/admin/user/role-update', {
      id: role,
      data: { name: 'Customer support', permissions: ['customers'] },
    })
    expect(updated.json()).toMatchObject({
      id: role,
      name: 'Customer support',
      type: 'role',
      permissions: ['customers'],
    })
    expect((await call(cookie, 'GET', '/admin/misc/ping')).statusCode).toBe(401)
  })

  it('refuses to let an administrator lock itself out', async () => {
    const response = await call(admin, 'PUT', '/admin/user/update', {
      id: adminId,
      data: { active: false },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'CANNOT_LOCK_OUT_SELF' })
  })

  it('lets only an administrator act on an administrator or grant the flag', async () => {
    const managerId = await insertAdminUser(t.database.db, {
      username: 'user.manager',
      permissions: ['users'],
    })
    const manager = await signIn(t.database.db, managerId)
    const escalate = await call(manager, 'PUT', '/admin/user/update', {
      id: managerId,
      data: { isAdmin: true },
    })
    expect(escalate.statusCode).toBe(403)
    expect(escalate.json()).toEqual({
      code: 'ADMIN_ONLY',
      message: 'Only an administrator may change an administrator or grant administrator rights.',
    })
    for (const [method, url, payload] of [
      ['PUT', '/admin/user/update', { id: adminId, data: { name: 'hijacked' } }],
      ['DELETE', `/admin/user/delete?id=${adminId}`, undefined],
      ['POST', '/admin/user/get-token-login-link', { id: adminId }],
      ['POST', '/admin/user/invitationlink', { id: adminId }],
      ['POST', '/admin/user/reset-2fa-secret', { id: adminId }],
      ['POST', '/admin/user/disable-2fa', { id: adminId }],
    ] as const) {
      expect((await call(manager, method, url, payload)).statusCode, url).toBe(403)
    }
    // Ordinary users remain the manager's to manage.
    const ok = await call(manager, 'PUT', '/admin/user/update', {
      id: nobodyId,
      data: { name: 'Nobody' },
    })
    expect(ok.statusCode).toBe(200)
    expect(await readUserRow(t.database.db, adminId)).toMatchObject({
      name: '',
      twoFactorEnabled: true,
    })
  })

  it('refuses a role name that is taken', async () => {
    await addNode('role', 'Marketing')
    const response = await call(admin, 'POST', '/admin/user/add', {
      parentId: null,
      type: 'role',
      name: 'marketing',
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      code: 'ROLE_NAME_TAKEN',
      message: 'A role with this name already exists.',
    })
  })

  it('searches users by username, name or e-mail (at most 50)', async () => {
    for (let i = 0; i < 55; i++)
      await insertAdminUser(t.database.db, { username: `bulk.${i}`, email: `bulk${i}@x.example` })
    const response = await call(admin, 'GET', '/admin/user/search?query=BULK')
    expect(response.json()).toHaveLength(50)
    const byName = await call(
      admin,
      'GET',
      `/admin/user/search?query=${encodeURIComponent('Dvořák')}`,
    )
    expect(byName.json()).toEqual([
      expect.objectContaining({ username: 'petr.dvorak', email: 'petr@optika.example' }),
    ])
    expectNoSecrets(response.body)
  })

  it('lists users and roles for sharing to anyone signed in', async () => {
    const users = (await call(nobody, 'GET', '/admin/user/get-users-for-sharing')).json<
      { id: number; name: string }[]
    >()
    expect(users).toContainEqual({ id: adminId, name: 'root.admin' })
    expect(users.every((u) => Object.keys(u).join() === 'id,name')).toBe(true)
    const roles = (await call(nobody, 'GET', '/admin/user/get-roles-for-sharing')).json<
      { name: string }[]
    >()
    expect(roles.map((r) => r.name)).toContain('Editors')
  })
})

describe('deleting', () => {
  it('deletes a folder only when it is empty', async () => {
    const folder = await addNode('userfolder', 'Temporary')
    const inner = await addNode('user', 'temp.user', folder)
    const refused = await call(admin, 'DELETE', `/admin/user/delete?id=${folder}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'FOLDER_NOT_EMPTY',
      message: 'The folder is not empty. Delete or move its contents first.',
    })
    expect((await call(admin, 'DELETE', `/admin/user/delete?id=${inner}`)).statusCode).toBe(200)
    expect((await call(admin, 'DELETE', `/admin/user/delete?id=${folder}`)).statusCode).toBe(200)
    expect(await readUserRow(t.database.db, folder)).toBeUndefined()
  })

  it('deletes role folders only when empty, and roles with their assignments', async () => {
    const folder = await addNode('rolefolder', 'Regional')
    const role = await addNode('role', 'Regional CZ', folder)
    await t.database.db.insert(adminUserRoles).values({ userId: nobodyId, roleId: role })
    expect(
      (await call(admin, 'DELETE', `/admin/user/delete?id=${folder}&type=role`)).statusCode,
    ).toBe(409)
    expect(
      (await call(admin, 'DELETE', `/admin/user/delete?id=${role}&type=role`)).statusCode,
    ).toBe(200)
    expect(await t.database.db.select().from(adminRoles).where(eq(adminRoles.id, role))).toEqual([])
    expect(
      await t.database.db.select().from(adminUserRoles).where(eq(adminUserRoles.roleId, role)),
    ).toEqual([])
    expect(
      (await call(admin, 'DELETE', `/admin/user/delete?id=${folder}&type=role`)).statusCode,
    ).toBe(200)
    nobody = await signIn(t.database.db, nobodyId)
  })

  it('refuses to move a folder into itself', async () => {
    const outer = await addNode('userfolder', 'Outer')
    const inner = await addNode('userfolder', 'Inner', outer)
    const response = await call(admin, 'PUT', '/admin/user/update', {
      id: outer,
      data: { parentId: inner },
    })
    expect(response.statusCode).toBe(400)
  })

  it('refuses to delete oneself', async () => {
    const response = await call(admin, 'DELETE', `/admin/user/delete?id=${adminId}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'CANNOT_DELETE_SELF',
      message: 'You cannot delete your own account.',
    })
  })
})

describe('analyze-permissions', () => {
  async function analyze(userId: number, path: string) {
    const response = await call(
      admin,
      'GET',
      `/admin/user/analyze-permissions?userId=${userId}&elementType=asset&path=${encodeURIComponent(path)}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<{
      rights: {
        right: string
        allowed: boolean
        reason: string
        source: { kind: string; id: number | null }
      }[]
    }>()
    return Object.fromEntries(body.rights.map((r) => [r.right, r]))
  }

  it("lets the user's own entry override its role's entry for the same path", async () => {
    const role = await addNode('role', 'Catalogue editors')
    await call(admin, 'PUT', '/admin/user/role-update', {
      id: role,
      data: {
        workspaces: [workspace('/Products/', { list: true, view: true, save: true, delete: true })],
      },
    })
    const id = await insertAdminUser(t.database.db, { username: 'own.entry' })
    await call(admin, 'PUT', '/admin/user/update', {
      id,
      data: { roleIds: [role], workspaces: [workspace('/Products/', { list: true, view: true })] },
    })
    const rights = await analyze(id, '/Products/frame.jpg')
    expect(rights.view).toMatchObject({ allowed: true, source: { kind: 'user', id } })
    expect(rights.save).toMatchObject({ allowed: false, source: { kind: 'user', id } })
    expect(rights.save!.reason).toBe('user own.entry: /Products/ does not grant save')
    expect(
      await mayUser(t.database.db, id, 'save', {
        elementType: 'asset',
        path: '/Products/frame.jpg',
      }),
    ).toBe(false)

    // Without its own entry, the role decides.
    await call(admin, 'PUT', '/admin/user/update', { id, data: { workspaces: [] } })
    const viaRole = await analyze(id, '/Products/frame.jpg')
    expect(viaRole.save).toMatchObject({ allowed: true, source: { kind: 'role', id: role } })
    expect(viaRole.save!.reason).toBe('role Catalogue editors: /Products/ grants save')
  })

  it('voids every other right of an entry without list', async () => {
    const id = await insertAdminUser(t.database.db, { username: 'no.list' })
    await call(admin, 'PUT', '/admin/user/update', {
      id,
      data: { workspaces: [workspace('/', { view: true, save: true, publish: true })] },
    })
    const rights = await analyze(id, '/anything.png')
    expect(Object.values(rights).every((r) => !r.allowed)).toBe(true)
    expect(rights.save!.reason).toContain('not list')
  })

  it('lets the deeper entry decide', async () => {
    const id = await insertAdminUser(t.database.db, { username: 'deep.path' })
    await call(admin, 'PUT', '/admin/user/update', {
      id,
      data: {
        workspaces: [
          workspace('/', { list: true, view: true }),
          workspace('/Archive', { list: true, view: true, delete: true }),
        ],
      },
    })
    expect((await analyze(id, '/Archive/old.jpg')).delete!.allowed).toBe(true)
    expect((await analyze(id, '/New/new.jpg')).delete!.allowed).toBe(false)
  })

  it('gives an administrator everything and an inactive user nothing', async () => {
    const rights = await analyze(adminId, '/x')
    expect(Object.values(rights).every((r) => r.allowed && r.source.kind === 'admin')).toBe(true)
    const id = await insertAdminUser(t.database.db, { username: 'gone.user', active: false })
    await call(admin, 'PUT', '/admin/user/update', {
      id,
      data: { workspaces: [workspace('/', { list: true, view: true })] },
    })
    const inactive = await analyze(id, '/x')
    expect(Object.values(inactive).every((r) => !r.allowed)).toBe(true)
    expect(inactive.view!.reason).toBe('user gone.user is inactive')
    expect(await mayUser(t.database.db, id, 'list', { elementType: 'asset', path: '/x' })).toBe(
      false,
    )
  })
})

describe('current user', () => {
  it('answers the signed-in user with its effective permissions and no secrets', async () => {
    const role = await addNode('role', 'Reporters')
    await call(admin, 'PUT', '/admin/user/role-update', {
      id: role,
      data: { permissions: ['reports'] },
    })
    const id = await insertAdminUser(t.database.db, {
      username: 'me.myself',
      permissions: ['orders'],
    })
    await t.database.db.insert(adminUserRoles).values({ userId: id, roleId: role })
    const response = await call(
      await signIn(t.database.db, id),
      'GET',
      '/admin/user/get-current-user',
    )
    expect(response.json()).toMatchObject({
      id,
      username: 'me.myself',
      effectivePermissions: ['reports', 'orders'],
    })
    const mine = await call(admin, 'GET', '/admin/user/get-current-user')
    expect(mine.json()).toMatchObject({ twoFactorEnabled: true, isAdmin: true })
    expectNoSecrets(mine.body)
  })

  it('answers the classes the user may create objects of: own and roles’ united, empty = all', async () => {
    const role = await addNode('role', 'Category makers')
    await call(admin, 'PUT', '/admin/user/role-update', {
      id: role,
      data: { allowedClasses: ['Category'] },
    })
    const id = await insertAdminUser(t.database.db, { username: 'class.bound' })
    await t.database.db
      .update(adminUsers)
      .set({ allowedClasses: ['Product', 'Category'] })
      .where(eq(adminUsers.id, id))
    await t.database.db.insert(adminUserRoles).values({ userId: id, roleId: role })
    const bound = await call(await signIn(t.database.db, id), 'GET', '/admin/user/get-current-user')
    expect(bound.json()).toMatchObject({
      allowedClasses: ['Product', 'Category'],
      effectiveAllowedClasses: ['Category', 'Product'],
    })
    const unbound = await call(nobody, 'GET', '/admin/user/get-current-user')
    expect(unbound.json()).toMatchObject({ effectiveAllowedClasses: [] })
    // An administrator is never restricted, whatever its own list says.
    await t.database.db
      .update(adminUsers)
      .set({ allowedClasses: ['Category'] })
      .where(eq(adminUsers.id, adminId))
    const mine = await call(admin, 'GET', '/admin/user/get-current-user')
    expect(mine.json()).toMatchObject({ effectiveAllowedClasses: [] })
    await t.database.db
      .update(adminUsers)
      .set({ allowedClasses: [] })
      .where(eq(adminUsers.id, adminId))
  })

  it('changes the own name, e-mail and language', async () => {
    const id = await insertAdminUser(t.database.db, { username: 'profile.user' })
    const cookie = await signIn(t.database.db, id)
    const response = await call(cookie, 'PUT', '/admin/user/update-current-user', {
      name: 'Jana',
      email: 'jana@optika.example',
      language: 'sk',
    })
    expect(response.json()).toMatchObject({
      name: 'Jana',
      email: 'jana@optika.example',
      language: 'sk',
    })
  })

  it('refuses a password change with a wrong current password', async () => {
    const id = await insertAdminUser(t.database.db, { username: 'wrong.old' })
    const cookie = await signIn(t.database.db, id)
    const response = await call(cookie, 'PUT', '/admin/user/update-current-user', {
      oldPassword: 'not-my-password',
      password: 'A-brand-new-password-9',
      passwordRepeat: 'A-brand-new-password-9',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      code: 'OLD_PASSWORD_INVALID',
      message: 'The current password is not correct.',
    })
    expect(
      await verifyPassword((await readUserRow(t.database.db, id))!.passwordHash, TEST_PASSWORD),
    ).toBe(true)
  })

  it("enforces the seed's password messages", async () => {
    const cookie = await signIn(t.database.db, nobodyId)
    const short = await call(cookie, 'PUT', '/admin/user/update-current-user', {
      oldPassword: TEST_PASSWORD,
      password: 'short',
      passwordRepeat: 'short',
    })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'password', message: 'The field must contain a minimum of 12 characters' }],
    })
    const mismatch = await call(cookie, 'PUT', '/admin/user/update-current-user', {
      oldPassword: TEST_PASSWORD,
      password: 'A-brand-new-password-9',
      passwordRepeat: 'A-brand-new-password-8',
    })
    expect(mismatch.json()).toMatchObject({
      errors: [
        {
          path: 'passwordRepeat',
          message: 'Unfortunately, the passwords you have entered do not match!',
        },
      ],
    })
  })

  it('changes the password and ends the sessions on other devices only', async () => {
    const id = await insertAdminUser(t.database.db, { username: 'new.password' })
    const here = await signIn(t.database.db, id)
    const elsewhere = await signIn(t.database.db, id)
    const response = await call(here, 'PUT', '/admin/user/update-current-user', {
      oldPassword: TEST_PASSWORD,
      password: 'A-brand-new-password-9',
      passwordRepeat: 'A-brand-new-password-9',
    })
    expect(response.statusCode, response.body).toBe(200)
    expectNoSecrets(response.body)
    expect(
      await verifyPassword(
        (await readUserRow(t.database.db, id))!.passwordHash,
        'A-brand-new-password-9',
      ),
    ).toBe(true)
    expect((await call(here, 'GET', '/admin/misc/ping')).statusCode).toBe(200)
    expect((await call(elsewhere, 'GET', '/admin/misc/ping')).statusCode).toBe(401)
  })
})

describe('links and 2FA', () => {
  it('invites a user: activates it, answers the link and mails it', async () => {
    const id = await addNode('user', 'invited.user')
    await call(admin, 'PUT', '/admin/user/update', {
      id,
      data: { email: 'invited@optika.example' },
    })
    const response = await call(admin, 'POST', '/admin/user/invitationlink', { id })
    expect(response.statusCode, response.body).toBe(200)
    const { link } = response.json<{ link: string }>()
    expect(link).toMatch(/\/admin\/login\/reset-password\?token=/)
    expect((await readUserRow(t.database.db, id))?.active).toBe(true)
    const mails = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to, 'invited@optika.example'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(link)
  })

  it('answers a token login link', async () => {
    const response = await call(admin, 'POST', '/admin/user/get-token-login-link', { id: nobodyId })
    expect(response.json<{ link: string }>().link).toContain('token=')
    expect(
      (await call(admin, 'POST', '/admin/user/get-token-login-link', { id: 99999 })).statusCode,
    ).toBe(404)
  })

  it("resets and disables another user's 2FA, ending its sessions", async () => {
    const id = await insertAdminUser(t.database.db, { username: 'two.factor' })
    await t.database.db
      .update(adminUsers)
      .set({ twoFactorSecret: 'ABC', twoFactorEnabled: true, twoFactorRequired: true })
      .where(eq(adminUsers.id, id))
    const cookie = await signIn(t.database.db, id)
    expect((await call(admin, 'POST', '/admin/user/reset-2fa-secret', { id })).json()).toEqual({
      success: true,
    })
    expect(await readUserRow(t.database.db, id)).toMatchObject({
      twoFactorSecret: null,
      twoFactorEnabled: false,
      twoFactorRequired: true,
    })
    expect((await call(cookie, 'GET', '/admin/misc/ping')).statusCode).toBe(401)
    await call(admin, 'POST', '/admin/user/disable-2fa', { id })
    expect(await readUserRow(t.database.db, id)).toMatchObject({ twoFactorRequired: false })
  })
})

describe('own 2FA from the profile', () => {
  it('sets up 2FA with a fresh secret and a code, rotating the session', async () => {
    const id = await insertAdminUser(t.database.db, { username: 'own.totp' })
    const cookie = await signIn(t.database.db, id)
    const setup = await call(cookie, 'GET', '/admin/user/renew-2fa-qr-secret')
    expect(setup.statusCode, setup.body).toBe(200)
    const { secret, otpauthUrl, qrCodeSvg } = setup.json<{
      secret: string
      otpauthUrl: string
      qrCodeSvg: string
    }>()
    expect(otpauthUrl).toContain('otpauth://totp/')
    expect(qrCodeSvg).toContain('<svg')
    const wrong = await call(cookie, 'POST', '/admin/user/confirm-2fa', { code: '000000' })
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400)
    const confirmed = await call(cookie, 'POST', '/admin/user/confirm-2fa', {
      code: await totpCode(secret),
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10)
    expect(await readUserRow(t.database.db, id)).toMatchObject({ twoFactorEnabled: true })
    const rotated = confirmed.cookies.find((c) => c.name === '__Host-optika-admin')
    expect(rotated?.value).toBeTruthy()
    expect((await call(cookie, 'GET', '/admin/misc/ping')).statusCode).toBe(401)
    const fresh = `__Host-optika-admin=${rotated!.value}`
    expect((await call(fresh, 'GET', '/admin/misc/ping')).statusCode).toBe(200)

    // Switching it off keeps this session and ends the others; no `users` key needed for oneself.
    const other = await signIn(t.database.db, id)
    const off = await call(fresh, 'POST', '/admin/user/disable-2fa', { id })
    expect(off.statusCode, off.body).toBe(200)
    expect(await readUserRow(t.database.db, id)).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
    })
    expect((await call(fresh, 'GET', '/admin/misc/ping')).statusCode).toBe(200)
    expect((await call(other, 'GET', '/admin/misc/ping')).statusCode).toBe(401)
  })

  it("refuses to switch off another user's 2FA without the users key", async () => {
    const response = await call(nobody, 'POST', '/admin/user/disable-2fa', { id: adminId })
    expect(response.statusCode).toBe(403)
  })
})

describe('user picture', () => {
  it('normalizes an upload to a 256×256 WebP and serves it', async () => {
    const png = await sharp({
      create: { width: 800, height: 400, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer()
    const upload = await t.app.inject({
      method: 'POST',
      url: '/admin/user/upload-current-user-image',
      headers: { cookie: nobody, 'content-type': 'image/png' },
      payload: png,
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const image = await call(nobody, 'GET', `/admin/user/get-image?id=${nobodyId}`)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    })
    expect((await call(admin, 'GET', `/admin/user/get?id=${nobodyId}`)).json()).toMatchObject({
      hasImage: true,
    })
  })

  it('answers 404 for a user without a picture, 415 for other types, 400 for garbage', async () => {
    expect((await call(admin, 'GET', `/admin/user/get-image?id=${adminId}`)).statusCode).toBe(404)
    const text = await t.app.inject({
      method: 'POST',
      url: '/admin/user/upload-current-user-image',
      headers: { cookie: admin, 'content-type': 'text/plain' },
      payload: 'hello',
    })
    expect(text.statusCode).toBe(415)
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/admin/user/upload-current-user-image',
      headers: { cookie: admin, 'content-type': 'image/jpeg' },
      payload: Buffer.from('definitely not a jpeg'),
    })
    expect(garbage.statusCode).toBe(400)
    const huge = await t.app.inject({
      method: 'POST',
      url: '/admin/user/upload-current-user-image',
      headers: { cookie: admin, 'content-type': 'image/png' },
      payload: Buffer.alloc(2 * 1024 * 1024 + 1),
    })
    expect(huge.statusCode).toBe(413)
  })
})

describe('audit log', () => {
  it('records every change with before and after, without secrets, readable with auditLog', async () => {
    const response = await call(
      admin,
      'GET',
      '/admin/audit-log/list?entityType=adminUser&limit=200',
    )
    expect(response.statusCode).toBe(200)
    const { entries, total } = response.json<{
      entries: { action: string; actorId: number; ip: string; before: unknown; after: unknown }[]
      total: number
    }>()
    expect(total).toBeGreaterThan(10)
    const actions = new Set(entries.map((e) => e.action))
    for (const action of [
      'adminUser.add',
      'adminUser.update',
      'adminUser.delete',
      'adminUser.passwordChange',
      'adminUser.updateProfile',
      'adminUser.twoFactorReset',
      'adminUser.imageUpload',
    ]) {
      expect(actions).toContain(action)
    }
    const update = entries.find((e) => e.action === 'adminUser.update' && e.actorId === adminId)
    expect(update).toMatchObject({
      ip: '127.0.0.1',
      before: expect.any(Object) as unknown,
      after: expect.any(Object) as unknown,
    })
    expectNoSecrets(response.body)
    const rows = await t.database.db.select().from(auditLog)
    expectNoSecrets(JSON.stringify(rows))
    expect(JSON.stringify(rows)).not.toContain('A-brand-new-password-9')

    const roles = await call(
      admin,
      'GET',
      '/admin/audit-log/list?entityType=adminRole&action=adminRole.delete',
    )
    expect(roles.json<{ total: number }>().total).toBeGreaterThan(0)
    const paged = await call(admin, 'GET', '/admin/audit-log/list?limit=2&page=2')
    expect(paged.json<{ entries: unknown[] }>().entries).toHaveLength(2)
  })
})
