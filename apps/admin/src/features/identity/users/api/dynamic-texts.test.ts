import { describe, expect, it } from 'vitest'
import {
  PERMISSION_GROUPS,
  PERMISSION_KEYS,
  WORKSPACE_ELEMENT_TYPES,
  WORKSPACE_RIGHTS,
} from '@optika/domain/admin/permissions'
import { adminCatalogue } from '@optika/i18n/catalogue/admin'

/** Texts the users screen builds its keys for at run time, which `t()`'s typing cannot check. */
describe('the users screen has a text for every key it builds', () => {
  const keys = new Set(Object.keys(adminCatalogue))
  const expected = [
    ...PERMISSION_KEYS.map((key) => `admin.permission.${key}`),
    ...Object.keys(PERMISSION_GROUPS).map((group) => `admin.permissionGroup.${group}`),
    ...WORKSPACE_RIGHTS.map((right) => `admin.workspace.right.${right}`),
    ...WORKSPACE_ELEMENT_TYPES.map((type) => `admin.elementType.${type}`),
    ...['user', 'userfolder', 'role', 'rolefolder'].map((type) => `admin.users.type.${type}`),
  ]
  it.each(expected)('%s', (key) => {
    expect(keys.has(key)).toBe(true)
  })
})
