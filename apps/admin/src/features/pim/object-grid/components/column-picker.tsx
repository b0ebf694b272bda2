import { ActionIcon, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GridColumnInfo } from '@optika/domain/pim/grid-api'

interface ColumnPickerProps {
  opened: boolean
  available: readonly GridColumnInfo[]
  selected: readonly string[]
  onClose: () => void
  onApply: (keys: string[]) => void
}

/** Chooses and orders the grid's columns: ticked columns first, in their order, moved with buttons. */
export function ColumnPicker({ opened, available, selected, onClose, onApply }: ColumnPickerProps) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={t('adminPimGrid.columns.title')} size="lg">
      {opened && (
        <ColumnPickerBody
          available={available}
          selected={selected}
          onClose={onClose}
          onApply={onApply}
        />
      )}
    </Modal>
  )
}

function ColumnPickerBody({
  available,
  selected,
  onClose,
  onApply,
}: Omit<ColumnPickerProps, 'opened'>) {
  const { t } = useTranslation()
  const [keys, setKeys] = useState<string[]>(() => [...selected])
  const titles = new Map(available.map((c) => [c.key, c.title]))
  const rest = available.filter((c) => !keys.includes(c.key))
  const move = (index: number, by: -1 | 1) =>
    setKeys((current) => {
      const next = [...current]
      const target = index + by
      if (target < 0 || target >= next.length) return current
      ;[next[index], next[target]] = [next[target]!, next[index]!]
      return next
    })
  return (
    <Stack gap="md">
      <ScrollArea.Autosize mah={420}>
        <Stack gap={6}>
          {keys.map((key, index) => {
            const title = titles.get(key) ?? key
            return (
              <Group key={key} justify="space-between" wrap="nowrap">
                <Checkbox
                  checked
                  label={title}
                  aria-label={t('adminPimGrid.columns.show', { column: title })}
                  onChange={() => setKeys((current) => current.filter((k) => k !== key))}
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={t('adminPimGrid.columns.moveUp', { column: title })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={t('adminPimGrid.columns.moveDown', { column: title })}
                    disabled={index === keys.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </ActionIcon>
                </Group>
              </Group>
            )
          })}
          {rest.map((column) => (
            <Checkbox
              key={column.key}
              checked={false}
              label={column.title}
              aria-label={t('adminPimGrid.columns.show', { column: column.title })}
              onChange={() => setKeys((current) => [...current, column.key])}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {keys.length === 0 && (
        <Text size="sm" c="red" role="alert">
          {t('adminPimGrid.columns.atLeastOne')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('adminPimGrid.edit.cancel')}
        </Button>
        <Button disabled={keys.length === 0} onClick={() => onApply(keys)}>
          {t('adminPimGrid.columns.apply')}
        </Button>
      </Group>
    </Stack>
  )
}
