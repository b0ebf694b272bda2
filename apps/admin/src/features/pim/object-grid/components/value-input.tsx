import { Checkbox, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core'
import type { GridColumnInfo } from '@optika/domain/pim/grid-api'

interface ValueInputProps {
  column: GridColumnInfo
  label: string
  value: unknown
  onChange: (value: unknown) => void
  autoFocus?: boolean
}

function optionData(column: GridColumnInfo) {
  return (column.options ?? []).map((o) => ({ value: o.key, label: o.value }))
}

/** An input for one simple field value, by the field's type. */
export function ValueInput({ column, label, value, onChange, autoFocus }: ValueInputProps) {
  switch (column.type) {
    case 'number':
      return (
        <NumberInput
          label={label}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          autoFocus={autoFocus}
        />
      )
    case 'boolean':
      return (
        <Checkbox
          label={label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          autoFocus={autoFocus}
        />
      )
    case 'select':
      return (
        <Select
          label={label}
          data={optionData(column)}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          clearable
          autoFocus={autoFocus}
        />
      )
    case 'multiselect':
      return (
        <MultiSelect
          label={label}
          data={optionData(column)}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(next) => onChange(next)}
          autoFocus={autoFocus}
        />
      )
    case 'date':
      return (
        <TextInput
          type="date"
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value || null)}
          autoFocus={autoFocus}
        />
      )
    default:
      return (
        <TextInput
          label={label}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(event) => onChange(event.currentTarget.value || null)}
          autoFocus={autoFocus}
        />
      )
  }
}
