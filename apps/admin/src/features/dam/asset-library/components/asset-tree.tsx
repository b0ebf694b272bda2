import { ActionIcon, Button, Group, Loader, Menu, Paper, Stack, Text, Title } from '@mantine/core'
import {
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import type { LibraryNode as AssetNode } from '../api/asset-library-api.ts'
import {
  ChevronDownIcon,
  ChevronRightIcon,
  DotsIcon,
  FileIcon,
  FolderIcon,
  LockIcon,
} from '../../../../components/icons.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { treeKeyAction, type VisibleTreeItem } from '../../../../components/tree-keyboard.ts'
import {
  ROOT_ID,
  TREE_PAGE_SIZE,
  useAssetChildren,
  useAssetRoot,
} from '../api/asset-library-api.ts'
import { readDroppedFiles } from '../api/use-uploads.ts'

/** What the tree's context menu offers on an asset. */
export type AssetAction =
  | 'open'
  | 'addFolder'
  | 'upload'
  | 'rename'
  | 'copy'
  | 'paste'
  | 'downloadZip'
  | 'refresh'
  | 'delete'

const DRAG_TYPE = 'application/x-optika-asset'

/** The root as the tree shows it before the server answers. */
const FALLBACK_ROOT: AssetNode = {
  id: ROOT_ID,
  parentId: null,
  type: 'folder',
  key: '',
  path: '/',
  fullPath: '/',
  mimeType: null,
  size: null,
  width: null,
  height: null,
  thumbnail: null,
  hasChildren: true,
  modificationDate: '',
  locked: false,
  permissions: {
    list: true,
    view: true,
    publish: true,
    delete: true,
    rename: true,
    create: true,
    settings: true,
    versions: true,
    properties: true,
  },
}

export interface AssetTreeProps {
  selectedId: number | null
  /** Whether something was copied: the menu then offers to paste it. */
  canPaste: boolean
  onOpen: (node: AssetNode) => void
  onAction: (action: AssetAction, node: AssetNode) => void
  /** An asset dragged onto a folder. */
  onMove: (sourceId: number, targetId: number) => void
  /** Files from the computer dropped onto a folder. */
  onDropFiles: (files: File[], folderId: number) => void
  /** A folder to open (after adding or pasting into it). */
  revealId: number | null
  error: unknown
  busy: ReactNode
}

interface TreeApi {
  selectedId: number | null
  focusedId: number
  expanded: ReadonlySet<number>
  pages: Readonly<Record<number, number>>
  menuFor: number | null
  dragOverId: number | null
  canPaste: boolean
  toggle: (id: number, open?: boolean) => void
  setFocused: (id: number) => void
  open: (node: AssetNode) => void
  openMenu: (id: number | null) => void
  showMore: (id: number) => void
  act: (action: AssetAction, node: AssetNode) => void
  setDragOver: (id: number | null) => void
  drop: (target: AssetNode, event: DragEvent) => void
}

function loadMoreId(parentId: number): number {
  return -parentId
}

function readVisibleItems(tree: HTMLElement | null): VisibleTreeItem[] {
  if (tree === null) return []
  return [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')].map((element) => ({
    id: Number(element.dataset.id),
    parentId: element.dataset.parent === undefined ? null : Number(element.dataset.parent),
    expandable: element.hasAttribute('aria-expanded'),
    expanded: element.getAttribute('aria-expanded') === 'true',
  }))
}

function focusItem(tree: HTMLElement | null, id: number): void {
  tree?.querySelector<HTMLElement>(`[role="treeitem"][data-id="${id}"]`)?.focus()
}

/**
 * The asset tree (WAI-ARIA tree view): a folder's children load when it opens, a page at a time;
 * arrows move and open, Enter opens the asset, the context menu (right click, the ⋯ button,
 * Shift+F10) adds folders, uploads, renames, copies, pastes, zips and deletes; dragging an asset
 * onto a folder moves it there, and files dragged in from the computer upload into it.
 */
export function AssetTree(props: AssetTreeProps) {
  const { selectedId, onOpen, onAction, onMove, onDropFiles, revealId } = props
  const { t } = useTranslation()
  const treeRef = useRef<HTMLUListElement>(null)
  const root = useAssetRoot()
  const rootNode = root.data ?? FALLBACK_ROOT
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([ROOT_ID]))
  const [pages, setPages] = useState<Record<number, number>>({})
  const [focusedId, setFocusedId] = useState<number>(selectedId ?? ROOT_ID)
  const [menuFor, setMenuFor] = useState<number | null>(null)
  const [dragOverId, setDragOverId] = useState<number | null>(null)

  // A folder something was just added to or pasted into opens (adjusted while rendering).
  const [revealed, setRevealed] = useState<number | null>(null)
  if (revealId !== revealed) {
    setRevealed(revealId)
    if (revealId !== null) setExpanded((current) => new Set([...current, revealId]))
  }

  // Opening an asset changes the address, and the shell then focuses the screen's heading; an
  // asset opened from the tree gives focus back to its item, so arrow keys keep working.
  const refocusId = useRef<number | null>(null)
  useEffect(() => {
    const id = refocusId.current
    if (id === null || id !== selectedId) return
    refocusId.current = null
    const timer = setTimeout(() => focusItem(treeRef.current, id), 0)
    return () => clearTimeout(timer)
  }, [selectedId])

  // Roving focus needs one reachable item: when the remembered one is hidden, the root takes it.
  useEffect(() => {
    if (treeRef.current?.querySelector('[role="treeitem"][tabindex="0"]') === null) {
      setFocusedId(ROOT_ID)
    }
  }, [focusedId, expanded])

  const api: TreeApi = {
    selectedId,
    focusedId,
    expanded,
    pages,
    menuFor,
    dragOverId,
    canPaste: props.canPaste,
    toggle: (id, open) =>
      setExpanded((current) => {
        const next = new Set(current)
        if (open ?? !current.has(id)) next.add(id)
        else next.delete(id)
        return next
      }),
    setFocused: setFocusedId,
    open: (node) => {
      setFocusedId(node.id)
      refocusId.current = node.id
      onOpen(node)
    },
    openMenu: setMenuFor,
    showMore: (id) => setPages((current) => ({ ...current, [id]: (current[id] ?? 1) + 1 })),
    act: (action, node) => {
      setMenuFor(null)
      onAction(action, node)
    },
    setDragOver: setDragOverId,
    drop: (target, event) => {
      event.preventDefault()
      setDragOverId(null)
      if (event.dataTransfer.types.includes(DRAG_TYPE)) {
        const sourceId = Number(event.dataTransfer.getData(DRAG_TYPE))
        if (!Number.isInteger(sourceId) || sourceId <= 0 || sourceId === target.id) return
        onMove(sourceId, target.id)
        setExpanded((current) => new Set([...current, target.id]))
        return
      }
      if (event.dataTransfer.types.includes('Files')) {
        void readDroppedFiles(event.dataTransfer).then((files) => {
          if (files.length > 0) onDropFiles(files, target.id)
        })
      }
    },
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')
    if (item === null || item !== event.target) return
    const id = Number(item.dataset.id)
    if ((event.shiftKey && event.key === 'F10') || event.key === 'ContextMenu') {
      event.preventDefault()
      setMenuFor(id)
      return
    }
    const action = treeKeyAction(event.key, readVisibleItems(treeRef.current), id)
    if (action.kind === 'none') return
    event.preventDefault()
    switch (action.kind) {
      case 'focus':
        setFocusedId(action.id)
        focusItem(treeRef.current, action.id)
        return
      case 'expand':
        api.toggle(action.id, true)
        return
      case 'collapse':
        api.toggle(action.id, false)
        return
      case 'open':
        if (item.dataset.loadMore !== undefined) api.showMore(Number(item.dataset.loadMore))
        else item.querySelector<HTMLElement>('[data-open]')?.click()
        return
    }
  }

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="asset-tree-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="asset-tree-title">
            {t('assetLibrary.tree.title')}
          </Title>
          <Button size="compact-xs" variant="subtle" onClick={() => api.act('refresh', rootNode)}>
            {t('assetLibrary.action.refresh')}
          </Button>
        </Group>
        <RequestErrorAlert error={props.error} />
        {props.busy}
        <ul
          ref={treeRef}
          role="tree"
          aria-label={t('assetLibrary.tree.label')}
          onKeyDown={onKeyDown}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          <TreeNodeItem node={rootNode} level={1} parentId={null} api={api} />
        </ul>
      </Stack>
    </Paper>
  )
}

function TreeNodeItem({
  node,
  level,
  parentId,
  api,
}: {
  node: AssetNode
  level: number
  parentId: number | null
  api: TreeApi
}) {
  const { t } = useTranslation()
  const isRoot = node.id === ROOT_ID
  const isFolder = node.type === 'folder'
  const name = isRoot || node.key === '' ? t('assetLibrary.tree.root') : node.key
  const labelId = `asset-tree-label-${node.id}`
  const expandable = isFolder && (node.hasChildren || isRoot)
  const expanded = expandable && api.expanded.has(node.id)
  const selected = api.selectedId === node.id
  const may = (right: keyof AssetNode['permissions']) => node.permissions[right]
  const menuItems: { action: AssetAction; label: string; show: boolean; color?: string }[] = [
    { action: 'open', label: t('assetLibrary.action.open'), show: true },
    {
      action: 'addFolder',
      label: t('assetLibrary.action.addFolder'),
      show: isFolder && may('create'),
    },
    { action: 'upload', label: t('assetLibrary.action.upload'), show: isFolder && may('create') },
    { action: 'rename', label: t('admin.common.rename'), show: !isRoot && may('rename') },
    { action: 'copy', label: t('admin.common.copy'), show: !isRoot },
    {
      action: 'paste',
      label: t('assetLibrary.action.paste'),
      show: isFolder && api.canPaste && may('create'),
    },
    { action: 'downloadZip', label: t('assetLibrary.action.downloadZip'), show: isFolder },
    { action: 'refresh', label: t('assetLibrary.action.refresh'), show: isFolder },
    {
      action: 'delete',
      label: t('admin.common.delete'),
      show: !isRoot && may('delete'),
      color: 'red',
    },
  ]
  const dragOver = api.dragOverId === node.id
  const typeLabel = t(`assetLibrary.type.${node.type}`)
  return (
    <>
      <li
        role="treeitem"
        aria-labelledby={labelId}
        aria-level={level}
        aria-selected={selected}
        aria-expanded={expandable ? expanded : undefined}
        tabIndex={api.focusedId === node.id ? 0 : -1}
        data-id={node.id}
        data-type={node.type}
        {...(parentId === null ? {} : { 'data-parent': parentId })}
        draggable={!isRoot}
        onDragStart={(event) => {
          event.stopPropagation()
          event.dataTransfer.setData(DRAG_TYPE, String(node.id))
          event.dataTransfer.effectAllowed = 'move'
        }}
        onDragOver={(event) => {
          if (!isFolder) return
          const types = event.dataTransfer.types
          if (!types.includes(DRAG_TYPE) && !types.includes('Files')) return
          event.preventDefault()
          event.stopPropagation()
          if (api.dragOverId !== node.id) api.setDragOver(node.id)
        }}
        onDragLeave={(event) => {
          event.stopPropagation()
          if (dragOver) api.setDragOver(null)
        }}
        onDrop={(event) => {
          if (!isFolder) return
          event.stopPropagation()
          api.drop(node, event)
        }}
        onFocus={(event) => {
          if (event.target === event.currentTarget) api.setFocused(node.id)
        }}
        style={{ outlineOffset: -2 }}
      >
        <Group
          gap={4}
          wrap="nowrap"
          data-open
          onContextMenu={(event) => {
            event.preventDefault()
            event.stopPropagation()
            api.openMenu(node.id)
          }}
          onClick={(event) => {
            event.stopPropagation()
            event.currentTarget.closest<HTMLElement>('[role="treeitem"]')?.focus()
            api.open(node)
            if (expandable && !expanded) api.toggle(node.id, true)
          }}
          style={{
            paddingLeft: `calc(${level - 1} * 0.9rem)`,
            borderRadius: 4,
            cursor: 'pointer',
            minHeight: 28,
            background: selected
              ? 'var(--mantine-primary-color-light)'
              : dragOver
                ? 'var(--mantine-color-gray-1)'
                : undefined,
            outline: dragOver ? '1px dashed var(--mantine-primary-color-filled)' : undefined,
          }}
        >
          <span
            aria-hidden
            onClick={(event) => {
              event.stopPropagation()
              if (expandable) api.toggle(node.id)
            }}
            style={{ width: '1rem', textAlign: 'center', flex: 'none', userSelect: 'none' }}
          >
            {expandable ? (
              expanded ? (
                <ChevronDownIcon size="0.9em" />
              ) : (
                <ChevronRightIcon size="0.9em" />
              )
            ) : null}
          </span>
          <AssetTreeIcon node={node} />
          <Text id={labelId} size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
            {name}
          </Text>
          {node.locked && (
            <span
              aria-hidden
              title={t('assetLibrary.tree.locked')}
              style={{ display: 'inline-flex' }}
            >
              <LockIcon size="0.95em" />
            </span>
          )}
          <Menu
            opened={api.menuFor === node.id}
            onChange={(opened) => api.openMenu(opened ? node.id : null)}
            position="bottom-end"
            withinPortal
          >
            <Menu.Target>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                tabIndex={-1}
                aria-label={t('assetLibrary.tree.actionsFor', { name, type: typeLabel })}
                onClick={(event) => event.stopPropagation()}
              >
                <DotsIcon size="1.1em" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {menuItems
                .filter((item) => item.show)
                .map((item) => (
                  <Menu.Item
                    key={item.action}
                    color={item.color}
                    onClick={(event) => {
                      event.stopPropagation()
                      api.act(item.action, node)
                    }}
                  >
                    {item.label}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </li>
      {expanded && (
        <li role="none">
          <TreeChildren parent={node} level={level + 1} api={api} />
        </li>
      )}
    </>
  )
}

/** A folder or file symbol; an image shows its own small thumbnail. */
function AssetTreeIcon({ node }: { node: AssetNode }) {
  if (node.type === 'folder') return <FolderIcon size="1em" aria-hidden />
  if (node.type === 'image' && node.thumbnail) {
    return (
      <img
        src={node.thumbnail}
        alt=""
        width={16}
        height={16}
        loading="lazy"
        style={{ objectFit: 'cover', borderRadius: 2, flex: 'none' }}
      />
    )
  }
  return <FileIcon size="1em" aria-hidden />
}

function TreeChildren({ parent, level, api }: { parent: AssetNode; level: number; api: TreeApi }) {
  const { t } = useTranslation()
  const pages = api.pages[parent.id] ?? 1
  const children = useAssetChildren(parent.id, pages)
  let body: ReactNode
  if (children.data === undefined && children.error === null) {
    body = (
      <li role="none">
        <Loader size="xs" m="xs" role="status" aria-label={t('admin.loading')} />
      </li>
    )
  } else if (children.data === undefined) {
    body = (
      <li role="none">
        <Text c="red" size="sm">
          {t('admin.form.requestFailed')}
        </Text>
      </li>
    )
  } else {
    const { nodes, total } = children.data
    body = (
      <>
        {nodes.map((node) => (
          <TreeNodeItem key={node.id} node={node} level={level} parentId={parent.id} api={api} />
        ))}
        {nodes.length === 0 && (
          <li role="none">
            <Text c="dimmed" size="xs" pl={`calc(${level - 1} * 0.9rem + 1.25rem)`}>
              {t('assetLibrary.tree.empty')}
            </Text>
          </li>
        )}
        {nodes.length < total && (
          <li
            role="treeitem"
            aria-level={level}
            aria-selected={false}
            aria-busy={children.isFetching}
            tabIndex={api.focusedId === loadMoreId(parent.id) ? 0 : -1}
            data-id={loadMoreId(parent.id)}
            data-parent={parent.id}
            data-load-more={parent.id}
            onClick={(event) => {
              event.stopPropagation()
              api.setFocused(loadMoreId(parent.id))
              api.showMore(parent.id)
            }}
            onFocus={(event) => {
              if (event.target === event.currentTarget) api.setFocused(loadMoreId(parent.id))
            }}
            style={{
              paddingLeft: `calc(${level - 1} * 0.9rem + 1.25rem)`,
              cursor: 'pointer',
              outlineOffset: -2,
            }}
          >
            <Text size="xs" fw={500} c="var(--mantine-primary-color-filled)">
              {t('assetLibrary.tree.loadMore', {
                shown: nodes.length,
                total,
                page: TREE_PAGE_SIZE,
              })}
            </Text>
          </li>
        )}
      </>
    )
  }
  return (
    <ul role="group" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {body}
    </ul>
  )
}
