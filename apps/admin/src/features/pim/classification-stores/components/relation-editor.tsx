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
import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { nextSorter } from '../api/next-sorter.ts'

/** A column of the related rows, shown before the position and the remove button. */
export interface RelationColumn<Row, Change> {
  header: string
  cell: (row: Row, update: (change: Change) => void) => ReactNode
}

interface RelationEditorProps<Row extends { name: string; sorter: number }, Change> {
  /** The id of the heading that names the section and its table. */
  headingId: string
  title: string
  relations: UseQueryResult<{ data: Row[] }>
  /** Refreshed after every change. */
  queryKey: QueryKey
  /** The id of the related item (group or key) of a row. */
  relatedId: (row: Row) => number
  /** Everything that could be related; those already related are left out of the picker. */
  candidates: readonly { id: number; label: string }[]
  texts: {
    pick: string
    choose: string
    add: string
    empty: string
    remove: (name: string) => string
  }
  /** More fields of the add form, after the position. */
  addFields?: ReactNode
  addRelation: (relatedId: number, sorter: number) => Promise<unknown>
  /** After a relation was added, e.g. to reset `addFields`. */
  onAdded?: () => void
  updateRelation: (change: Change) => Promise<unknown>
  sorterChange: (row: Row, sorter: number) => NoInfer<Change>
  removeRelation: (relatedId: number) => Promise<unknown>
  columns: readonly RelationColumn<Row, NoInfer<Change>>[]
}

/**
 * The items related to one collection or group: add them at a position (after the last by
 * default), change a row's position (on leaving its field) or remove a row.
 */
export function RelationEditor<Row extends { name: string; sorter: number }, Change>({
  headingId,
  title,
  relations,
  queryKey,
  relatedId,
  candidates,
  texts,
  addFields,
  addRelation,
  onAdded,
  updateRelation,
  sorterChange,
  removeRelation,
  columns,
}: RelationEditorProps<Row, Change>) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [picked, setPicked] = useState('')
  const [sorter, setSorter] = useState<number | string>('')
  const refresh = () => queryClient.invalidateQueries({ queryKey })
  const add = useMutation({
    mutationFn: () =>
      addRelation(
        Number(picked),
        typeof sorter === 'number' ? sorter : nextSorter(relations.data?.data ?? []),
      ),
    onSuccess: async () => {
      setPicked('')
      onAdded?.()
      setSorter('')
      await refresh()
    },
  })
  const update = useMutation({ mutationFn: updateRelation, onSuccess: refresh })
  const remove = useMutation({ mutationFn: removeRelation, onSuccess: refresh })
  const related = new Set((relations.data?.data ?? []).map(relatedId))
  const available = candidates.filter((candidate) => !related.has(candidate.id))
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        <RequestErrorAlert error={relations.error ?? add.error ?? update.error ?? remove.error} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (picked !== '') add.mutate()
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={texts.pick}
              value={picked}
              onChange={(event) => setPicked(event.currentTarget.value)}
              data={[
                { value: '', label: texts.choose },
                ...available.map((candidate) => ({
                  value: String(candidate.id),
                  label: candidate.label,
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
            {addFields}
            <Button type="submit" disabled={picked === ''} loading={add.isPending}>
              {texts.add}
            </Button>
          </Group>
        </form>
        <Table striped withTableBorder aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header}>{column.header}</Table.Th>
              ))}
              <Table.Th>{t('adminPimStores.field.sorter')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {relations.data?.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  <Text c="dimmed">{texts.empty}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {(relations.data?.data ?? []).map((row) => (
              <Table.Tr key={relatedId(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>
                    {column.cell(row, (change) => update.mutate(change))}
                  </Table.Td>
                ))}
                <Table.Td>
                  <NumberInput
                    aria-label={t('adminPimStores.relations.sorterOf', { name: row.name })}
                    defaultValue={row.sorter}
                    allowDecimal={false}
                    w={100}
                    onBlur={(event) => {
                      const value = Number(event.currentTarget.value)
                      if (Number.isInteger(value) && value !== row.sorter) {
                        update.mutate(sorterChange(row, value))
                      }
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={texts.remove(row.name)}
                    onClick={() => remove.mutate(relatedId(row))}
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
