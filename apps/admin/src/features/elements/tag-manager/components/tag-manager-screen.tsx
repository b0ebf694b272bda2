import { Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TagNode } from '@optika/domain/pim/element-api'
import { ChevronDownIcon, ChevronRightIcon } from '../../../../components/icons.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { useTagChildren } from '../../api/element-api.ts'
import { addTag, deleteTag, updateTag, useRefreshTags } from '../api/tag-manager-api.ts'

/**
 * /admin/tag-manager — the tag tree the editors assign tags from: add tags at the top or under a
 * tag, rename them and delete them with everything beneath. Assigning happens in each element's
 * tags tab (and for a whole folder's contents there too).
 */
export function TagManagerScreen() {
  const { t } = useTranslation()
  return (
    <Stack gap="xl" maw={760}>
      <ScreenHeader title={t('admin.nav.tags')} description={t('admin.screen.tags.description')} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tag-new-root">
        <Title order={2} size="h5" id="tag-new-root" mb="sm">
          {t('tagManager.newRoot')}
        </Title>
        <NewTagForm parentId={null} />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tag-tree">
        <Title order={2} size="h5" id="tag-tree" mb="sm">
          {t('tagManager.tree')}
        </Title>
        <TagBranch parentId={0} />
      </Paper>
    </Stack>
  )
}

/** A name field and an add button; under `parentId`, or at the top for null. */
function NewTagForm({ parentId, onDone }: { parentId: number | null; onDone?: () => void }) {
  const { t } = useTranslation()
  const refresh = useRefreshTags()
  const [name, setName] = useState('')
  const add = useMutation({
    mutationFn: () => addTag({ name, parentId }),
    onSuccess: async () => {
      setName('')
      await refresh()
      onDone?.()
    },
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    if (name.trim()) add.mutate()
  }
  return (
    <Stack gap="xs" component="form" onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={t('tagManager.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone?.()
          }}
          maxLength={190}
          required
          data-autofocus={parentId === null ? undefined : true}
          autoFocus={parentId !== null}
          style={{ flex: '1 1 12rem' }}
        />
        <Button type="submit" loading={add.isPending}>
          {t('admin.common.add')}
        </Button>
        {onDone && (
          <Button variant="default" onClick={onDone}>
            {t('admin.common.cancel')}
          </Button>
        )}
      </Group>
      <RequestErrorAlert error={add.error} />
    </Stack>
  )
}

function TagBranch({ parentId }: { parentId: number }) {
  const { t } = useTranslation()
  const children = useTagChildren(parentId)
  if (children.isPending) return <Loader size="xs" role="status" aria-label={t('admin.loading')} />
  if (children.isError) return <RequestErrorAlert error={children.error} />
  if (children.data.length === 0 && parentId === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('adminPimObjects.tags.noTags')}
      </Text>
    )
  return (
    <Stack
      gap={4}
      component="ul"
      style={{ listStyle: 'none', margin: 0, paddingLeft: parentId === 0 ? 0 : 20 }}
    >
      {children.data.map((tag) => (
        <TagItem key={tag.id} tag={tag} />
      ))}
    </Stack>
  )
}

type Mode = 'view' | 'rename' | 'addChild'

function TagItem({ tag }: { tag: TagNode }) {
  const { t } = useTranslation()
  const refresh = useRefreshTags()
  const [open, setOpen] = useState(false)
  const [mode, setMode] = useState<Mode>('view')
  const [confirmDelete, setConfirmDelete] = useState(false)
  const remove = useMutation({
    mutationFn: () => deleteTag(tag.id),
    onSuccess: async () => {
      setConfirmDelete(false)
      await refresh()
    },
  })
  return (
    <li>
      <Group gap="xs" wrap="wrap">
        {tag.hasChildren ? (
          <Button
            size="compact-xs"
            variant="subtle"
            aria-expanded={open}
            aria-label={t('adminPimObjects.tags.expand', { name: tag.name })}
            onClick={() => setOpen(!open)}
          >
            {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          </Button>
        ) : (
          <span style={{ width: 26 }} />
        )}
        {mode === 'rename' ? (
          <RenameForm tag={tag} onDone={() => setMode('view')} />
        ) : (
          <>
            <Text size="sm" fw={500}>
              {tag.name}
            </Text>
            <Group gap={4}>
              <Button
                size="compact-xs"
                variant="light"
                aria-label={t('tagManager.addChildOf', { name: tag.path })}
                onClick={() => {
                  setMode('addChild')
                  setOpen(true)
                }}
              >
                {t('admin.common.add')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={t('tagManager.renameTag', { name: tag.path })}
                onClick={() => setMode('rename')}
              >
                {t('tagManager.rename')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={t('tagManager.deleteTag', { name: tag.path })}
                onClick={() => setConfirmDelete(true)}
              >
                {t('admin.common.delete')}
              </Button>
            </Group>
          </>
        )}
      </Group>
      {mode === 'addChild' && (
        <Paper withBorder p="xs" ml={30} my={4} radius="sm">
          <NewTagForm parentId={tag.id} onDone={() => setMode('view')} />
        </Paper>
      )}
      {open && tag.hasChildren && <TagBranch parentId={tag.id} />}
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('tagManager.deleteTitle', { name: tag.path })}
      >
        <Stack gap="md">
          <Text size="sm">{t('tagManager.deleteWarning')}</Text>
          <RequestErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('admin.common.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('admin.common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </li>
  )
}

function RenameForm({ tag, onDone }: { tag: TagNode; onDone: () => void }) {
  const { t } = useTranslation()
  const refresh = useRefreshTags()
  const [name, setName] = useState(tag.name)
  const rename = useMutation({
    mutationFn: () => updateTag({ id: tag.id, name }),
    onSuccess: async () => {
      await refresh()
      onDone()
    },
  })
  return (
    <Stack
      gap={4}
      component="form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        if (name.trim() && name !== tag.name) rename.mutate()
        else onDone()
      }}
    >
      <Group gap="xs" wrap="wrap">
        <TextInput
          size="xs"
          aria-label={t('tagManager.renameTag', { name: tag.path })}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone()
          }}
          maxLength={190}
          autoFocus
        />
        <Button size="compact-sm" type="submit" loading={rename.isPending}>
          {t('admin.common.save')}
        </Button>
        <Button size="compact-sm" variant="default" onClick={onDone}>
          {t('admin.common.cancel')}
        </Button>
      </Group>
      <RequestErrorAlert error={rename.error} />
    </Stack>
  )
}
