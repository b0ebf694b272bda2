import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { SimpleGrid, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Dashboard, Widget, WidgetConfig } from '@optika/domain/operations/dashboards'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { useWidgetMutations } from '../api/dashboards-api.ts'
import { WidgetBody } from './widget-body.tsx'
import { WidgetFrame, type WidgetMove } from './widget-frame.tsx'
import { WidgetSettingsModal, hasSettings } from './widget-settings-modal.tsx'
import { WIDGET_TITLE_KEYS } from './widget-titles.ts'

type Columns = number[][]

const COLUMN_PREFIX = 'column-'

function columnOf(columns: Columns, id: UniqueIdentifier): number {
  if (typeof id === 'string' && id.startsWith(COLUMN_PREFIX)) {
    return Number(id.slice(COLUMN_PREFIX.length))
  }
  return columns.findIndex((column) => column.includes(Number(id)))
}

function placeOf(columns: Columns, id: number): { column: number; row: number } {
  const column = columnOf(columns, id)
  return { column, row: column < 0 ? -1 : columns[column]!.indexOf(id) }
}

/**
 * The dashboard's columns of widgets. Dragging (pointer, or keyboard: Space, arrows, Space) moves
 * a widget between and within columns, announced to screen readers in the user's language; the
 * new place is saved with reorder-widget and shown at once.
 */
export function DashboardBoard({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation()
  const mutations = useWidgetMutations(dashboard.key)
  const saved: Columns = dashboard.positions.map((column) => column.map((widget) => widget.id))
  const [dragging, setDragging] = useState<Columns | null>(null)
  const [settingsOf, setSettingsOf] = useState<Widget | null>(null)
  const columns = dragging ?? saved
  const widgets = new Map(dashboard.positions.flat().map((widget) => [widget.id, widget]))
  const titleOf = (id: UniqueIdentifier) => {
    const widget = widgets.get(Number(id))
    return widget ? t(WIDGET_TITLE_KEYS[widget.type]) : ''
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  const save = (id: number, column: number, row: number) => {
    const before = placeOf(saved, id)
    if (before.column === column && before.row === row) return
    mutations.reorder.mutate({ id, column, row })
  }

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return
    setDragging((current) => {
      const state = current ?? saved
      const from = columnOf(state, active.id)
      const to = columnOf(state, over.id)
      if (from < 0 || to < 0 || from === to) return state
      const target = state[to]!
      const overIndex = target.indexOf(Number(over.id))
      const index = overIndex < 0 ? target.length : overIndex
      return state.map((column, i) => {
        if (i === from) return column.filter((id) => id !== Number(active.id))
        if (i === to) return [...target.slice(0, index), Number(active.id), ...target.slice(index)]
        return column
      })
    })
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const state = dragging ?? saved
    setDragging(null)
    if (!over) return
    const column = columnOf(state, active.id)
    if (column < 0) return
    let final = state[column]!
    const overIndex = final.indexOf(Number(over.id))
    const activeIndex = final.indexOf(Number(active.id))
    if (overIndex >= 0 && overIndex !== activeIndex)
      final = arrayMove(final, activeIndex, overIndex)
    save(Number(active.id), column, final.indexOf(Number(active.id)))
  }

  const describe = (
    key: 'picked' | 'over' | 'dropped',
    id: UniqueIdentifier,
    overId?: UniqueIdentifier,
  ) => {
    const state = dragging ?? saved
    const targetId = overId ?? id
    const column = columnOf(state, targetId)
    const row =
      typeof targetId === 'string'
        ? (state[column]?.length ?? 0)
        : (state[column]?.indexOf(Number(targetId)) ?? 0)
    return t(`dashboards.dnd.${key}`, { title: titleOf(id), column: column + 1, row: row + 1 })
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => describe('picked', active.id),
    onDragOver: ({ active, over }) => (over ? describe('over', active.id, over.id) : undefined),
    onDragEnd: ({ active, over }) => (over ? describe('dropped', active.id, over.id) : undefined),
    onDragCancel: ({ active }) => t('dashboards.dnd.cancelled', { title: titleOf(active.id) }),
  }

  const moveBy = (id: number, move: WidgetMove) => {
    const { column, row } = placeOf(saved, id)
    if (move === 'up') save(id, column, row - 1)
    if (move === 'down') save(id, column, row + 1)
    if (move === 'left') save(id, column - 1, Math.min(row, saved[column - 1]!.length))
    if (move === 'right') save(id, column + 1, Math.min(row, saved[column + 1]!.length))
  }

  const onConfigure = (id: number) => (config: WidgetConfig) =>
    mutations.configure.mutate({ id, config })

  return (
    <Stack gap="sm">
      <RequestErrorAlert
        error={mutations.reorder.error ?? mutations.remove.error ?? mutations.configure.error}
      />
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={() => setDragging(saved)}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('dashboards.dnd.instructions') },
        }}
      >
        <SimpleGrid cols={{ base: 1, md: 2, xl: columns.length }} spacing="md">
          {columns.map((ids, columnIndex) => (
            <BoardColumn key={columnIndex} index={columnIndex} ids={ids}>
              {ids.map((id, rowIndex) => {
                const widget = widgets.get(id)
                if (!widget) return null
                const title = t(WIDGET_TITLE_KEYS[widget.type])
                return (
                  <WidgetFrame
                    key={id}
                    id={id}
                    title={title}
                    canMove={{
                      up: rowIndex > 0,
                      down: rowIndex < ids.length - 1,
                      left: columnIndex > 0,
                      right: columnIndex < columns.length - 1,
                    }}
                    onMove={(move) => moveBy(id, move)}
                    onSettings={hasSettings(widget.type) ? () => setSettingsOf(widget) : null}
                    onRemove={() => mutations.remove.mutate(id)}
                  >
                    <WidgetBody widget={widget} onConfigure={onConfigure(id)} />
                  </WidgetFrame>
                )
              })}
            </BoardColumn>
          ))}
        </SimpleGrid>
      </DndContext>
      {settingsOf && (
        <WidgetSettingsModal
          key={settingsOf.id}
          widget={settingsOf}
          title={t(WIDGET_TITLE_KEYS[settingsOf.type])}
          opened
          onClose={() => {
            mutations.configure.reset()
            setSettingsOf(null)
          }}
          saving={mutations.configure.isPending}
          error={mutations.configure.error}
          onSave={(config) =>
            mutations.configure.mutate(
              { id: settingsOf.id, config },
              { onSuccess: () => setSettingsOf(null) },
            )
          }
        />
      )}
    </Stack>
  )
}

function BoardColumn({
  index,
  ids,
  children,
}: {
  index: number
  ids: number[]
  children: ReactNode
}) {
  const { t } = useTranslation()
  const { setNodeRef, isOver } = useDroppable({ id: `${COLUMN_PREFIX}${index}` })
  return (
    <SortableContext
      id={`${COLUMN_PREFIX}${index}`}
      items={ids}
      strategy={verticalListSortingStrategy}
    >
      <Stack
        ref={setNodeRef}
        gap="md"
        role="group"
        aria-label={t('dashboards.screen.column', { number: index + 1 })}
        data-dashboard-column={index}
        style={{
          minHeight: '6rem',
          minWidth: 0,
          borderRadius: 'var(--mantine-radius-md)',
          outline: isOver ? '2px dashed var(--mantine-color-blue-6)' : undefined,
        }}
      >
        {children}
        {ids.length === 0 && (
          <Text
            c="dimmed"
            size="sm"
            p="md"
            ta="center"
            style={{
              border: '1px dashed var(--mantine-color-gray-5)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            {t('dashboards.screen.emptyColumn')}
          </Text>
        )}
      </Stack>
    </SortableContext>
  )
}
