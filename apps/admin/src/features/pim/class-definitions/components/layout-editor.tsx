import {
  ActionIcon,
  Box,
  Button,
  Grid,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FIELD_TYPES, LAYOUT_TYPES, type LayoutNode } from '@optika/domain/pim/class-definition'
import {
  insertNode,
  moveNode,
  namesIn,
  newField,
  newLayout,
  nodeAt,
  relocateNode,
  removeNode,
  samePath,
  updateNode,
  type NodePath,
} from '../model/layout-tree.ts'
import { NodeSettings } from './node-settings.tsx'

/** A button opening a menu of node types; picking one adds a node of that type. */
function AddNodeMenu<T extends string>({
  label,
  types,
  typeLabel,
  onPick,
  scrollable = false,
}: {
  label: string
  types: readonly T[]
  typeLabel: (type: T) => string
  onPick: (type: T) => void
  /** Caps the dropdown's height for long lists. */
  scrollable?: boolean
}) {
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button size="xs" variant="light">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown
        mah={scrollable ? 360 : undefined}
        style={scrollable ? { overflowY: 'auto' } : undefined}
      >
        {types.map((type) => (
          <Menu.Item key={type} onClick={() => onPick(type)}>
            {typeLabel(type)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}

interface LayoutEditorProps {
  readonly layout: readonly LayoutNode[]
  onChange: (layout: LayoutNode[]) => void
}

/**
 * A layout tree on the left (add, reorder with the arrow buttons, remove) and the selected node's
 * settings on the right. Used for classes, field collections and object bricks.
 */
export function LayoutEditor({ layout, onChange }: LayoutEditorProps) {
  const { t } = useTranslation()
  const [selected, setSelected] = useState<NodePath | null>(null)
  const selectedNode = selected === null ? undefined : nodeAt(layout, selected)

  const add = (node: LayoutNode) => {
    const next = insertNode(layout, selectedNode ? selected : null, node)
    onChange(next.layout)
    setSelected(next.path)
  }
  const move = (path: NodePath, delta: -1 | 1) => {
    const next = moveNode(layout, path, delta)
    onChange(next.layout)
    if (samePath(selected, path)) setSelected(next.path)
  }
  const [dragged, setDragged] = useState<NodePath | null>(null)
  const drop = (target: NodePath) => {
    if (dragged === null) return
    const next = relocateNode(layout, dragged, target)
    setDragged(null)
    if (!next) return
    onChange(next.layout)
    setSelected(next.path)
  }
  const remove = (path: NodePath) => {
    onChange(removeNode(layout, path))
    setSelected(null)
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Group gap="xs">
              <AddNodeMenu
                label={t('adminPimClasses.layout.addContainer')}
                types={LAYOUT_TYPES}
                typeLabel={(type) => t(`adminPimClasses.layoutType.${type}`)}
                onPick={(type) => add(newLayout(type, namesIn(layout)))}
              />
              <AddNodeMenu
                label={t('adminPimClasses.layout.addField')}
                types={FIELD_TYPES}
                typeLabel={(type) => t(`adminPimClasses.fieldType.${type}`)}
                onPick={(type) => add(newField(type, namesIn(layout)))}
                scrollable
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('adminPimClasses.layout.addHint')}
            </Text>
            {layout.length === 0 ? (
              <Text c="dimmed">{t('adminPimClasses.layout.empty')}</Text>
            ) : (
              <NodeList
                nodes={layout}
                parent={[]}
                selected={selected}
                onSelect={setSelected}
                onMove={move}
                onRemove={remove}
                onDragStart={setDragged}
                onDrop={drop}
                label={t('adminPimClasses.layout.label')}
              />
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p="md">
          {selected !== null && selectedNode ? (
            <NodeSettings
              key={selected.join('.')}
              node={selectedNode}
              onChange={(node) => onChange(updateNode(layout, selected, () => node))}
            />
          ) : (
            <Text c="dimmed">{t('adminPimClasses.layout.noSelection')}</Text>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  )
}

interface NodeListProps {
  readonly nodes: readonly LayoutNode[]
  readonly parent: NodePath
  readonly selected: NodePath | null
  onSelect: (path: NodePath) => void
  onMove: (path: NodePath, delta: -1 | 1) => void
  onRemove: (path: NodePath) => void
  onDragStart: (path: NodePath) => void
  onDrop: (target: NodePath) => void
  readonly label?: string
}

function NodeList({
  nodes,
  parent,
  selected,
  onSelect,
  onMove,
  onRemove,
  onDragStart,
  onDrop,
  label,
}: NodeListProps) {
  const { t } = useTranslation()
  return (
    <Box
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, paddingLeft: parent.length === 0 ? 0 : 18 }}
    >
      {nodes.map((node, index) => {
        const path = [...parent, index]
        const isSelected = samePath(selected, path)
        const typeLabel =
          node.kind === 'field'
            ? t(`adminPimClasses.fieldType.${node.type}`)
            : t(`adminPimClasses.layoutType.${node.type}`)
        return (
          <li
            key={`${node.name}-${index}`}
            // Dragging is a shortcut for the arrow buttons, which keyboard users have.
            draggable
            onDragStart={(event) => {
              event.stopPropagation()
              onDragStart(path)
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault()
              event.stopPropagation()
              onDrop(path)
            }}
          >
            <Group gap={4} wrap="nowrap" py={2}>
              <UnstyledButton
                onClick={() => onSelect(path)}
                aria-pressed={isSelected}
                px="xs"
                py={2}
                style={{
                  flex: 1,
                  borderRadius: 4,
                  background: isSelected ? 'var(--mantine-color-blue-light)' : undefined,
                  fontWeight: node.kind === 'layout' ? 600 : 400,
                }}
              >
                {node.title || node.name}{' '}
                <Text span size="xs" c="dimmed">
                  {node.name} · {typeLabel}
                </Text>
              </UnstyledButton>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('adminPimClasses.layout.moveUp', { name: node.name })}
                disabled={index === 0}
                onClick={() => onMove(path, -1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('adminPimClasses.layout.moveDown', { name: node.name })}
                disabled={index === nodes.length - 1}
                onClick={() => onMove(path, 1)}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t('adminPimClasses.layout.remove', { name: node.name })}
                onClick={() => onRemove(path)}
              >
                ×
              </ActionIcon>
            </Group>
            {node.kind === 'layout' && node.children.length > 0 && (
              <NodeList
                nodes={node.children}
                parent={path}
                selected={selected}
                onSelect={onSelect}
                onMove={onMove}
                onRemove={onRemove}
                onDragStart={onDragStart}
                onDrop={onDrop}
              />
            )}
          </li>
        )
      })}
    </Box>
  )
}
