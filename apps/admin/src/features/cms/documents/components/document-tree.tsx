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
  Title,
} from '@mantine/core'
import {
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import type { DocumentType } from '@optika/domain/cms/document-api'
import type { DocumentNode } from '@optika/domain/cms/document-tree-api'
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
  useDocumentChildren,
  useDocumentRoot,
} from '../api/documents-api.ts'
import {
  canHoldChildren,
  documentMove,
  dropPlace,
  type DocumentMove,
  type DropPlace,
} from '../model/drop-target.ts'

/** What the tree's context menu offers on a document. */
export type DocumentAction =
  | 'open'
  | { add: DocumentType }
  | 'rename'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'moveUp'
  | 'moveDown'
  | 'translations'
  | 'site'
  | 'storefront'
  | 'refresh'
  | 'delete'

const DRAG_TYPE = 'application/x-optika-document'

/** The order Pimcore's "add" menu lists the types in. */
const ADDABLE_TYPES: readonly DocumentType[] = [
  'page',
  'snippet',
  'email',
  'link',
  'hardlink',
  'folder',
]

const FULL_RIGHTS: DocumentNode['permissions'] = {
  list: true,
  view: true,
  save: true,
  publish: true,
  unpublish: true,
  delete: true,
  rename: true,
  create: true,
  settings: true,
  versions: true,
  properties: true,
}

/** The root as the tree shows it before the server answers. */
const FALLBACK_ROOT: DocumentNode = {
  id: ROOT_ID,
  parentId: null,
  key: '',
  path: '/',
  type: 'folder',
  published: true,
  index: 0,
  language: null,
  hasChildren: true,
  locked: false,
  permissions: FULL_RIGHTS,
  template: null,
}

/** A document in the tree with where it stands among its siblings. */
export interface PlacedDocument {
  node: DocumentNode
  /** Its position among its siblings (0 = first) and how many siblings there are. */
  position: number
  siblings: number
}

export interface DocumentTreeProps {
  selectedId: number | null
  /** Whether something was copied or cut: the menu then offers to paste it. */
  canPaste: boolean
  onOpen: (node: DocumentNode) => void
  onAction: (action: DocumentAction, placed: PlacedDocument) => void
  /** A document dragged onto another: the move it asks for. */
  onMove: (move: DocumentMove) => void
  /** A document to open (after adding or pasting into it). */
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
  drop: { id: number; place: DropPlace } | null
  canPaste: boolean
  toggle: (id: number, open?: boolean) => void
  setFocused: (id: number) => void
  open: (node: DocumentNode) => void
  openMenu: (id: number | null) => void
  showMore: (id: number) => void
  act: (action: DocumentAction, placed: PlacedDocument) => void
  setDrop: (drop: { id: number; place: DropPlace } | null) => void
  dropOn: (target: PlacedDocument, place: DropPlace, event: DragEvent) => void
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

/** The data a drag carries: the document and where it stood, so a reorder can count the gap. */
function dragData(placed: PlacedDocument): string {
  return JSON.stringify({
    id: placed.node.id,
    parentId: placed.node.parentId,
    position: placed.position,
  })
}

function readDragData(
  raw: string,
): { id: number; parentId: number | null; position: number } | null {
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return null
    const { id, parentId, position } = value as Record<string, unknown>
    if (typeof id !== 'number' || typeof position !== 'number') return null
    return { id, parentId: typeof parentId === 'number' ? parentId : null, position }
  } catch {
    return null
  }
}

/**
 * The document tree (WAI-ARIA tree view): a document's children load when it opens, a page at
 * a time, in their order; arrows move and open, Enter opens the document, the context menu
 * (right click, the ⋯ button, Shift+F10) adds, renames, copies, cuts, pastes, moves up and down,
 * deletes and opens on the storefront; dragging a document onto the top or bottom edge of another
 * puts it before or after it, onto its middle inside it.
 */
export function DocumentTree(props: DocumentTreeProps) {
  const { selectedId, onOpen, onAction, onMove, revealId } = props
  const { t } = useTranslation()
  const treeRef = useRef<HTMLUListElement>(null)
  const root = useDocumentRoot()
  const rootNode = root.data ?? FALLBACK_ROOT
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([ROOT_ID]))
  const [pages, setPages] = useState<Record<number, number>>({})
  const [focusedId, setFocusedId] = useState<number>(selectedId ?? ROOT_ID)
  const [menuFor, setMenuFor] = useState<number | null>(null)
  const [drop, setDrop] = useState<{ id: number; place: DropPlace } | null>(null)

  // A document something was just added to or pasted into opens (adjusted while rendering).
  const [revealed, setRevealed] = useState<number | null>(null)
  if (revealId !== revealed) {
    setRevealed(revealId)
    if (revealId !== null) setExpanded((current) => new Set([...current, revealId]))
  }

  // Opening a document changes the address and the shell focuses the heading; a document opened
  // from the tree gives focus back to its item, so arrow keys keep working.
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
    drop,
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
    act: (action, placed) => {
      setMenuFor(null)
      onAction(action, placed)
    },
    setDrop,
    dropOn: (target, place, event) => {
      event.preventDefault()
      setDrop(null)
      const source = readDragData(event.dataTransfer.getData(DRAG_TYPE))
      if (source === null) return
      const move = documentMove(
        source.id,
        source,
        {
          id: target.node.id,
          parentId: target.node.parentId,
          position: target.position,
          type: target.node.type,
        },
        place,
      )
      if (move === null) return
      onMove(move)
      setExpanded((current) => new Set([...current, move.parentId]))
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

  const rootPlaced: PlacedDocument = { node: rootNode, position: 0, siblings: 1 }
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="document-tree-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="document-tree-title">
            {t('cmsAdminTree.tree.title')}
          </Title>
          <Button size="compact-xs" variant="subtle" onClick={() => api.act('refresh', rootPlaced)}>
            {t('cmsAdminTree.action.refresh')}
          </Button>
        </Group>
        <RequestErrorAlert error={props.error} />
        {props.busy}
        <ul
          ref={treeRef}
          role="tree"
          aria-label={t('cmsAdminTree.tree.label')}
          onKeyDown={onKeyDown}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          <TreeNodeItem placed={rootPlaced} level={1} api={api} />
        </ul>
      </Stack>
    </Paper>
  )
}

function TreeNodeItem({
  placed,
  level,
  api,
}: {
  placed: PlacedDocument
  level: number
  api: TreeApi
}) {
  const { t } = useTranslation()
  const { node } = placed
  const isRoot = node.id === ROOT_ID
  const name = isRoot ? t('cmsAdminTree.tree.root') : node.key
  const labelId = `document-tree-label-${node.id}`
  const expandable = canHoldChildren(node.type) && (node.hasChildren || isRoot)
  const expanded = expandable && api.expanded.has(node.id)
  const selected = api.selectedId === node.id
  const may = (right: keyof DocumentNode['permissions']) => node.permissions[right]
  const holds = canHoldChildren(node.type) && may('create')
  const typeLabel = t(`cmsAdminTree.type.${node.type}`)
  const menuItems: {
    action: DocumentAction
    key: string
    label: string
    show: boolean
    color?: string
  }[] = [
    { action: 'open', key: 'open', label: t('cmsAdminTree.action.open'), show: true },
    ...ADDABLE_TYPES.map((type) => ({
      action: { add: type },
      key: `add-${type}`,
      label: t(`cmsAdminTree.action.add.${type}`),
      show: holds,
    })),
    {
      action: 'rename',
      key: 'rename',
      label: t('admin.common.rename'),
      show: !isRoot && may('rename'),
    },
    { action: 'copy', key: 'copy', label: t('admin.common.copy'), show: !isRoot },
    {
      action: 'cut',
      key: 'cut',
      label: t('cmsAdminTree.action.cut'),
      show: !isRoot && may('rename'),
    },
    {
      action: 'paste',
      key: 'paste',
      label: t('cmsAdminTree.action.paste'),
      show: holds && api.canPaste,
    },
    {
      action: 'moveUp',
      key: 'moveUp',
      label: t('cmsAdminTree.action.moveUp'),
      show: !isRoot && may('rename') && placed.position > 0,
    },
    {
      action: 'moveDown',
      key: 'moveDown',
      label: t('cmsAdminTree.action.moveDown'),
      show: !isRoot && may('rename') && placed.position < placed.siblings - 1,
    },
    {
      action: 'translations',
      key: 'translations',
      label: t('cmsAdminTree.action.translations'),
      show: !isRoot && node.type !== 'folder',
    },
    {
      action: 'site',
      key: 'site',
      label: t('cmsAdminTree.action.site'),
      show: !isRoot && (node.type === 'page' || node.type === 'hardlink') && may('settings'),
    },
    {
      action: 'storefront',
      key: 'storefront',
      label: t('cmsAdminTree.action.storefront'),
      show: node.type === 'page' || node.type === 'link' || node.type === 'hardlink',
    },
    {
      action: 'refresh',
      key: 'refresh',
      label: t('cmsAdminTree.action.refresh'),
      show: expandable,
    },
    {
      action: 'delete',
      key: 'delete',
      label: t('admin.common.delete'),
      show: !isRoot && may('delete'),
      color: 'red',
    },
  ]
  const dropHere = api.drop?.id === node.id ? api.drop.place : null
  const status = [
    node.published ? null : t('cmsAdminTree.tree.unpublished'),
    node.siteId === undefined ? null : t('cmsAdminTree.tree.site'),
    node.language !== null && node.parentId === ROOT_ID ? node.language.toUpperCase() : null,
  ].filter((part): part is string => part !== null)
  return (
    <>
      <li
        role="treeitem"
        aria-labelledby={labelId}
        aria-level={level}
        aria-selected={selected}
        aria-expanded={expandable ? expanded : undefined}
        aria-posinset={placed.position + 1}
        aria-setsize={placed.siblings}
        tabIndex={api.focusedId === node.id ? 0 : -1}
        data-id={node.id}
        data-type={node.type}
        data-path={node.path}
        {...(node.parentId === null ? {} : { 'data-parent': node.parentId })}
        draggable={!isRoot && may('rename')}
        onDragStart={(event) => {
          event.stopPropagation()
          event.dataTransfer.setData(DRAG_TYPE, dragData(placed))
          event.dataTransfer.effectAllowed = 'move'
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes(DRAG_TYPE)) return
          event.preventDefault()
          event.stopPropagation()
          const row = event.currentTarget.firstElementChild?.getBoundingClientRect()
          if (row === undefined) return
          const place = isRoot
            ? 'inside'
            : dropPlace(event.clientY - row.top, row.height, node.type)
          if (api.drop?.id !== node.id || api.drop.place !== place) {
            api.setDrop({ id: node.id, place })
          }
        }}
        onDragLeave={(event) => {
          event.stopPropagation()
          if (dropHere !== null) api.setDrop(null)
        }}
        onDrop={(event) => {
          event.stopPropagation()
          api.dropOn(placed, dropHere ?? 'inside', event)
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
          data-drop={dropHere ?? undefined}
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
              : dropHere === 'inside'
                ? 'var(--mantine-color-gray-1)'
                : undefined,
            outline:
              dropHere === 'inside' ? '1px dashed var(--mantine-primary-color-filled)' : undefined,
            boxShadow:
              dropHere === 'before'
                ? 'inset 0 2px 0 var(--mantine-primary-color-filled)'
                : dropHere === 'after'
                  ? 'inset 0 -2px 0 var(--mantine-primary-color-filled)'
                  : undefined,
            opacity: node.published || isRoot ? 1 : 0.7,
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
          {node.type === 'folder' ? (
            <FolderIcon size="1em" aria-hidden />
          ) : (
            <FileIcon size="1em" aria-hidden />
          )}
          {/* The name and its state are the item's name together; axe reads the text of the item's
              blocks run together unless a space stands between them. */}
          <Group id={labelId} gap={4} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
            <Text
              size="sm"
              truncate
              style={{
                minWidth: 0,
                fontStyle: node.published || isRoot ? undefined : 'italic',
              }}
            >
              {name}
            </Text>
            {status.length > 0 && ' '}
            {status.length > 0 && (
              <Badge size="xs" variant="light" color="gray" tt="none" style={{ flex: 'none' }}>
                {status.join(' · ')}
              </Badge>
            )}
          </Group>
          {node.locked && (
            <span
              aria-hidden
              title={t('cmsAdminTree.tree.locked')}
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
                aria-label={t('cmsAdminTree.tree.actionsFor', { name, type: typeLabel })}
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
                    key={item.key}
                    color={item.color}
                    onClick={(event) => {
                      event.stopPropagation()
                      api.act(item.action, placed)
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
  parent: DocumentNode
  level: number
  api: TreeApi
}) {
  const { t } = useTranslation()
  const pages = api.pages[parent.id] ?? 1
  const children = useDocumentChildren(parent.id, pages)
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
        {nodes.map((node, position) => (
          <TreeNodeItem
            key={node.id}
            placed={{ node, position, siblings: total }}
            level={level}
            api={api}
          />
        ))}
        {nodes.length === 0 && (
          <li role="none">
            <Text c="dimmed" size="xs" pl={`calc(${level - 1} * 0.9rem + 1.25rem)`}>
              {t('cmsAdminTree.tree.empty')}
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
              {t('cmsAdminTree.tree.loadMore', {
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
