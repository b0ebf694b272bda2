import { MultiSelect, Select } from '@mantine/core'
import type { WorkflowPlace } from '@optika/domain/elements/workflow'

/** Places by name with their labels: one (a state machine) or several (a Petri net). */
export function PlacesPicker({
  label,
  description,
  places,
  single,
  required = false,
  value,
  onChange,
  error,
}: {
  label: string
  description?: string
  places: readonly WorkflowPlace[]
  single: boolean
  required?: boolean
  value: readonly string[]
  onChange: (names: string[]) => void
  error: string | undefined
}) {
  const data = places
    .filter((place) => place.name !== '')
    .map((place) => ({
      value: place.name,
      label: place.label === '' ? place.name : `${place.label} (${place.name})`,
    }))
  // A name no place has any more still shows (and the server's error next to it says why).
  for (const name of value) {
    if (!data.some((entry) => entry.value === name)) data.push({ value: name, label: name })
  }
  return single ? (
    <Select
      label={label}
      description={description}
      required={required}
      data={data}
      value={value[0] ?? null}
      onChange={(name) => onChange(name === null ? [] : [name])}
      clearable={!required}
      allowDeselect={!required}
      error={error}
    />
  ) : (
    <MultiSelect
      label={label}
      description={description}
      required={required}
      data={data}
      value={[...value]}
      onChange={onChange}
      error={error}
    />
  )
}
