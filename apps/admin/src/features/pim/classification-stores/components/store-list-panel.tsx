import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  ClassificationKey,
  Collection,
  Group as StoreGroup,
} from '@optika/domain/pim/classification-store-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { TablePager } from '../../../../components/table-pager.tsx'
import { useFilteredPaging } from '../../../../components/use-filtered-paging.ts'
import { useRequestError } from '../../../../lib/form-errors.ts'
import {
  createCollection,
  createGroup,
  createKey,
  deleteStoreItem,
  STORE_PAGE_SIZE,
  storeKeys,
  updateCollection,
  updateGroup,
  updateKey,
  useStoreList,
  type StoreList,
} from '../api/classification-store-api.ts'
import { CollectionGroupsEditor } from './collection-groups-editor.tsx'
import { EditDeleteButtons } from './edit-delete-buttons.tsx'
import { GroupKeysEditor } from './group-keys-editor.tsx'
import { KeyDialog, type KeyDialogValues } from './key-dialog.tsx'
import { ConfirmDeleteDialog, NameDescriptionDialog } from './store-item-dialogs.tsx'

type Item = Collection | StoreGroup | ClassificationKey
type Dialog = { kind: 'create' } | { kind: 'edit'; item: Item } | { kind: 'delete'; item: Item }

const TEXTS = {
  collections: {
    add: 'adminPimStores.collections.add',
    createTitle: 'adminPimStores.collections.createTitle',
    editTitle: 'adminPimStores.collections.editTitle',
    deleteTitle: 'adminPimStores.collections.deleteTitle',
    deleteMessage: 'adminPimStores.collections.deleteMessage',
    relations: 'adminPimStores.collections.relations',
    empty: 'adminPimStores.collections.empty',
    label: 'adminPimStores.tab.collections',
  },
  groups: {
    add: 'adminPimStores.groups.add',
    createTitle: 'adminPimStores.groups.createTitle',
    editTitle: 'adminPimStores.groups.editTitle',
    deleteTitle: 'adminPimStores.groups.deleteTitle',
    deleteMessage: 'adminPimStores.groups.deleteMessage',
    relations: 'adminPimStores.groups.relations',
    empty: 'adminPimStores.groups.empty',
    label: 'adminPimStores.tab.groups',
  },
  properties: {
    add: 'adminPimStores.keys.add',
    createTitle: 'adminPimStores.key.createTitle',
    editTitle: 'adminPimStores.key.editTitle',
    deleteTitle: 'adminPimStores.keys.deleteTitle',
    deleteMessage: 'adminPimStores.keys.deleteMessage',
    relations: null,
    empty: 'adminPimStores.keys.empty',
    label: 'adminPimStores.tab.keys',
  },
} as const

function isKey(item: Item): item is ClassificationKey {
  return 'type' in item
}

/** One list of a store (collections, groups or keys): filter, page, create, edit, delete, relations. */
export function StoreListPanel({ list, storeId }: { list: StoreList; storeId: number }) {
  const { t } = useTranslation()
  const requestError = useRequestError()
  const queryClient = useQueryClient()
  const texts = TEXTS[list]
  const { filterInput, setFilterInput, filter, page, setPage } = useFilteredPaging()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [opened, setOpened] = useState<{ id: number; name: string } | null>(null)
  const items = useStoreList(list, storeId, filter, page)
  const close = () => {
    save.reset()
    remove.reset()
    setDialog(null)
  }
  const afterChange = async () => {
    setDialog(null)
    await queryClient.invalidateQueries({ queryKey: storeKeys.all })
  }
  const save = useMutation({
    mutationFn: async (values: { name: string; description: string } | KeyDialogValues) => {
      const editing = dialog?.kind === 'edit' ? dialog.item.id : null
      if (list === 'properties') {
        const key = values as KeyDialogValues
        return editing === null
          ? createKey({ storeId, ...key })
          : updateKey({ id: editing, ...key })
      }
      const create = list === 'collections' ? createCollection : createGroup
      const update = list === 'collections' ? updateCollection : updateGroup
      return editing === null ? create({ storeId, ...values }) : update({ id: editing, ...values })
    },
    onSuccess: afterChange,
  })
  const remove = useMutation({
    mutationFn: (id: number) => deleteStoreItem(list, id),
    onSuccess: async (_, id) => {
      if (opened?.id === id) setOpened(null)
      await afterChange()
    },
  })
  const rows: Item[] = items.data?.data ?? []
  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t('adminPimStores.filter')}
          value={filterInput}
          onChange={(event) => setFilterInput(event.currentTarget.value)}
        />
        <Button onClick={() => setDialog({ kind: 'create' })}>{t(texts.add)}</Button>
      </Group>
      <RequestErrorAlert error={items.error} />
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder aria-label={t(texts.label)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPimStores.field.name')}</Table.Th>
              {list === 'properties' && <Table.Th>{t('adminPimStores.field.title')}</Table.Th>}
              {list === 'properties' && <Table.Th>{t('adminPimStores.field.type')}</Table.Th>}
              <Table.Th>{t('adminPimStores.field.description')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={list === 'properties' ? 5 : 3}>
                  <Text c="dimmed">{t(texts.empty)}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {item.name}
                  {isKey(item) && !item.enabled && (
                    <Badge ml="xs" color="gray" variant="light">
                      {t('adminPimStores.keys.disabled')}
                    </Badge>
                  )}
                </Table.Td>
                {isKey(item) && <Table.Td>{item.title}</Table.Td>}
                {isKey(item) && <Table.Td>{t(`adminPimStores.type.${item.type}`)}</Table.Td>}
                <Table.Td>{item.description}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {texts.relations !== null && (
                      <Button
                        size="xs"
                        variant={opened?.id === item.id ? 'filled' : 'light'}
                        aria-pressed={opened?.id === item.id}
                        aria-label={t(texts.relations, { name: item.name })}
                        onClick={() =>
                          setOpened(
                            opened?.id === item.id ? null : { id: item.id, name: item.name },
                          )
                        }
                      >
                        {list === 'groups'
                          ? t('adminPimStores.groups.keysButton')
                          : t('adminPimStores.collections.groupsButton')}
                      </Button>
                    )}
                    <EditDeleteButtons
                      name={item.name}
                      onEdit={() => setDialog({ kind: 'edit', item })}
                      onDelete={() => setDialog({ kind: 'delete', item })}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TablePager
        total={items.data?.total ?? 0}
        pageSize={STORE_PAGE_SIZE}
        page={page}
        onChange={setPage}
      />
      {opened !== null && list === 'groups' && (
        <GroupKeysEditor key={opened.id} storeId={storeId} group={opened} />
      )}
      {opened !== null && list === 'collections' && (
        <CollectionGroupsEditor key={opened.id} storeId={storeId} collection={opened} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title={t(texts.deleteTitle, { name: dialog.item.name })}
          message={t(texts.deleteMessage, { name: dialog.item.name })}
          pending={remove.isPending}
          error={remove.isError ? requestError(remove.error) : undefined}
          onClose={close}
          onConfirm={() => remove.mutate(dialog.item.id)}
        />
      )}
      {dialog !== null && dialog.kind !== 'delete' && list === 'properties' && (
        <KeyDialog
          current={dialog.kind === 'edit' && isKey(dialog.item) ? dialog.item : undefined}
          pending={save.isPending}
          error={save.isError ? requestError(save.error) : undefined}
          onClose={close}
          onSubmit={(values) => save.mutate(values)}
        />
      )}
      {dialog !== null && dialog.kind !== 'delete' && list !== 'properties' && (
        <NameDescriptionDialog
          title={
            dialog.kind === 'edit'
              ? t(texts.editTitle, { name: dialog.item.name })
              : t(texts.createTitle)
          }
          initial={
            dialog.kind === 'edit'
              ? { name: dialog.item.name, description: dialog.item.description }
              : undefined
          }
          pending={save.isPending}
          error={save.isError ? requestError(save.error) : undefined}
          onClose={close}
          onSubmit={(values) => save.mutate(values)}
        />
      )}
    </Stack>
  )
}
