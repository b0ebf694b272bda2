import { Grid, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { TreeNode } from '@optika/domain/admin/users-api'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { NodeEditor } from './node-editor.tsx'
import { UserSearch } from './user-search.tsx'
import { UsersTree, type Selection } from './users-tree.tsx'

const NODE_TYPES = ['user', 'userfolder', 'role', 'rolefolder'] as const

/** The selected node lives in the address (?user=3), so a reload or a shared link keeps it. */
function readSelection(params: URLSearchParams): Selection | null {
  for (const type of NODE_TYPES) {
    const id = Number(params.get(type))
    if (params.has(type) && Number.isInteger(id)) {
      return { kind: type.startsWith('user') ? 'users' : 'roles', id, type }
    }
  }
  return null
}

/** /admin/user-management — the users and roles trees, and the editor of the selected node. */
export function UsersScreen() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const selection = readSelection(params)
  const select = (next: { id: number; type: TreeNode['type'] }) =>
    setParams({ [next.type]: String(next.id) })
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.users')}
        description={t('admin.screen.users.description')}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <Stack gap="md">
            <UserSearch />
            <UsersTree kind="users" selection={selection} onSelect={select} />
            <UsersTree kind="roles" selection={selection} onSelect={select} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          {selection === null ? (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed">{t('admin.users.nothingSelected')}</Text>
            </Paper>
          ) : (
            <NodeEditor
              key={`${selection.type}-${selection.id}`}
              selection={selection}
              onDeleted={() => setParams({})}
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
