import { Button, Group, MultiSelect } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  PredefinedMetadataSchema,
  listAnswerSchema,
  type PredefinedMetadata,
} from '@optika/domain/operations/thumbnail-settings'
import { getJson } from '../../../../lib/api-client.ts'
import type { MetadataRow } from '../model/custom-metadata.ts'

const AnswerSchema = listAnswerSchema(PredefinedMetadataSchema)

/** A definition as a new row of the metadata table, starting from its default value. */
export function rowFromDefinition(definition: PredefinedMetadata): MetadataRow {
  const data =
    definition.type === 'checkbox' ? definition.data === 'true' : (definition.data ?? null)
  return { name: definition.name, language: definition.language, type: definition.type, data }
}

/**
 * The metadata fields defined in the settings for this kind of asset, to add in one go: each
 * comes with its type, language and default; one already on the asset is not offered again.
 */
export function PredefinedMetadataPicker({
  assetType,
  rows,
  onAdd,
}: {
  assetType: string
  rows: readonly MetadataRow[]
  onAdd: (rows: MetadataRow[]) => void
}) {
  const { t } = useTranslation()
  const [chosen, setChosen] = useState<string[]>([])
  const { data: definitions = [] } = useQuery({
    queryKey: ['admin', 'thumbnail-settings', 'metadata', 'for', assetType],
    queryFn: async () =>
      AnswerSchema.parse(
        await getJson(
          `/admin/settings/get-predefined-metadata?subType=${encodeURIComponent(assetType)}`,
        ),
      ).data,
    // An asset type the definitions do not know (folder) simply gets none.
    retry: false,
  })
  const present = new Set(
    rows.map((row) => `${row.name.trim().toLowerCase()}\u0000${row.language}`),
  )
  const offered = definitions.filter(
    (d) => !present.has(`${d.name.toLowerCase()}\u0000${d.language}`),
  )
  if (definitions.length === 0) return null
  const labelOf = (d: PredefinedMetadata) =>
    d.language === '' ? d.name : `${d.name} (${d.language.toUpperCase()})`
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <MultiSelect
        size="xs"
        label={t('thumbnailSettings.picker.metadata')}
        placeholder={offered.length === 0 ? t('thumbnailSettings.picker.allAdded') : undefined}
        data={offered.map((d) => ({ value: String(d.id), label: labelOf(d) }))}
        value={chosen}
        onChange={setChosen}
        searchable
        clearable
        miw={220}
      />
      <Button
        size="xs"
        variant="default"
        disabled={chosen.length === 0}
        onClick={() => {
          onAdd(offered.filter((d) => chosen.includes(String(d.id))).map(rowFromDefinition))
          setChosen([])
        }}
      >
        {t('thumbnailSettings.picker.addChosen')}
      </Button>
    </Group>
  )
}
