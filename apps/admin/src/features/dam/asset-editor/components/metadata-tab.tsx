import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AssetData } from '@optika/domain/pim/asset-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { assetEditorKeys, saveAsset } from '../api/asset-editor-api.ts'
import {
  EDITABLE_METADATA_TYPES,
  METADATA_LANGUAGES,
  findDuplicateRows,
  rowsForEveryLanguage,
  toMetadataItems,
  toMetadataRows,
  type MetadataLanguage,
  type MetadataRow,
} from '../model/custom-metadata.ts'
import { TableScroll } from '../../../elements/components/table-scroll.tsx'
import { PredefinedMetadataPicker } from './predefined-metadata-picker.tsx'

/** Embedded metadata (EXIF/IPTC/XMP, read-only) and the custom fields, each in one or every language. */
export function MetadataTab({ asset, readOnly }: { asset: AssetData; readOnly: boolean }) {
  return (
    <Stack gap="lg">
      <CustomMetadata asset={asset} readOnly={readOnly} />
      <EmbeddedMetadata metadata={asset.embeddedMetadata} />
    </Stack>
  )
}

function CustomMetadata({ asset, readOnly }: { asset: AssetData; readOnly: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [rows, setRows] = useState<MetadataRow[]>(() => toMetadataRows(asset.metadata))
  const [newName, setNewName] = useState('')
  const duplicates = findDuplicateRows(rows)
  const save = useMutation({
    mutationFn: () =>
      saveAsset({
        id: asset.id,
        metadata: toMetadataItems(rows),
        note: t('assetEditor.metadata.note'),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetEditorKeys.data(asset.id) }),
  })
  const update = (index: number, change: Partial<MetadataRow>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)))
  const languageLabel = (language: MetadataLanguage) =>
    language === '' ? t('assetEditor.metadata.allLanguages') : language.toUpperCase()
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={3} size="h6" id="custom-metadata" mb="xs">
        {t('assetEditor.metadata.custom')}
      </Title>
      <Stack gap="sm">
        <RequestErrorAlert error={save.error} />
        {save.isSuccess && (
          <Alert color="green" role="status">
            {t('admin.common.saved')}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('assetEditor.metadata.noneCustom')}
          </Text>
        ) : (
          <TableScroll label={t('assetEditor.metadata.custom')} minWidth={560}>
            <Table aria-labelledby="custom-metadata">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assetEditor.metadata.name')}</Table.Th>
                  <Table.Th>{t('assetEditor.metadata.language')}</Table.Th>
                  <Table.Th>{t('assetEditor.metadata.type')}</Table.Th>
                  <Table.Th>{t('assetEditor.metadata.value')}</Table.Th>
                  <Table.Th>{t('admin.common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const editableType = (EDITABLE_METADATA_TYPES as readonly string[]).includes(
                    row.type,
                  )
                  const valueLabel = t('assetEditor.metadata.valueOf', {
                    name: row.name,
                    language: languageLabel(row.language),
                  })
                  return (
                    <Table.Tr key={index}>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={t('assetEditor.metadata.name')}
                          value={row.name}
                          readOnly={readOnly}
                          error={
                            duplicates.has(index) ? t('assetEditor.metadata.duplicate') : undefined
                          }
                          onChange={(event) => update(index, { name: event.currentTarget.value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          size="xs"
                          aria-label={t('assetEditor.metadata.language')}
                          data={METADATA_LANGUAGES.map((language) => ({
                            value: language,
                            label: languageLabel(language),
                          }))}
                          value={row.language}
                          readOnly={readOnly}
                          allowDeselect={false}
                          onChange={(language) =>
                            language !== null && update(index, { language: language })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        {editableType ? (
                          <Select
                            size="xs"
                            aria-label={t('assetEditor.metadata.type')}
                            data={EDITABLE_METADATA_TYPES.map((type) => ({
                              value: type,
                              label: t(`assetEditor.metadata.types.${type}`),
                            }))}
                            value={row.type}
                            readOnly={readOnly}
                            allowDeselect={false}
                            onChange={(type) =>
                              type !== null &&
                              update(index, {
                                type: type,
                                data: type === 'checkbox' ? false : null,
                              })
                            }
                          />
                        ) : (
                          <Text size="sm">{row.type}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <MetadataValue
                          row={row}
                          label={valueLabel}
                          readOnly={readOnly || !editableType}
                          onChange={(data) => update(index, { data })}
                        />
                      </Table.Td>
                      <Table.Td>
                        {!readOnly && (
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color="red"
                            aria-label={t('adminPimObjects.list.remove', { name: valueLabel })}
                            onClick={() =>
                              setRows((current) => current.filter((_, at) => at !== index))
                            }
                          >
                            ×
                          </ActionIcon>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {!readOnly && (
          <PredefinedMetadataPicker
            assetType={asset.type}
            rows={rows}
            onAdd={(added) => setRows((current) => [...current, ...added])}
          />
        )}
        {!readOnly && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              size="xs"
              label={t('assetEditor.metadata.newName')}
              value={newName}
              onChange={(event) => setNewName(event.currentTarget.value)}
            />
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setRows((current) => [
                  ...current,
                  { name: newName.trim(), language: '', type: 'input', data: null },
                ])
                setNewName('')
              }}
            >
              {t('assetEditor.metadata.add')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={newName.trim() === ''}
              onClick={() => {
                setRows((current) => [...current, ...rowsForEveryLanguage(newName.trim())])
                setNewName('')
              }}
            >
              {t('assetEditor.metadata.addEveryLanguage')}
            </Button>
            <Button
              size="xs"
              loading={save.isPending}
              disabled={duplicates.size > 0}
              onClick={() => save.mutate()}
            >
              {t('admin.common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

function MetadataValue({
  row,
  label,
  readOnly,
  onChange,
}: {
  row: MetadataRow
  label: string
  readOnly: boolean
  onChange: (data: MetadataRow['data']) => void
}) {
  const text = row.data === null ? '' : String(row.data)
  switch (row.type) {
    case 'checkbox':
      return (
        <Checkbox
          aria-label={label}
          checked={row.data === true}
          disabled={readOnly}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      )
    case 'textarea':
      return (
        <Textarea
          size="xs"
          aria-label={label}
          autosize
          minRows={1}
          value={text}
          readOnly={readOnly}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
    case 'date':
      return (
        <TextInput
          size="xs"
          type="date"
          aria-label={label}
          value={text.slice(0, 10)}
          readOnly={readOnly}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
    default:
      return (
        <TextInput
          size="xs"
          aria-label={label}
          value={text}
          readOnly={readOnly}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
  }
}

/** EXIF, IPTC and XMP as read from the file: groups flattened to "group › tag" lines. */
function flatten(value: unknown, prefix: string, into: [string, string][]): void {
  if (into.length >= 500) return
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      flatten(inner, prefix === '' ? key : `${prefix} › ${key}`, into)
    }
    return
  }
  const text = Array.isArray(value)
    ? value
        .map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item)))
        .join(', ')
    : String(value)
  into.push([prefix, text.length > 300 ? `${text.slice(0, 300)}…` : text])
}

function EmbeddedMetadata({ metadata }: { metadata: Record<string, unknown> }) {
  const { t } = useTranslation()
  const lines: [string, string][] = []
  flatten(metadata, '', lines)
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={3} size="h6" id="embedded-metadata" mb="xs">
        {t('assetEditor.metadata.embedded')}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assetEditor.metadata.noneEmbedded')}
        </Text>
      ) : (
        <TableScroll label={t('assetEditor.metadata.embedded')} minWidth={280}>
          <Table aria-labelledby="embedded-metadata" striped>
            <Table.Tbody>
              {lines.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th scope="row" fw={500}>
                    {name}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Paper>
  )
}
