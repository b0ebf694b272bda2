import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon, Card, Group, Menu, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DotsIcon, GripIcon } from '../../../components/icons.tsx'

export type WidgetMove = 'up' | 'down' | 'left' | 'right'

/**
 * One widget on the board: a titled region with a drag handle (pointer or keyboard, through
 * dnd-kit) and a menu with its settings, moves for those who prefer buttons, and removal.
 */
export function WidgetFrame({
  id,
  title,
  canMove,
  onMove,
  onSettings,
  onRemove,
  children,
}: {
  id: number
  title: string
  canMove: Record<WidgetMove, boolean>
  onMove: (move: WidgetMove) => void
  onSettings: (() => void) | null
  onRemove: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id })
  const titleId = `dashboard-widget-${id}-title`
  return (
    <Card
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={titleId}
      data-widget-id={id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition: transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        minWidth: 0,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={t('dashboards.widget.dragHandle', { title })}
              style={{ cursor: 'grab', touchAction: 'none', flexShrink: 0 }}
              {...attributes}
              {...listeners}
            >
              <GripIcon />
            </ActionIcon>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('dashboards.widget.menu', { title })}
                style={{ flexShrink: 0 }}
              >
                <DotsIcon />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onSettings && (
                <Menu.Item onClick={onSettings}>{t('dashboards.widget.settings')}</Menu.Item>
              )}
              <Menu.Item disabled={!canMove.up} onClick={() => onMove('up')}>
                {t('dashboards.widget.moveUp')}
              </Menu.Item>
              <Menu.Item disabled={!canMove.down} onClick={() => onMove('down')}>
                {t('dashboards.widget.moveDown')}
              </Menu.Item>
              <Menu.Item disabled={!canMove.left} onClick={() => onMove('left')}>
                {t('dashboards.widget.moveLeft')}
              </Menu.Item>
              <Menu.Item disabled={!canMove.right} onClick={() => onMove('right')}>
                {t('dashboards.widget.moveRight')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" onClick={onRemove}>
                {t('dashboards.widget.remove')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <div style={{ minWidth: 0 }}>{children}</div>
      </Stack>
    </Card>
  )
}
