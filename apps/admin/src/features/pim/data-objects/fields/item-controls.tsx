import { ActionIcon, Group, Paper, Text, type GroupProps } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { moveItem } from '../model/object-data.ts'

/** The red × that removes one item of a field's list, named after the item. */
export function RemoveItemButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation()
  return (
    <ActionIcon
      size="sm"
      variant="subtle"
      color="red"
      aria-label={t('adminPimObjects.list.remove', { name: label })}
      onClick={onRemove}
    >
      ×
    </ActionIcon>
  )
}

interface ItemControlsProps<T> {
  /** The item's accessible name, used in the buttons' names. */
  label: string
  items: readonly T[]
  index: number
  onChange: (next: T[]) => void
  /** Whether the ↑/↓ buttons are shown; the × always is. */
  reorderable?: boolean
  wrap?: GroupProps['wrap']
}

/** Move up, move down and remove buttons for the item at `index` of a field's ordered list. */
export function ItemControls<T>({
  label,
  items,
  index,
  onChange,
  reorderable = true,
  wrap,
}: ItemControlsProps<T>) {
  const { t } = useTranslation()
  return (
    <Group gap={2} wrap={wrap}>
      {reorderable && (
        <>
          <ActionIcon
            size="sm"
            variant="subtle"
            disabled={index === 0}
            aria-label={t('adminPimObjects.list.moveUp', { name: label })}
            onClick={() => onChange(moveItem(items, index, -1))}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            disabled={index === items.length - 1}
            aria-label={t('adminPimObjects.list.moveDown', { name: label })}
            onClick={() => onChange(moveItem(items, index, 1))}
          >
            ↓
          </ActionIcon>
        </>
      )}
      <RemoveItemButton
        label={label}
        onRemove={() => onChange(items.filter((_, at) => at !== index))}
      />
    </Group>
  )
}

interface ItemCardProps {
  /** The card's accessible name and visible heading. */
  label: string
  component: 'fieldset' | 'section'
  /** The controls at the heading's end, if any. */
  controls?: ReactNode
  style?: CSSProperties
  children: ReactNode
}

/** One bordered item of a field's list (a block row, a collection item, a store group). */
export function ItemCard({ label, component, controls, style, children }: ItemCardProps) {
  return (
    <Paper withBorder p="sm" radius="sm" component={component} aria-label={label} style={style}>
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {controls}
      </Group>
      {children}
    </Paper>
  )
}
