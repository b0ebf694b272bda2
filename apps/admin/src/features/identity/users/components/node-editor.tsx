import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useRequestError } from '../../../../lib/form-errors.ts'
import {
  deleteTreeNode,
  updateRole,
  updateUser,
  useAdminRole,
  useAdminUser,
  usersKeys,
} from '../api/users-api.ts'
import { FolderSelect, fromFolderValue, toFolderValue } from './folder-select.tsx'
import { NameDialog } from './name-dialog.tsx'
import { RoleEditor } from './role-editor.tsx'
import { UserEditor } from './user-editor.tsx'
import type { Selection } from './users-tree.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/** The selected node's panel: its heading, rename and delete, and its editor. */
export function NodeEditor({
  selection,
  onDeleted,
}: {
  selection: Selection
  onDeleted: () => void
}) {
  const isUserTree = selection.kind === 'users'
  const user = useAdminUser(selection.id, isUserTree)
  const role = useAdminRole(selection.id, !isUserTree)
  const query = isUserTree ? user : role
  const requestError = useRequestError()
  if (query.isPending) return <ScreenLoader />
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {requestError(query.error)}
      </Alert>
    )
  }
  const name = isUserTree ? (user.data?.username ?? '') : (role.data?.name ?? '')
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="node-editor-title">
      <Stack gap="md">
        <NodeHeader selection={selection} name={name} onDeleted={onDeleted} />
        {selection.type === 'user' && user.data !== undefined && (
          <UserEditor key={user.data.id} user={user.data} />
        )}
        {selection.type === 'role' && role.data !== undefined && (
          <RoleEditor key={role.data.id} role={role.data} />
        )}
        {(selection.type === 'userfolder' || selection.type === 'rolefolder') && (
          <>
            <FolderHint />
            <MoveFolderForm
              key={`${selection.type}-${selection.id}`}
              selection={selection}
              parentId={(isUserTree ? user.data?.parentId : role.data?.parentId) ?? null}
              name={name}
            />
          </>
        )}
      </Stack>
    </Paper>
  )
}

function FolderHint() {
  const { t } = useTranslation()
  return <Text c="dimmed">{t('admin.users.folderHint')}</Text>
}

/** A folder's own place in the tree: moved into another folder (never into itself or below). */
function MoveFolderForm({
  selection,
  parentId,
  name,
}: {
  selection: Selection
  parentId: number | null
  name: string
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [folder, setFolder] = useState(toFolderValue(parentId))
  const move = useMutation({
    mutationFn: (value: string) => {
      const data = { parentId: fromFolderValue(value) }
      return selection.kind === 'users'
        ? updateUser({ id: selection.id, data })
        : updateRole({ id: selection.id, data })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  })
  return (
    <form
      noValidate
      aria-label={t('admin.users.editor.folderForm', { name })}
      onSubmit={(event) => {
        event.preventDefault()
        move.mutate(folder)
      }}
    >
      <Stack gap="md">
        <RequestErrorAlert error={move.error} />
        {move.isSuccess && (
          <Alert color="green" role="status">
            {t('admin.common.saved')}
          </Alert>
        )}
        <FolderSelect
          kind={selection.kind}
          value={folder}
          onChange={(value) => {
            move.reset()
            setFolder(value)
          }}
          movingFolderId={selection.id}
        />
        <Group>
          <Button type="submit" loading={move.isPending}>
            {t('admin.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function NodeHeader({
  selection,
  name,
  onDeleted,
}: {
  selection: Selection
  name: string
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const requestError = useRequestError()
  const queryClient = useQueryClient()
  const [renaming, setRenaming] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const rename = useMutation({
    mutationFn: (newName: string) =>
      selection.kind === 'users'
        ? updateUser({ id: selection.id, data: { username: newName } })
        : updateRole({ id: selection.id, data: { name: newName } }),
    onSuccess: async () => {
      setRenaming(false)
      await queryClient.invalidateQueries({ queryKey: usersKeys.all })
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteTreeNode(selection.kind, selection.id),
    onSuccess: async () => {
      setConfirmingDelete(false)
      await queryClient.invalidateQueries({ queryKey: usersKeys.all })
      onDeleted()
    },
  })
  const typeLabel = t(`admin.users.type.${selection.type}` as 'admin.users.type.user')
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {typeLabel}
        </Text>
        <Title order={2} size="h3" id="node-editor-title">
          {name}
        </Title>
      </Stack>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => setRenaming(true)}>
          {t('admin.common.rename')}
        </Button>
        <Button variant="light" color="red" size="xs" onClick={() => setConfirmingDelete(true)}>
          {t('admin.common.delete')}
        </Button>
      </Group>
      {renaming && (
        <NameDialog
          opened
          title={t('admin.users.renameTitle', { name })}
          label={
            selection.type === 'user'
              ? t('admin.users.field.username')
              : t('admin.users.field.nodeName')
          }
          initialName={name}
          submitLabel={t('admin.common.rename')}
          pending={rename.isPending}
          error={rename.isError ? requestError(rename.error) : undefined}
          onClose={() => {
            rename.reset()
            setRenaming(false)
          }}
          onSubmit={(newName) => rename.mutate(newName)}
        />
      )}
      <Modal
        opened={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title={t('admin.users.deleteTitle', { name })}
      >
        <Stack gap="md">
          <Text>{t('admin.users.deleteText', { type: typeLabel, name })}</Text>
          <RequestErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingDelete(false)}>
              {t('admin.common.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('admin.common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  )
}
