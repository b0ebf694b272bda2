import { Group, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { GridColumnInfo, GridFilter } from '@optika/domain/pim/grid-api'

interface FilterCellProps {
  column: GridColumnInfo
  filter: GridFilter | undefined
  onChange: (filter: GridFilter | undefined) => void
}

function numberOrUndefined(value: number | string): number | undefined {
  return typeof value === 'number' ? value : undefined
}

/** The filter input of one column, by its filter type; an empty input removes the filter. */
export function FilterCell({ column, filter, onChange }: FilterCellProps) {
  const { t } = useTranslation()
  const name = column.title
  const key = column.key
  switch (column.filterType) {
    case 'string':
      return (
        <TextInput
          size="xs"
          aria-label={t('adminPimGrid.filter.contains', { column: name })}
          value={filter?.type === 'string' ? filter.value : ''}
          onChange={(event) => {
            const value = event.currentTarget.value
            onChange(value === '' ? undefined : { type: 'string', column: key, value })
          }}
        />
      )
    case 'number': {
      const current = filter?.type === 'number' ? filter : { from: undefined, to: undefined }
      const set = (from: number | undefined, to: number | undefined) =>
        onChange(
          from === undefined && to === undefined
            ? undefined
            : {
                type: 'number',
                column: key,
                ...(from === undefined ? {} : { from }),
                ...(to === undefined ? {} : { to }),
              },
        )
      return (
        <Group gap={2} wrap="nowrap">
          <NumberInput
            size="xs"
            w={70}
            hideControls
            aria-label={t('adminPimGrid.filter.from', { column: name })}
            value={current.from ?? ''}
            onChange={(value) => set(numberOrUndefined(value), current.to)}
          />
          <NumberInput
            size="xs"
            w={70}
            hideControls
            aria-label={t('adminPimGrid.filter.to', { column: name })}
            value={current.to ?? ''}
            onChange={(value) => set(current.from, numberOrUndefined(value))}
          />
        </Group>
      )
    }
    case 'date': {
      const current = filter?.type === 'date' ? filter : { from: undefined, to: undefined }
      const set = (from: string | undefined, to: string | undefined) =>
        onChange(
          !from && !to
            ? undefined
            : {
                type: 'date',
                column: key,
                ...(from ? { from } : {}),
                ...(to ? { to } : {}),
              },
        )
      return (
        <Group gap={2} wrap="nowrap">
          <TextInput
            size="xs"
            type="date"
            aria-label={t('adminPimGrid.filter.from', { column: name })}
            value={current.from ?? ''}
            onChange={(event) => set(event.currentTarget.value || undefined, current.to)}
          />
          <TextInput
            size="xs"
            type="date"
            aria-label={t('adminPimGrid.filter.to', { column: name })}
            value={current.to ?? ''}
            onChange={(event) => set(current.from, event.currentTarget.value || undefined)}
          />
        </Group>
      )
    }
    case 'boolean':
      return (
        <Select
          size="xs"
          w={90}
          aria-label={t('adminPimGrid.filter.is', { column: name })}
          data={[
            { value: '', label: t('adminPimGrid.filter.any') },
            { value: 'true', label: t('adminPimGrid.yes') },
            { value: 'false', label: t('adminPimGrid.no') },
          ]}
          value={filter?.type === 'boolean' ? String(filter.value) : ''}
          onChange={(value) =>
            onChange(
              value === 'true' || value === 'false'
                ? { type: 'boolean', column: key, value: value === 'true' }
                : undefined,
            )
          }
        />
      )
    case 'list':
      return (
        <MultiSelect
          size="xs"
          miw={120}
          aria-label={t('adminPimGrid.filter.is', { column: name })}
          data={(column.options ?? []).map((o) => ({ value: o.key, label: o.value }))}
          value={filter?.type === 'list' ? filter.values : []}
          onChange={(values) =>
            onChange(values.length === 0 ? undefined : { type: 'list', column: key, values })
          }
        />
      )
    default:
      return null
  }
}
