import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import {
  addCollectionRelations,
  deleteCollectionRelation,
  storeKeys,
  updateCollectionRelation,
  useAllOfStore,
  useCollectionRelations,
} from '../api/classification-store-api.ts'
import { nextSorter } from '../api/next-sorter.ts'

/** The groups of one collection: add groups with a position, reorder or remove them. */
export function CollectionGroupsEditor({
  storeId,
  collection,
}: {
  storeId: number
  collection: { id: number; name: string }
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const relations = useCollectionRelations(collection.id)
  const groups = useAllOfStore('groups', storeId)
  const [groupId, setGroupId] = useState('')
  const [sorter, setSorter] = useState<number | string>('')
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: storeKeys.collectionRelations(collection.id) })
  const add = useMutation({
    mutationFn: () =>
      addCollectionRelations({
        collectionId: collection.id,
        items: [
          {
            groupId: Number(groupId),
            sorter: typeof sorter === 'number' ? sorter : nextSorter(relations.data?.data ?? []),
          },
        ],
      }),
    onSuccess: async () => {
      setGroupId('')
      setSorter('')
      await refresh()
    },
  })
  const update = useMutation({ mutationFn: updateCollectionRelation, onSuccess: refresh })
  const remove = useMutation({
    mutationFn: (removedGroupId: number) => deleteCollectionRelation(collection.id, removedGroupId),
    onSuccess: refresh,
  })
  const related = new Set((relations.data?.data ?? []).map((row) => row.groupId))
  const available = (groups.data?.data ?? []).filter((group) => !related.has(group.id))
  const headingId = `collection-groups-${collection.id}`
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={headingId}>
          {t('adminPimStores.relations.collectionTitle', { name: collection.name })}
        </Title>
        <RequestErrorAlert error={relations.error ?? add.error ?? update.error ?? remove.error} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (groupId !== '') add.mutate()
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('adminPimStores.relations.group')}
              value={groupId}
              onChange={(event) => setGroupId(event.currentTarget.value)}
              data={[
                { value: '', label: t('adminPimStores.relations.chooseGroup') },
                ...available.map((group) => ({ value: String(group.id), label: group.name })),
              ]}
            />
            <NumberInput
              label={t('adminPimStores.field.sorter')}
              value={sorter}
              onChange={setSorter}
              allowDecimal={false}
              w={120}
            />
            <Button type="submit" disabled={groupId === ''} loading={add.isPending}>
              {t('adminPimStores.relations.addGroup')}
            </Button>
          </Group>
        </form>
        <Table striped withTableBorder aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPimStores.field.name')}</Table.Th>
              <Table.Th>{t('adminPimStores.field.description')}</Table.Th>
              <Table.Th>{t('adminPimStores.field.sorter')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {relations.data?.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed">{t('adminPimStores.relations.noGroups')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {(relations.data?.data ?? []).map((row) => (
              <Table.Tr key={row.groupId}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.description}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('adminPimStores.relations.sorterOf', { name: row.name })}
                    defaultValue={row.sorter}
                    allowDecimal={false}
                    w={100}
                    onBlur={(event) => {
                      const value = Number(event.currentTarget.value)
                      if (Number.isInteger(value) && value !== row.sorter) {
                        update.mutate({
                          collectionId: collection.id,
                          groupId: row.groupId,
                          sorter: value,
                        })
                      }
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('adminPimStores.relations.removeGroup', { name: row.name })}
                    onClick={() => remove.mutate(row.groupId)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  )
}
