import { Button, Group, Loader, NavLink, Paper, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TreeNode } from '@optika/domain/admin/users-api'
import { useRequestError } from '../../../../lib/form-errors.ts'
import {
  addTreeNode,
  useAdminRole,
  useAdminUser,
  useFolders,
  useTreeChildren,
  usersKeys,
  type TreeKind,
} from '../api/users-api.ts'
import { NameDialog } from './name-dialog.tsx'

export interface Selection {
  kind: TreeKind
  id: number
  type: TreeNode['type']
}

interface TreeProps {
  kind: TreeKind
  selection: Selection | null
  onSelect: (selection: Selection) => void
}

interface BranchProps extends TreeProps {
  /** The folders to open: those above the selected node. */
  expanded: ReadonlySet<number>
}

function isFolder(node: TreeNode): boolean {
  return node.type === 'userfolder' || node.type === 'rolefolder'
}

function TreeBranch({
  kind,
  parentId,
  selection,
  onSelect,
  expanded,
}: BranchProps & { parentId: number | null }) {
  const { t } = useTranslation()
  const children = useTreeChildren(kind, parentId)
  if (children.isPending)
    return <Loader size="xs" m="xs" role="status" aria-label={t('admin.loading')} />
  if (children.isError)
    return (
      <Text c="red" size="sm">
        {t('admin.form.requestFailed')}
      </Text>
    )
  if (children.data.length === 0 && parentId === null) {
    return (
      <Text c="dimmed" size="sm" p="xs">
        {t('admin.users.tree.empty')}
      </Text>
    )
  }
  return children.data.map((node) => (
    <TreeItem
      key={node.id}
      node={node}
      kind={kind}
      selection={selection}
      onSelect={onSelect}
      expanded={expanded}
    />
  ))
}

function TreeItem({ node, kind, selection, onSelect, expanded }: BranchProps & { node: TreeNode }) {
  const { t } = useTranslation()
  const mustOpen = expanded.has(node.id)
  const [opened, setOpened] = useState(mustOpen)
  // A node moved into this folder (or selected below it) opens it; closing stays up to the user.
  const [wasMustOpen, setWasMustOpen] = useState(mustOpen)
  if (mustOpen !== wasMustOpen) {
    setWasMustOpen(mustOpen)
    if (mustOpen) setOpened(true)
  }
  const selected = selection?.kind === kind && selection.id === node.id
  const folder = isFolder(node)
  const description = folder
    ? t('admin.users.tree.folder')
    : node.isAdmin
      ? t('admin.users.tree.admin')
      : node.active === false
        ? t('admin.users.tree.inactive')
        : undefined
  const select = () => onSelect({ kind, id: node.id, type: node.type })
  if (!folder) {
    return (
      <NavLink
        component="button"
        type="button"
        label={node.name}
        description={description}
        active={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={select}
      />
    )
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={node.name}
      description={description}
      active={selected}
      aria-current={selected ? 'true' : undefined}
      opened={opened}
      onChange={setOpened}
      onClick={select}
      childrenOffset="md"
    >
      {opened ? (
        <div role="group" aria-label={node.name}>
          <TreeBranch
            kind={kind}
            parentId={node.id}
            selection={selection}
            onSelect={onSelect}
            expanded={expanded}
          />
        </div>
      ) : (
        // NavLink shows its chevron only when it has children.
        <span />
      )}
    </NavLink>
  )
}

/** The folders above the selected node of this tree (its parent and that folder's ancestors). */
function useExpandedFolders(kind: TreeKind, selection: Selection | null): ReadonlySet<number> {
  const ours = selection?.kind === kind ? selection : null
  const user = useAdminUser(ours?.id ?? 0, ours !== null && kind === 'users')
  const role = useAdminRole(ours?.id ?? 0, ours !== null && kind === 'roles')
  const folders = useFolders(kind)
  const parentId =
    ours === null ? null : ((kind === 'users' ? user.data : role.data)?.parentId ?? null)
  return useMemo(() => {
    if (parentId === null) return new Set<number>()
    const parent = folders.data?.find((folder) => folder.id === parentId)
    return new Set([...(parent?.ancestorIds ?? []), parentId])
  }, [parentId, folders.data])
}

/** One of the two trees (users or roles) with its toolbar: add an item or a folder. */
export function UsersTree({ kind, selection, onSelect }: TreeProps) {
  const { t } = useTranslation()
  const requestError = useRequestError()
  const queryClient = useQueryClient()
  const [adding, setAdding] = useState<TreeNode['type'] | null>(null)
  const titleId = `tree-${kind}`
  const expanded = useExpandedFolders(kind, selection)
  // New nodes go into the selected folder of this tree, else to the top level.
  const parentId =
    selection?.kind === kind && (selection.type === 'userfolder' || selection.type === 'rolefolder')
      ? selection.id
      : null
  const add = useMutation({
    mutationFn: (input: { type: TreeNode['type']; name: string }) =>
      addTreeNode({ parentId, ...input }),
    onSuccess: async (id, input) => {
      setAdding(null)
      await queryClient.invalidateQueries({ queryKey: usersKeys.all })
      if (id !== null) onSelect({ kind, id, type: input.type })
    },
  })
  const itemType = kind === 'users' ? 'user' : 'role'
  const folderType = kind === 'users' ? 'userfolder' : 'rolefolder'
  const dialogTitle =
    adding === 'user'
      ? t('admin.users.tree.addUser')
      : adding === 'role'
        ? t('admin.users.tree.addRole')
        : t('admin.users.tree.addFolder')
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {kind === 'users' ? t('admin.users.tree.users') : t('admin.users.tree.roles')}
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setAdding(itemType)}>
            {kind === 'users' ? t('admin.users.tree.addUser') : t('admin.users.tree.addRole')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setAdding(folderType)}>
            {t('admin.users.tree.addFolder')}
          </Button>
        </Group>
        <div role="group" aria-labelledby={titleId}>
          <TreeBranch
            kind={kind}
            parentId={null}
            selection={selection}
            onSelect={onSelect}
            expanded={expanded}
          />
        </div>
      </Stack>
      {adding !== null && (
        <NameDialog
          opened
          title={dialogTitle}
          label={
            adding === 'user' ? t('admin.users.field.username') : t('admin.users.field.nodeName')
          }
          submitLabel={t('admin.common.add')}
          pending={add.isPending}
          error={add.isError ? requestError(add.error) : undefined}
          onClose={() => {
            add.reset()
            setAdding(null)
          }}
          onSubmit={(name) => add.mutate({ type: adding, name })}
        />
      )}
    </Paper>
  )
}
