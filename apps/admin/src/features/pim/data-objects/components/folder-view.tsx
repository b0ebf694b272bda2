import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { ObjectGrid } from '../../object-grid/components/object-grid.tsx'
import { useClasses } from '../api/classes-api.ts'
import {
  getTreeChildren,
  TREE_PAGE_SIZE,
  useFolderDetail,
  useTreeChildren,
} from '../api/objects-api.ts'
import { TreeIcon } from './tree-icon.tsx'

/**
 * The classes of the objects in a folder: its own children first; a folder of folders (Products →
 * brands) is looked into one level deeper, since that is where its objects are.
 */
function useClassesBelow(folderId: number) {
  return useQuery({
    queryKey: ['admin', 'objects', 'tree', folderId, 'classes-below'],
    queryFn: async () => {
      const found = new Set<string>()
      const children = await getTreeChildren(folderId, 0, 200)
      for (const node of children.nodes) if (node.classId !== null) found.add(node.classId)
      if (found.size === 0) {
        const folders = children.nodes.filter((node) => node.type === 'folder' && node.hasChildren)
        const nested = await Promise.all(
          folders.slice(0, 5).map((folder) => getTreeChildren(folder.id, 0, 50)),
        )
        for (const page of nested)
          for (const node of page.nodes) if (node.classId !== null) found.add(node.classId)
      }
      return [...found]
    },
  })
}

/** A folder: its children (paged, filterable) and the grid of the objects below it. */
export function FolderView({
  id,
  onOpen,
}: {
  id: number
  onOpen: (node: { id: number; type: 'folder' | 'object' | 'variant' }) => void
}) {
  const { t } = useTranslation()
  const folder = useFolderDetail(id)
  const [tab, setTab] = useState<string | null>('children')
  if (folder.isPending) return <ScreenLoader />
  if (folder.isError) return <RequestErrorAlert error={folder.error} />
  // The grid's tab text belongs to the grid's own catalogue section (its e2e names it so).
  const gridLabel = t('adminPimGrid.tab')
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="folder-view-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('adminPimObjects.type.folder')}
          </Text>
          <Title order={2} size="h3" id="folder-view-title">
            {folder.data.key === '' ? t('adminPimObjects.tree.root') : folder.data.key}
          </Title>
          <Text size="xs" c="dimmed">
            {folder.data.fullPath} · ID {folder.data.id} ·{' '}
            {t('adminPimObjects.folder.count', { count: folder.data.childrenCount })}
          </Text>
        </Stack>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="children">{t('adminPimObjects.folder.children')}</Tabs.Tab>
            <Tabs.Tab value="grid">{gridLabel}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="children" pt="md">
            <ChildrenList folderId={id} onOpen={onOpen} />
          </Tabs.Panel>
          <Tabs.Panel value="grid" pt="md">
            <FolderGrid folderId={id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  )
}

function ChildrenList({
  folderId,
  onOpen,
}: {
  folderId: number
  onOpen: (node: { id: number; type: 'folder' | 'object' | 'variant' }) => void
}) {
  const { t } = useTranslation()
  const [filter, setFilter] = useState('')
  const [debounced] = useDebouncedValue(filter, 300)
  const [pages, setPages] = useState(1)
  const children = useTreeChildren(folderId, debounced, pages)
  return (
    <Stack gap="sm">
      <TextInput
        size="xs"
        maw={320}
        label={t('adminPimObjects.tree.filterPlaceholder')}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      <RequestErrorAlert error={children.error} />
      {children.data !== undefined && (
        <>
          <Table striped highlightOnHover aria-label={t('adminPimObjects.folder.children')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminPimObjects.dialog.key')}</Table.Th>
                <Table.Th>{t('adminPimObjects.folder.typeColumn')}</Table.Th>
                <Table.Th>{t('adminPimObjects.variants.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {children.data.nodes.map((node) => (
                <Table.Tr key={node.id}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <TreeIcon type={node.type} />
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => onOpen(node)}
                      >
                        {node.key}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {node.className ?? node.classId ?? t(`adminPimObjects.type.${node.type}`)}
                  </Table.Td>
                  <Table.Td>
                    {node.type !== 'folder' && (
                      <Badge size="sm" variant="dot" color={node.published ? 'teal' : 'gray'}>
                        {node.published
                          ? t('adminPimObjects.status.published')
                          : t('adminPimObjects.status.unpublished')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {children.data.nodes.length < children.data.total && (
            <Group>
              <Button
                size="xs"
                variant="default"
                loading={children.isFetching}
                onClick={() => setPages(pages + 1)}
              >
                {t('adminPimObjects.tree.loadMore', {
                  shown: children.data.nodes.length,
                  total: children.data.total,
                })}
              </Button>
            </Group>
          )}
          {children.data.total === 0 && (
            <Text size="sm" c="dimmed">
              {t('adminPimObjects.tree.empty')}
            </Text>
          )}
        </>
      )}
      <Text size="xs" c="dimmed">
        {t('adminPimObjects.folder.pageSize', { size: TREE_PAGE_SIZE })}
      </Text>
    </Stack>
  )
}

function FolderGrid({ folderId }: { folderId: number }) {
  const { t } = useTranslation()
  const below = useClassesBelow(folderId)
  const classes = useClasses()
  const [chosen, setChosen] = useState<string | null>(null)
  if (below.isPending) return <ScreenLoader />
  const present = below.data ?? []
  const options = present.length > 0 ? present : (classes.data ?? []).map((entry) => entry.id)
  const classId = chosen ?? (present.includes('Product') ? 'Product' : (options[0] ?? null))
  const nameOf = (id: string) => classes.data?.find((entry) => entry.id === id)?.name ?? id
  return (
    <Stack gap="sm">
      {options.length > 1 && (
        <Select
          size="xs"
          maw={280}
          label={t('adminPimObjects.dialog.class')}
          data={options.map((id) => ({ value: id, label: nameOf(id) }))}
          value={classId}
          allowDeselect={false}
          onChange={setChosen}
        />
      )}
      {classId === null ? (
        <Text size="sm" c="dimmed">
          {t('adminPimObjects.folder.noObjects')}
        </Text>
      ) : (
        <ObjectGrid key={classId} folderId={folderId} classId={classId} />
      )}
    </Stack>
  )
}
