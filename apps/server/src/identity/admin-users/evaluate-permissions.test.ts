import { describe, expect, it } from 'vitest'
import {
  PERMISSION_KEYS,
  WORKSPACE_RIGHTS,
  type WorkspaceRight,
} from '@optika/domain/admin/permissions'
import {
  adminWorkspaceRights,
  effectivePermissionKeys,
  effectiveWorkspaceRights,
  normalizeWorkspacePath,
  type HeldWorkspaceEntry,
} from './evaluate-permissions.ts'

const none = Object.fromEntries(WORKSPACE_RIGHTS.map((r) => [r, false])) as Record<
  WorkspaceRight,
  boolean
>

function entry(
  kind: 'user' | 'role',
  id: number,
  path: string,
  granted: readonly WorkspaceRight[],
  elementType: HeldWorkspaceEntry['elementType'] = 'asset',
): HeldWorkspaceEntry {
  const rights = { ...none }
  for (const r of granted) rights[r] = true
  return { holder: { kind, id, name: `${kind}${id}` }, elementType, path, rights }
}

function allowed(decision: ReturnType<typeof effectiveWorkspaceRights>): WorkspaceRight[] {
  return WORKSPACE_RIGHTS.filter((r) => decision[r].allowed)
}

describe('workspace rights', () => {
  it.each(WORKSPACE_RIGHTS.filter((r) => r !== 'list'))(
    'grants %s only when the entry grants it together with list',
    (right) => {
      const granted = effectiveWorkspaceRights(
        [entry('user', 1, '/', ['list', right])],
        [],
        'asset',
        '/a/b.jpg',
      )
      expect(allowed(granted)).toEqual(['list', right])
      const withoutList = effectiveWorkspaceRights(
        [entry('user', 1, '/', [right])],
        [],
        'asset',
        '/a/b.jpg',
      )
      expect(allowed(withoutList)).toEqual([])
      expect(withoutList[right].voidedByList).toBe(true)
    },
  )

  it('grants list alone', () => {
    const d = effectiveWorkspaceRights([entry('user', 1, '/', ['list'])], [], 'asset', '/x')
    expect(allowed(d)).toEqual(['list'])
  })

  it('refuses everything without a covering entry', () => {
    const d = effectiveWorkspaceRights(
      [entry('user', 1, '/Products/', [...WORKSPACE_RIGHTS])],
      [],
      'asset',
      '/Brands/x.jpg',
    )
    expect(allowed(d)).toEqual([])
    expect(d.view.source.kind).toBe('none')
  })

  it('keeps element types apart', () => {
    const d = effectiveWorkspaceRights(
      [entry('user', 1, '/', [...WORKSPACE_RIGHTS], 'document')],
      [],
      'object',
      '/x',
    )
    expect(allowed(d)).toEqual([])
  })

  it("lets the user's own entry override its role's entry for the same path", () => {
    const d = effectiveWorkspaceRights(
      [entry('user', 1, '/Products', ['list', 'view'])],
      [entry('role', 7, '/Products/', ['list', 'view', 'save', 'delete'])],
      'asset',
      '/Products/frame.jpg',
    )
    expect(allowed(d)).toEqual(['list', 'view'])
    expect(d.save.source).toMatchObject({ kind: 'user', id: 1 })
  })

  it("lets a user's own entry without list take away what the role grants", () => {
    const d = effectiveWorkspaceRights(
      [entry('user', 1, '/Products/', ['save'])],
      [entry('role', 7, '/Products/', [...WORKSPACE_RIGHTS])],
      'asset',
      '/Products/frame.jpg',
    )
    expect(allowed(d)).toEqual([])
  })

  it('lets a deeper entry beat a shallower one, in both directions', () => {
    const user = [entry('user', 1, '/', [...WORKSPACE_RIGHTS])]
    const role = [entry('role', 7, '/Products/Archive/', ['list', 'view'])]
    expect(
      allowed(effectiveWorkspaceRights(user, role, 'asset', '/Products/Archive/a.jpg')),
    ).toEqual(['list', 'view'])
    expect(allowed(effectiveWorkspaceRights(user, role, 'asset', '/Products/new.jpg'))).toEqual([
      ...WORKSPACE_RIGHTS,
    ])
  })

  it('applies an entry to the folder itself but not to a sibling sharing its prefix', () => {
    const user = [entry('user', 1, '/Products/', ['list'])]
    expect(effectiveWorkspaceRights(user, [], 'asset', '/Products').list.allowed).toBe(true)
    expect(effectiveWorkspaceRights(user, [], 'asset', '/ProductsOld/x').list.allowed).toBe(false)
  })

  it('grants a right any role grants at the same path, ignoring a role without list', () => {
    const roles = [
      entry('role', 7, '/P/', ['list', 'view']),
      entry('role', 8, '/P/', ['list', 'publish']),
      entry('role', 9, '/P/', ['delete']),
    ]
    const d = effectiveWorkspaceRights([], roles, 'asset', '/P/x')
    expect(allowed(d)).toEqual(['list', 'view', 'publish'])
    expect(d.publish.source).toMatchObject({ kind: 'role', id: 8 })
  })

  it('gives an administrator every right', () => {
    const d = adminWorkspaceRights({ id: 1, name: 'admin' })
    expect(allowed(d)).toEqual([...WORKSPACE_RIGHTS])
  })

  it('normalizes paths with a trailing slash', () => {
    expect(normalizeWorkspacePath('/a')).toBe('/a/')
    expect(normalizeWorkspacePath('/')).toBe('/')
    expect(normalizeWorkspacePath('a/')).toBe('/a/')
  })
})

describe('permission keys', () => {
  it.each(PERMISSION_KEYS)('grants %s from the user itself or from a role', (key) => {
    expect(effectivePermissionKeys({ isAdmin: false, permissions: [key] }, [])).toEqual([key])
    expect(
      effectivePermissionKeys({ isAdmin: false, permissions: [] }, [{ permissions: [key] }]),
    ).toEqual([key])
    expect(effectivePermissionKeys({ isAdmin: false, permissions: [] }, [])).toEqual([])
  })

  it('unites the keys of the user and all its roles, ignoring unknown ones', () => {
    const keys = effectivePermissionKeys({ isAdmin: false, permissions: ['users', 'bogus'] }, [
      { permissions: ['roles'] },
      { permissions: ['users', 'orders'] },
    ])
    expect(keys.sort()).toEqual(['orders', 'roles', 'users'])
  })

  it('gives an administrator every key', () => {
    expect(effectivePermissionKeys({ isAdmin: true, permissions: [] }, [])).toEqual([
      ...PERMISSION_KEYS,
    ])
  })
})
