import { Button, Group, Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  PredefinedPropertySchema,
  listAnswerSchema,
  type PredefinedProperty,
} from '@optika/domain/operations/thumbnail-settings'
import type { ElementType } from '@optika/domain/pim/element-api'
import { sendJson } from '../../../lib/api-client.ts'
import type { EditableProperty } from '../model/properties.ts'

const AnswerSchema = listAnswerSchema(PredefinedPropertySchema)

/** A predefined property as a new row: its key, type, inheritance and default value. */
export function rowFromPredefined(property: PredefinedProperty): EditableProperty {
  const data =
    property.type === 'bool'
      ? property.data === 'true'
      : property.type === 'text' || property.type === 'select'
        ? (property.data ?? '')
        : null
  return { name: property.key, type: property.type, data, inheritable: property.inheritable }
}

/**
 * The properties defined in the settings for this kind of element, offered by their label; the
 * ones the element already has are not offered again.
 */
export function PredefinedPropertyPicker({
  elementType,
  names,
  onAdd,
}: {
  elementType: ElementType
  names: readonly string[]
  onAdd: (row: EditableProperty) => void
}) {
  const { t } = useTranslation()
  const [chosen, setChosen] = useState<string | null>(null)
  const { data: properties = [] } = useQuery({
    queryKey: ['admin', 'thumbnail-settings', 'properties', 'for', elementType],
    queryFn: async () =>
      AnswerSchema.parse(
        await sendJson('POST', '/admin/settings/properties', {
          xaction: 'read',
          ctype: elementType,
        }),
      ).data,
    retry: false,
  })
  const offered = properties.filter((property) => !names.includes(property.key))
  if (properties.length === 0) return null
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        size="xs"
        label={t('thumbnailSettings.picker.property')}
        data={offered.map((p) => ({ value: String(p.id), label: `${p.name} (${p.key})` }))}
        value={chosen}
        onChange={setChosen}
        searchable
        clearable
        miw={220}
      />
      <Button
        size="xs"
        variant="default"
        disabled={chosen === null}
        onClick={() => {
          const property = offered.find((p) => String(p.id) === chosen)
          if (property) onAdd(rowFromPredefined(property))
          setChosen(null)
        }}
      >
        {t('thumbnailSettings.picker.addChosen')}
      </Button>
    </Group>
  )
}
