import {
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AssetNode } from '@optika/domain/pim/asset-api'
import { FileIcon, FolderIcon } from '../../../../components/icons.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { TablePager } from '../../../../components/table-pager.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import {
  TREE_PAGE_SIZE,
  useAssetChildren,
  useAssetGridPage,
  type GridSortColumn,
  type LibraryNode,
} from '../api/asset-library-api.ts'
import { readDroppedFiles } from '../api/use-uploads.ts'
import { formatBytes } from '../model/format-bytes.ts'

export type FolderViewMode = 'thumbnails' | 'list'

const GRID_PAGE_SIZE = 25
const THUMB_PAGE_SIZE = 60

interface FolderViewProps {
  folder: LibraryNode
  mode: FolderViewMode
  onModeChange: (mode: FolderViewMode) => void
  onOpen: (id: number) => void
  onUpload: (files: File[], folderId: number) => void
  /** The folder's own actions (add folder, upload, zip), shown above its content. */
  toolbar: ReactNode
}

/**
 * A folder's content, as thumbnails or as the column grid; files dropped anywhere on it upload
 * into it (the toolbar's upload button does the same from the keyboard).
 */
export function FolderView({
  folder,
  mode,
  onModeChange,
  onOpen,
  onUpload,
  toolbar,
}: FolderViewProps) {
  const { t } = useTranslation()
  const [dropping, setDropping] = useState(false)
  const name = folder.key === '' ? t('assetLibrary.tree.root') : folder.key
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="asset-folder-title"
      data-testid="asset-dropzone"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        if (!dropping) setDropping(true)
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false)
      }}
      onDrop={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        setDropping(false)
        void readDroppedFiles(event.dataTransfer).then((files) => {
          if (files.length > 0) onUpload(files, folder.id)
        })
      }}
      style={{
        outline: dropping ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: -4,
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" id="asset-folder-title" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {folder.fullPath}
            </Text>
          </div>
          <SegmentedControl
            size="xs"
            aria-label={t('assetLibrary.view.label')}
            value={mode}
            onChange={(value) => onModeChange(value === 'list' ? 'list' : 'thumbnails')}
            data={[
              { value: 'thumbnails', label: t('assetLibrary.view.thumbnails') },
              { value: 'list', label: t('assetLibrary.view.list') },
            ]}
          />
        </Group>
        {toolbar}
        <Text size="sm" c="dimmed">
          {dropping
            ? t('assetLibrary.upload.dropNow', { name })
            : t('assetLibrary.upload.dropHint')}
        </Text>
        {mode === 'thumbnails' ? (
          <ThumbnailGrid folder={folder} onOpen={onOpen} />
        ) : (
          <ColumnGrid folder={folder} onOpen={onOpen} />
        )}
      </Stack>
    </Paper>
  )
}

function ThumbnailGrid({ folder, onOpen }: { folder: AssetNode; onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  const [pages, setPages] = useState(1)
  // The tree's pages are 100 children; a thumbnail page is 60 of them.
  const children = useAssetChildren(
    folder.id,
    Math.ceil((pages * THUMB_PAGE_SIZE) / TREE_PAGE_SIZE),
  )
  if (children.data === undefined) {
    return children.error === null ? (
      <Loader size="sm" role="status" aria-label={t('admin.loading')} />
    ) : (
      <RequestErrorAlert error={children.error} />
    )
  }
  const { nodes, total } = children.data
  const shown = nodes.slice(0, pages * THUMB_PAGE_SIZE)
  if (nodes.length === 0) return <Text c="dimmed">{t('assetLibrary.folder.empty')}</Text>
  return (
    <Stack gap="sm">
      <SimpleGrid
        component="ul"
        cols={{ base: 2, xs: 3, sm: 4, lg: 6 }}
        spacing="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('assetLibrary.folder.contentOf', { name: folder.key || '/' })}
      >
        {shown.map((node) => (
          <li key={node.id}>
            <UnstyledButton
              onClick={() => onOpen(node.id)}
              data-asset={node.key}
              style={{ display: 'block', width: '100%', borderRadius: 6 }}
            >
              <Stack gap={4} align="center">
                <div
                  style={{
                    width: '100%',
                    aspectRatio: '1',
                    display: 'grid',
                    placeItems: 'center',
                    background: 'var(--mantine-color-gray-0)',
                    borderRadius: 6,
                    overflow: 'hidden',
                  }}
                >
                  {node.type === 'image' && node.thumbnail ? (
                    <img
                      src={node.thumbnail}
                      alt=""
                      loading="lazy"
                      style={{ width: '100%', height: '100%', objectFit: 'contain' }}
                    />
                  ) : node.type === 'folder' ? (
                    <FolderIcon size="2.5rem" aria-hidden />
                  ) : (
                    <FileIcon size="2.5rem" aria-hidden />
                  )}
                </div>
                <Text size="xs" ta="center" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
                  {node.key}
                </Text>
                <VisuallyHidden>{t(`assetLibrary.type.${node.type}`)}</VisuallyHidden>
              </Stack>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      {shown.length < total && (
        <Button variant="default" size="xs" onClick={() => setPages((current) => current + 1)}>
          {t('assetLibrary.folder.showMore', { shown: shown.length, total })}
        </Button>
      )}
    </Stack>
  )
}

const COLUMNS = [
  { key: 'key', label: 'assetLibrary.grid.name' },
  { key: 'type', label: 'assetLibrary.grid.type' },
  { key: 'size', label: 'assetLibrary.grid.size' },
  { key: 'modificationDate', label: 'assetLibrary.grid.modified' },
] as const satisfies readonly { key: GridSortColumn; label: string }[]

/** The folder's assets as the column grid (grid-proxy): sortable, paged, with subfolders or not. */
function ColumnGrid({ folder, onOpen }: { folder: AssetNode; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation()
  const formats = useFormats()
  const [page, setPage] = useState(1)
  const [withSubfolders, setWithSubfolders] = useState(false)
  const [sort, setSort] = useState<{ column: GridSortColumn; direction: 'asc' | 'desc' }>({
    column: 'key',
    direction: 'asc',
  })
  const grid = useAssetGridPage({
    folderId: folder.id,
    onlyDirectChildren: !withSubfolders,
    includeFolders: true,
    start: (page - 1) * GRID_PAGE_SIZE,
    limit: GRID_PAGE_SIZE,
    sort,
  })
  function sortBy(column: GridSortColumn) {
    setPage(1)
    setSort((current) => ({
      column,
      direction: current.column === column && current.direction === 'asc' ? 'desc' : 'asc',
    }))
  }
  return (
    <Stack gap="sm">
      <Checkbox
        label={t('assetLibrary.grid.withSubfolders')}
        checked={withSubfolders}
        onChange={(event) => {
          setPage(1)
          setWithSubfolders(event.currentTarget.checked)
        }}
      />
      <RequestErrorAlert error={grid.error} />
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover aria-busy={grid.isFetching}>
          <Table.Caption>
            {t('assetLibrary.grid.caption', { name: folder.key || '/' })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th
                  key={column.key}
                  aria-sort={
                    sort.column === column.key
                      ? sort.direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  <UnstyledButton fw={600} fz="sm" onClick={() => sortBy(column.key)}>
                    {t(column.label)}
                    {sort.column === column.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                  </UnstyledButton>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(grid.data?.rows ?? []).map((row) => {
              const name = row.key
              const modified = row.modificationDate
              return (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <UnstyledButton
                      fz="sm"
                      c="var(--mantine-primary-color-filled)"
                      onClick={() => onOpen(row.id)}
                      style={{ overflowWrap: 'anywhere', textDecoration: 'underline' }}
                    >
                      {withSubfolders ? row.fullpath : name}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>
                    {(['folder', 'image', 'document', 'video', 'other'] as const).includes(
                      row.type as 'folder',
                    )
                      ? t(`assetLibrary.type.${row.type as 'folder'}`)
                      : row.type}
                  </Table.Td>
                  <Table.Td>
                    {typeof row.size === 'number' ? formatBytes(row.size, i18n.language) : '—'}
                  </Table.Td>
                  <Table.Td>{formats.dateTime(modified)}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {grid.isPending && <Loader size="sm" role="status" aria-label={t('admin.loading')} />}
      {grid.data?.rows.length === 0 && <Text c="dimmed">{t('assetLibrary.folder.empty')}</Text>}
      <TablePager
        total={grid.data?.total ?? 0}
        pageSize={GRID_PAGE_SIZE}
        page={page}
        onChange={setPage}
      />
    </Stack>
  )
}
