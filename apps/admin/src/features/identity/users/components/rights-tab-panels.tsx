import { Tabs } from '@mantine/core'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import type { WorkspaceEntry } from '@optika/domain/admin/users-api'
import { PermissionsEditor } from './permissions-editor.tsx'
import { RestrictionsEditor, type Restrictions } from './restrictions-editor.tsx'
import { WorkspacesEditor } from './workspaces-editor.tsx'

/** What a user and a role both carry: permission keys, workspaces and restrictions. */
export interface Rights extends Restrictions {
  permissions: PermissionKey[]
  workspaces: WorkspaceEntry[]
}

/** The permissions, workspaces and restrictions tabs, shared by the user and the role editor. */
export function RightsTabPanels({
  value,
  onChange,
}: {
  value: Rights
  onChange: (change: Partial<Rights>) => void
}) {
  return (
    <>
      <Tabs.Panel value="permissions" pt="md">
        <PermissionsEditor
          value={value.permissions}
          onChange={(permissions) => onChange({ permissions })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="workspaces" pt="md">
        <WorkspacesEditor
          value={value.workspaces}
          onChange={(workspaces) => onChange({ workspaces })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="restrictions" pt="md">
        <RestrictionsEditor
          value={{
            allowedClasses: value.allowedClasses,
            allowedDocumentTypes: value.allowedDocumentTypes,
            contentLanguages: value.contentLanguages,
          }}
          onChange={onChange}
        />
      </Tabs.Panel>
    </>
  )
}
