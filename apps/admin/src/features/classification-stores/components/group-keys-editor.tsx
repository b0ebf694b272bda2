import {
  ActionIcon,
  Button,
  Checkbox,
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
  addRelations,
  deleteRelation,
  storeKeys,
  updateRelation,
  useAllOfStore,
  useRelations,
} from '../api/classification-store-api.ts'
import { nextSorter } from '../api/next-sorter.ts'

/** The keys of one group: add keys with mandatory flag and position, change or remove them. */
export function GroupKeysEditor({
  storeId,
  group,
}: {
  storeId: number
  group: { id: number; name: string }
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const relations = useRelations(group.id)
  const keys = useAllOfStore('properties', storeId)
  const [keyId, setKeyId] = useState('')
  const [mandatory, setMandatory] = useState(false)
  const [sorter, setSorter] = useState<number | string>('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: storeKeys.relations(group.id) })
  const add = useMutation({
    mutationFn: () =>
      addRelations({
        groupId: group.id,
        items: [
          {
            keyId: Number(keyId),
            mandatory,
            sorter: typeof sorter === 'number' ? sorter : nextSorter(relations.data?.data ?? []),
          },
        ],
      }),
    onSuccess: async () => {
      setKeyId('')
      setMandatory(false)
      setSorter('')
      await refresh()
    },
  })
  const update = useMutation({ mutationFn: updateRelation, onSuccess: refresh })
  const remove = useMutation({
    mutationFn: (removedKeyId: number) => deleteRelation(group.id, removedKeyId),
    onSuccess: refresh,
  })
  const related = new Set((relations.data?.data ?? []).map((row) => row.keyId))
  const available = (keys.data?.data ?? []).filter((key) => !related.has(key.id))
  const headingId = `group-keys-${group.id}`
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={headingId}>
          {t('adminPimStores.relations.groupTitle', { name: group.name })}
        </Title>
        <RequestErrorAlert error={relations.error ?? add.error ?? update.error ?? remove.error} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (keyId !== '') add.mutate()
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('adminPimStores.relations.key')}
              value={keyId}
              onChange={(event) => setKeyId(event.currentTarget.value)}
              data={[
                { value: '', label: t('adminPimStores.relations.chooseKey') },
                ...available.map((key) => ({
                  value: String(key.id),
                  label: key.title === '' ? key.name : `${key.name} – ${key.title}`,
                })),
              ]}
            />
            <NumberInput
              label={t('adminPimStores.field.sorter')}
              value={sorter}
              onChange={setSorter}
              allowDecimal={false}
              w={120}
            />
            <Checkbox
              mb={8}
              label={t('adminPimStores.field.mandatory')}
              checked={mandatory}
              onChange={(event) => setMandatory(event.currentTarget.checked)}
            />
            <Button type="submit" disabled={keyId === ''} loading={add.isPending}>
              {t('adminPimStores.relations.addKey')}
            </Button>
          </Group>
        </form>
        <Table striped withTableBorder aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPimStores.field.name')}</Table.Th>
              <Table.Th>{t('adminPimStores.field.type')}</Table.Th>
              <Table.Th>{t('adminPimStores.field.mandatory')}</Table.Th>
              <Table.Th>{t('adminPimStores.field.sorter')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {relations.data?.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">{t('adminPimStores.relations.noKeys')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {(relations.data?.data ?? []).map((row) => (
              <Table.Tr key={row.keyId}>
                <Table.Td>{row.title === '' ? row.name : `${row.name} – ${row.title}`}</Table.Td>
                <Table.Td>{t(`adminPimStores.type.${row.type}`)}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('adminPimStores.relations.mandatoryOf', { name: row.name })}
                    checked={row.mandatory}
                    onChange={(event) =>
                      update.mutate({
                        groupId: group.id,
                        keyId: row.keyId,
                        mandatory: event.currentTarget.checked,
                      })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('adminPimStores.relations.sorterOf', { name: row.name })}
                    defaultValue={row.sorter}
                    allowDecimal={false}
                    w={100}
                    onBlur={(event) => {
                      const value = Number(event.currentTarget.value)
                      if (Number.isInteger(value) && value !== row.sorter) {
                        update.mutate({ groupId: group.id, keyId: row.keyId, sorter: value })
                      }
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('adminPimStores.relations.removeKey', { name: row.name })}
                    onClick={() => remove.mutate(row.keyId)}
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
