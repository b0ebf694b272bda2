import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import {
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import {
  IdPathPagingInfoSchema,
  ObjectTreeNodeSchema,
  type ObjectTreeNode,
} from '@optika/domain/pim/object-api'
import {
  ChevronDownIcon,
  ChevronRightIcon,
  DotsIcon,
  LockIcon,
} from '../../../../components/icons.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { getJson } from '../../../../lib/api-client.ts'
import { useClasses, useCreatableClasses } from '../api/classes-api.ts'
import { TREE_PAGE_SIZE, useTreeChildren } from '../api/objects-api.ts'
import { treeKeyAction, type VisibleTreeItem } from '../../../../components/tree-keyboard.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { KeyDialog } from './key-dialog.tsx'
import { MoveDialog } from './move-dialog.tsx'
import { TreeIcon } from './tree-icon.tsx'
import { useTreeActions } from './use-tree-actions.ts'

const ROOT_ID = 1
const DRAG_TYPE = 'application/x-optika-object'

const ALL_RIGHTS = {
  list: true,
  view: true,
  save: true,
  publish: true,
  unpublish: true,
  delete: true,
  rename: true,
  create: true,
  versions: true,
  properties: true,
}

/** The root as the tree shows it when the server's answer is not at hand. */
const FALLBACK_ROOT: ObjectTreeNode = {
  id: ROOT_ID,
  parentId: null,
  key: '',
  path: '/',
  fullPath: '/',
  type: 'folder',
  classId: null,
  published: true,
  index: 0,
  hasChildren: true,
  permissions: ALL_RIGHTS,
}

type Dialog =
  | { kind: 'add'; what: 'folder' | 'object' | 'variant'; parent: ObjectTreeNode }
  | { kind: 'rename'; node: ObjectTreeNode }
  | { kind: 'move'; node: ObjectTreeNode }
  | { kind: 'delete'; node: ObjectTreeNode }

interface TreeState {
  selectedId: number | null
  focusedId: number
  expanded: ReadonlySet<number>
  /** How many pages of children each node shows. */
  pages: Readonly<Record<number, number>>
  filters: Readonly<Record<number, string>>
  clipboardId: number | null
  menuFor: number | null
  dragOverId: number | null
}

interface TreeApi {
  state: TreeState
  toggle: (id: number, open?: boolean) => void
  setFocused: (id: number) => void
  open: (node: ObjectTreeNode) => void
  openMenu: (id: number | null) => void
  showMore: (id: number) => void
  setFilter: (id: number, filter: string) => void
  /**
   * Where big folders' key filters render: above the tree, not in it (a tree may only hold
   * items and groups; a text field among them is invalid ARIA).
   */
  filterSlot: HTMLElement | null
  act: (action: NodeAction, node: ObjectTreeNode) => void
  drop: (targetId: number, event: DragEvent) => void
  setDragOver: (id: number | null) => void
}

type NodeAction =
  | 'open'
  | 'addObject'
  | 'addFolder'
  | 'addVariant'
  | 'rename'
  | 'copy'
  | 'paste'
  | 'move'
  | 'publish'
  | 'unpublish'
  | 'delete'
  | 'refresh'

export interface ObjectTreeProps {
  selectedId: number | null
  onOpen: (node: Pick<ObjectTreeNode, 'id' | 'type'>) => void
}

function nodeName(node: ObjectTreeNode, rootName: string): string {
  return node.id === ROOT_ID || node.key === '' ? rootName : node.key
}

/**
 * The id of a folder's "load more" item: negative, so it never meets an element's id. The item
 * is a tree item of its own, so the keyboard reaches it and the tree holds only items.
 */
function loadMoreId(parentId: number): number {
  return -parentId
}

/** Reads the tree's items as they are shown (rendered items are exactly the visible ones). */
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
 * The data-object tree (WAI-ARIA tree view): children load when a node opens, a page at a time,
 * with a key filter in big folders; arrows move and open, Enter opens the element, the context menu
 * (right click, the ⋯ button, Shift+F10) adds, renames, copies, pastes, moves, publishes and
 * deletes; dragging an element onto another moves it there.
 */
export function ObjectTree({ selectedId, onOpen }: ObjectTreeProps) {
  const { t } = useTranslation()
  const treeRef = useRef<HTMLUListElement>(null)
  const actions = useTreeActions()
  const creatable = useCreatableClasses()
  const root = useQuery({
    queryKey: ['admin', 'objects', 'tree', 'root'],
    queryFn: async () => ObjectTreeNodeSchema.parse(await getJson('/admin/object/tree-get-root')),
  })
  const rootNode = root.data ?? FALLBACK_ROOT
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([ROOT_ID]))
  const [pages, setPages] = useState<Record<number, number>>({})
  const [filters, setFilters] = useState<Record<number, string>>({})
  const [focusedId, setFocusedId] = useState<number>(selectedId ?? ROOT_ID)
  const [clipboardId, setClipboardId] = useState<number | null>(null)
  const [menuFor, setMenuFor] = useState<number | null>(null)
  const [dragOverId, setDragOverId] = useState<number | null>(null)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [actionError, setActionError] = useState<unknown>(null)
  const [filterSlot, setFilterSlot] = useState<HTMLElement | null>(null)

  // Reveals the selected element (a deeplink, a search hit): its ancestors open, on the right page.
  useEffect(() => {
    if (selectedId === null || selectedId === ROOT_ID) return
    let cancelled = false
    getJson(`/admin/object/get-id-path-paging-info?id=${selectedId}&limit=${TREE_PAGE_SIZE}`)
      .then((body) => {
        if (cancelled) return
        const { steps } = IdPathPagingInfoSchema.parse(body)
        setExpanded((current) => new Set([...current, ...steps.map((step) => step.parentId)]))
        setPages((current) => {
          const next = { ...current }
          for (const step of steps) {
            next[step.parentId] = Math.max(next[step.parentId] ?? 1, step.page + 1)
          }
          return next
        })
        setFocusedId(selectedId)
      })
      .catch(() => {
        // Revealing is a convenience: the editor still opens the element.
      })
    return () => {
      cancelled = true
    }
  }, [selectedId])

  // Opening an element changes the address, and the shell then focuses the screen's heading; an
  // element opened from the tree gives focus back to its item, so arrow keys keep working.
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
    state: {
      selectedId,
      focusedId,
      expanded,
      pages,
      filters,
      clipboardId,
      menuFor,
      dragOverId,
    },
    toggle: (id, open) =>
      setExpanded((current) => {
        const next = new Set(current)
        const shouldOpen = open ?? !current.has(id)
        if (shouldOpen) next.add(id)
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
    setFilter: (id, filter) => setFilters((current) => ({ ...current, [id]: filter })),
    filterSlot,
    setDragOver: setDragOverId,
    drop: (targetId, event) => {
      event.preventDefault()
      setDragOverId(null)
      const sourceId = Number(event.dataTransfer.getData(DRAG_TYPE))
      if (!Number.isInteger(sourceId) || sourceId <= 0 || sourceId === targetId) return
      setActionError(null)
      actions.update.mutate(
        { id: sourceId, parentId: targetId },
        {
          onSuccess: () => setExpanded((current) => new Set([...current, targetId])),
          onError: setActionError,
        },
      )
    },
    act: (action, node) => {
      setMenuFor(null)
      setActionError(null)
      switch (action) {
        case 'open':
          onOpen(node)
          return
        case 'addObject':
          setDialog({ kind: 'add', what: 'object', parent: node })
          return
        case 'addFolder':
          setDialog({ kind: 'add', what: 'folder', parent: node })
          return
        case 'addVariant':
          setDialog({ kind: 'add', what: 'variant', parent: node })
          return
        case 'rename':
          setDialog({ kind: 'rename', node })
          return
        case 'move':
          setDialog({ kind: 'move', node })
          return
        case 'delete':
          setDialog({ kind: 'delete', node })
          return
        case 'copy':
          setClipboardId(node.id)
          return
        case 'paste':
          if (clipboardId === null) return
          actions.copy.mutate(
            { sourceId: clipboardId, targetId: node.id },
            {
              onSuccess: () => setExpanded((current) => new Set([...current, node.id])),
              onError: setActionError,
            },
          )
          return
        case 'publish':
        case 'unpublish':
          actions.update.mutate(
            { id: node.id, published: action === 'publish' },
            { onError: setActionError },
          )
          return
        case 'refresh':
          void actions.refresh()
          return
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
      case 'open': {
        if (item.dataset.loadMore !== undefined) {
          api.showMore(Number(item.dataset.loadMore))
          return
        }
        const type = item.dataset.type as ObjectTreeNode['type']
        refocusId.current = action.id
        onOpen({ id: action.id, type })
        return
      }
    }
  }

  const classList = creatable ?? []
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="object-tree-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="object-tree-title">
            {t('adminPimObjects.tree.title')}
          </Title>
          <Button size="compact-xs" variant="subtle" onClick={() => void actions.refresh()}>
            {t('adminPimObjects.action.refresh')}
          </Button>
        </Group>
        <RequestErrorAlert error={actionError} />
        <div ref={setFilterSlot} style={{ display: 'contents' }} />
        <ul
          ref={treeRef}
          role="tree"
          aria-label={t('adminPimObjects.tree.label')}
          onKeyDown={onKeyDown}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          <TreeNodeItem node={rootNode} level={1} parentId={null} api={api} />
        </ul>
      </Stack>
      {dialog?.kind === 'add' && (
        <KeyDialog
          title={
            dialog.what === 'folder'
              ? t('adminPimObjects.action.addFolder')
              : dialog.what === 'variant'
                ? t('adminPimObjects.action.addVariant')
                : t('adminPimObjects.action.addObject')
          }
          submitLabel={t('admin.common.add')}
          {...(dialog.what === 'object' ? { classes: classList } : {})}
          pending={actions.add.isPending}
          error={actions.add.error}
          onClose={() => {
            actions.add.reset()
            setDialog(null)
          }}
          onSubmit={(key, classId) =>
            actions.add.mutate(
              {
                parentId: dialog.parent.id,
                key,
                kind: dialog.what,
                ...(classId === null ? {} : { classId }),
              },
              {
                onSuccess: (added) => {
                  setDialog(null)
                  setExpanded((current) => new Set([...current, dialog.parent.id]))
                  onOpen({ id: added.id, type: added.type })
                },
              },
            )
          }
        />
      )}
      {dialog?.kind === 'rename' && (
        <KeyDialog
          title={t('adminPimObjects.action.renameTitle', { name: dialog.node.key })}
          submitLabel={t('admin.common.rename')}
          initialKey={dialog.node.key}
          pending={actions.update.isPending}
          error={actions.update.error}
          onClose={() => {
            actions.update.reset()
            setDialog(null)
          }}
          onSubmit={(key) =>
            actions.update.mutate({ id: dialog.node.id, key }, { onSuccess: () => setDialog(null) })
          }
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          name={dialog.node.key}
          fullPath={dialog.node.fullPath}
          pending={actions.update.isPending}
          error={actions.update.error}
          onClose={() => {
            actions.update.reset()
            setDialog(null)
          }}
          onMove={(parentId) =>
            actions.update.mutate(
              { id: dialog.node.id, parentId },
              { onSuccess: () => setDialog(null) },
            )
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          id={dialog.node.id}
          name={dialog.node.key}
          pending={actions.remove.isPending}
          error={actions.remove.error}
          onClose={() => {
            actions.remove.reset()
            setDialog(null)
          }}
          onConfirm={() =>
            actions.remove.mutate(dialog.node, {
              onSuccess: () => {
                setDialog(null)
                if (selectedId === dialog.node.id) onOpen({ id: ROOT_ID, type: 'folder' })
              },
            })
          }
        />
      )}
    </Paper>
  )
}

function TreeNodeItem({
  node,
  level,
  parentId,
  api,
}: {
  node: ObjectTreeNode
  level: number
  parentId: number | null
  api: TreeApi
}) {
  const { t } = useTranslation()
  const classes = useClasses()
  const creatable = useCreatableClasses()
  const { state } = api
  const name = nodeName(node, t('adminPimObjects.tree.root'))
  const labelId = `object-tree-label-${node.id}`
  const expandable = node.hasChildren || node.id === ROOT_ID
  const expanded = expandable && state.expanded.has(node.id)
  const selected = state.selectedId === node.id
  const isRoot = node.id === ROOT_ID
  const allowVariants =
    node.type === 'object' &&
    classes.data?.find((entry) => entry.id === node.classId)?.allowVariants === true
  // Only classes the user may create objects of are offered (the server checks again).
  const mayCreateVariant =
    allowVariants &&
    (creatable === undefined || creatable.some((entry) => entry.id === node.classId))
  const mayCreateObject = creatable === undefined || creatable.length > 0
  const rights = node.permissions
  const typeLabel = t(`adminPimObjects.type.${node.type}`)
  const menuItems: { action: NodeAction; label: string; show: boolean; color?: string }[] = [
    { action: 'open', label: t('adminPimObjects.action.open'), show: true },
    {
      action: 'addObject',
      label: t('adminPimObjects.action.addObject'),
      show: rights.create && node.type !== 'variant' && mayCreateObject,
    },
    {
      action: 'addFolder',
      label: t('adminPimObjects.action.addFolder'),
      show: rights.create && node.type === 'folder',
    },
    {
      action: 'addVariant',
      label: t('adminPimObjects.action.addVariant'),
      show: rights.create && mayCreateVariant,
    },
    { action: 'rename', label: t('admin.common.rename'), show: rights.rename && !isRoot },
    { action: 'copy', label: t('admin.common.copy'), show: !isRoot },
    {
      action: 'paste',
      label: t('adminPimObjects.action.paste'),
      show: state.clipboardId !== null && rights.create,
    },
    { action: 'move', label: t('adminPimObjects.action.move'), show: rights.rename && !isRoot },
    {
      action: 'publish',
      label: t('adminPimObjects.action.publish'),
      show: node.type !== 'folder' && !node.published && rights.publish,
    },
    {
      action: 'unpublish',
      label: t('adminPimObjects.action.unpublish'),
      show: node.type !== 'folder' && node.published && rights.unpublish,
    },
    { action: 'refresh', label: t('adminPimObjects.action.refresh'), show: true },
    {
      action: 'delete',
      label: t('admin.common.delete'),
      show: rights.delete && !isRoot,
      color: 'red',
    },
  ]
  function onContextMenu(event: MouseEvent) {
    event.preventDefault()
    event.stopPropagation()
    api.openMenu(node.id)
  }
  const dragOver = state.dragOverId === node.id
  // The children follow the item instead of nesting in it, so the item's name stays its own label
  // (aria-level tells the depth, as the ARIA tree pattern allows).
  return (
    <>
      <li
        role="treeitem"
        aria-labelledby={labelId}
        aria-level={level}
        aria-selected={selected}
        aria-expanded={expandable ? expanded : undefined}
        tabIndex={state.focusedId === node.id ? 0 : -1}
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
          if (!event.dataTransfer.types.includes(DRAG_TYPE)) return
          event.preventDefault()
          event.stopPropagation()
          if (state.dragOverId !== node.id) api.setDragOver(node.id)
        }}
        onDragLeave={(event) => {
          event.stopPropagation()
          if (dragOver) api.setDragOver(null)
        }}
        onDrop={(event) => {
          event.stopPropagation()
          api.drop(node.id, event)
        }}
        onFocus={(event) => {
          if (event.target === event.currentTarget) api.setFocused(node.id)
        }}
        style={{ outlineOffset: -2 }}
      >
        <Group
          gap={4}
          wrap="nowrap"
          onContextMenu={onContextMenu}
          onClick={(event) => {
            event.stopPropagation()
            // Chromium does not focus a draggable element on mouse down: the item takes focus here.
            event.currentTarget.closest<HTMLElement>('[role="treeitem"]')?.focus()
            api.open(node)
            // Opening a folder also shows what is in it; closing stays with the chevron and Left.
            if (expandable && !expanded) api.toggle(node.id, true)
          }}
          style={{
            paddingLeft: `calc(${level - 1} * 0.9rem)`,
            borderRadius: 4,
            cursor: 'pointer',
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
          <TreeIcon type={node.type} />
          <Text
            id={labelId}
            size="sm"
            fs={node.type !== 'folder' && !node.published ? 'italic' : undefined}
            c={node.type !== 'folder' && !node.published ? 'dimmed' : undefined}
            truncate
            style={{ flex: 1, minWidth: 0 }}
          >
            {name}
          </Text>
          {node.type !== 'folder' && !node.published && (
            <Badge size="xs" variant="dot" color="gray" aria-hidden>
              {t('adminPimObjects.status.unpublished')}
            </Badge>
          )}
          {node.locked === true && (
            <span
              aria-hidden
              title={t('adminPimObjects.lock.lockedShort')}
              style={{ display: 'inline-flex' }}
            >
              <LockIcon size="0.95em" />
            </span>
          )}
          <Menu
            opened={state.menuFor === node.id}
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
                aria-label={t('adminPimObjects.tree.actionsFor', { name, type: typeLabel })}
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

function TreeChildren({
  parent,
  level,
  api,
}: {
  parent: ObjectTreeNode
  level: number
  api: TreeApi
}) {
  const { t } = useTranslation()
  const pages = api.state.pages[parent.id] ?? 1
  const filter = api.state.filters[parent.id] ?? ''
  const [debouncedFilter] = useDebouncedValue(filter, 300)
  const children = useTreeChildren(parent.id, debouncedFilter, pages)
  // "Load more" chosen from its item hands focus to the first item it brought (the item itself
  // goes once everything is shown); `pagesAtFocus` is the page count when the item took focus.
  const onLoadMore = api.state.focusedId === loadMoreId(parent.id)
  const pagesAtFocus = useRef(pages)
  const loadedNodes = children.data?.nodes
  useEffect(() => {
    if (!onLoadMore) {
      pagesAtFocus.current = pages
      return
    }
    const firstLoaded = loadedNodes?.[pagesAtFocus.current * TREE_PAGE_SIZE]
    if (pages === pagesAtFocus.current || children.isFetching || firstLoaded === undefined) return
    pagesAtFocus.current = pages
    api.setFocused(firstLoaded.id)
    document.querySelector<HTMLElement>(`[role="treeitem"][data-id="${firstLoaded.id}"]`)?.focus()
  })
  let body: ReactNode
  if (children.isPending) {
    body = (
      <li role="none">
        <Loader size="xs" m="xs" role="status" aria-label={t('admin.loading')} />
      </li>
    )
  } else if (children.isError) {
    body = (
      <li role="none">
        <Text c="red" size="sm">
          {t('admin.form.requestFailed')}
        </Text>
      </li>
    )
  } else {
    const { nodes, total } = children.data
    const big = total > TREE_PAGE_SIZE || filter !== ''
    body = (
      <>
        {big &&
          api.filterSlot !== null &&
          createPortal(
            <TextInput
              size="xs"
              label={t('adminPimObjects.tree.filter', { name: parent.key || '/' })}
              placeholder={t('adminPimObjects.tree.filterPlaceholder')}
              value={filter}
              onChange={(event) => api.setFilter(parent.id, event.currentTarget.value)}
            />,
            api.filterSlot,
          )}
        {nodes.map((node) => (
          <TreeNodeItem key={node.id} node={node} level={level} parentId={parent.id} api={api} />
        ))}
        {nodes.length === 0 && (
          <li role="none">
            <Text c="dimmed" size="xs" pl={`calc(${level - 1} * 0.9rem + 1.25rem)`}>
              {t('adminPimObjects.tree.empty')}
            </Text>
          </li>
        )}
        {nodes.length < total && (
          <li
            role="treeitem"
            aria-level={level}
            aria-selected={false}
            aria-busy={children.isFetching}
            tabIndex={api.state.focusedId === loadMoreId(parent.id) ? 0 : -1}
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
              borderRadius: 4,
            }}
          >
            <Text size="xs" fw={500} c="var(--mantine-primary-color-filled)">
              {t('adminPimObjects.tree.loadMore', { shown: nodes.length, total })}
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
