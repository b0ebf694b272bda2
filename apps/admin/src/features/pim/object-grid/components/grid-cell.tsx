import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GridColumnInfo, GridRow } from '@optika/domain/pim/grid-api'
import type { Locale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { gridKeys, updateGridRow } from '../api/object-grid-api.ts'
import { ValueInput } from './value-input.tsx'

/** The raw value of a column in a row (system columns from the row itself). */
export function cellValue(row: GridRow, column: GridColumnInfo): unknown {
  if (column.system) return row[column.key as keyof GridRow]
  return row.values[column.key]
}

/** A cell as text: labels for options, yes/no, dates in the UI language, structures as JSON. */
export function useCellText(): (row: GridRow, column: GridColumnInfo) => string {
  const { t, i18n } = useTranslation()
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  })
  return (row, column) => {
    const label = row.labels[column.key]
    if (label !== undefined) return label
    const value = cellValue(row, column)
    if (value === null || value === undefined) return ''
    if (typeof value === 'boolean') return value ? t('adminPimGrid.yes') : t('adminPimGrid.no')
    if (
      (column.key === 'creationDate' || column.key === 'modificationDate') &&
      typeof value === 'string'
    ) {
      return dateTime.format(new Date(value))
    }
    if (typeof value === 'string' || typeof value === 'number') return String(value)
    if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(', ')
    return JSON.stringify(value)
  }
}

interface GridCellProps {
  row: GridRow
  column: GridColumnInfo
  language: Locale
}

/** A cell; an editable field opens an inline editor (saved through the grid's PUT). */
export function GridCell({ row, column, language }: GridCellProps) {
  const { t } = useTranslation()
  const text = useCellText()(row, column)
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState<unknown>(null)
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: () => updateGridRow({ id: row.id, values: { [column.key]: draft }, language }),
    onSuccess: async () => {
      setEditing(false)
      await queryClient.invalidateQueries({ queryKey: gridKeys.all })
    },
  })
  if (!column.editable) return <Text size="sm">{text}</Text>
  if (!editing) {
    return (
      <UnstyledButton
        aria-label={t('adminPimGrid.edit.cell', { column: column.title, key: row.key })}
        onClick={() => {
          setDraft(cellValue(row, column) ?? null)
          save.reset()
          setEditing(true)
        }}
        style={{ minWidth: 40, minHeight: 22, display: 'block', width: '100%' }}
      >
        <Text size="sm">{text === '' ? '—' : text}</Text>
      </UnstyledButton>
    )
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setEditing(false)
      }}
    >
      <Stack gap={4} miw={180}>
        <ValueInput
          column={column}
          label={t('adminPimGrid.edit.value', { column: column.title })}
          value={draft}
          onChange={setDraft}
          autoFocus
        />
        <RequestErrorAlert error={save.error} />
        <Group gap={4}>
          <Button type="submit" size="compact-xs" loading={save.isPending}>
            {t('adminPimGrid.edit.save')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => setEditing(false)}>
            {t('adminPimGrid.edit.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
