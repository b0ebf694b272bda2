import { Anchor, Combobox, Group, Stack, Text, TextInput, useCombobox } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { EditableElementRef } from '@optika/domain/cms/editables'
import type { EditableDefinition } from '@optika/domain/cms/templates'
import { useDependencies, useObjectSearch } from '../../../elements/api/element-api.ts'
import { AssetPicker } from '../../../dam/asset-picker/components/asset-picker.tsx'
import { ItemControls } from '../../../pim/data-objects/fields/item-controls.tsx'
import { DocumentPicker } from './document-picker.tsx'

/** Paths of the elements the document already refers to (its stored dependencies), for labels. */
function useKnownPaths(documentId: number): ReadonlyMap<string, string> {
  const dependencies = useDependencies({ elementType: 'document', elementId: documentId }, 1, 200)
  const paths = new Map<string, string>()
  for (const item of dependencies.data?.requires.items ?? []) {
    if (item.path !== null) paths.set(`${item.elementType}:${item.elementId}`, item.path)
  }
  return paths
}

function hrefOf(ref: EditableElementRef): string {
  switch (ref.type) {
    case 'object':
      return `/data-objects/${ref.id}`
    case 'asset':
      return `/assets/${ref.id}`
    case 'document':
      return `/documents/${ref.id}`
  }
}

/**
 * A relation or a list of relations to products, categories, assets or documents, as the
 * definition allows: pictures through the asset library's picker, objects by search (limited to
 * the definition's classes), documents from the tree; reorder and remove.
 */
export function RelationsField({
  definition,
  label,
  value,
  onChange,
  many,
  readOnly,
  documentId,
}: {
  definition: EditableDefinition
  label: string
  value: readonly EditableElementRef[]
  onChange: (next: EditableElementRef[]) => void
  many: boolean
  readOnly: boolean
  documentId: number
}) {
  const { t } = useTranslation()
  const allowed = definition.allowedTypes ?? ['object', 'asset', 'document']
  const max = many ? (definition.max ?? 100) : 1
  const known = useKnownPaths(documentId)
  const [added, setAdded] = useState<ReadonlyMap<string, string>>(new Map())
  if (allowed.length === 1 && allowed[0] === 'asset') {
    return (
      <AssetPicker
        label={label}
        multiple={many}
        value={value.map((ref) => ref.id)}
        onChange={(ids) =>
          onChange(ids.slice(0, max).map((id) => ({ type: 'asset' as const, id })))
        }
      />
    )
  }
  const labelOf = (ref: EditableElementRef) => {
    const key = `${ref.type}:${ref.id}`
    return added.get(key) ?? known.get(key) ?? `#${ref.id}`
  }
  const add = (ref: EditableElementRef, path: string) => {
    setAdded((current) => new Map(current).set(`${ref.type}:${ref.id}`, path))
    const others = value.filter((item) => !(item.type === ref.type && item.id === ref.id))
    onChange(many ? [...others, ref].slice(0, max) : [ref])
  }
  const full = value.length >= max && many
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text size="sm" fw={500} component="span">
        {label}
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('cmsAdminEditor.relations.empty')}
        </Text>
      )}
      <Stack gap={2} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {value.map((ref, index) => (
          <Group key={`${ref.type}-${ref.id}`} component="li" gap="xs" wrap="nowrap">
            <Anchor
              component={Link}
              to={hrefOf(ref)}
              size="sm"
              style={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}
            >
              {labelOf(ref)}
            </Anchor>
            {!readOnly && (
              <ItemControls
                label={labelOf(ref)}
                items={value}
                index={index}
                onChange={onChange}
                reorderable={many}
                wrap="nowrap"
              />
            )}
          </Group>
        ))}
      </Stack>
      {!readOnly && !full && allowed.includes('object') && (
        <ObjectSearch
          label={label}
          classes={definition.classes ?? []}
          onPick={(id, path) => add({ type: 'object', id }, path)}
        />
      )}
      {!readOnly && !full && allowed.includes('document') && (
        <DocumentPicker
          label={t('cmsAdminEditor.relations.addDocument', { name: label })}
          value={null}
          types={['page', 'snippet', 'email', 'link', 'hardlink']}
          readOnly={false}
          onChange={(id) => id !== null && add({ type: 'document', id }, `#${id}`)}
        />
      )}
    </Stack>
  )
}

/** Finds objects of `classes` by key or path as one types. */
export function ObjectSearch({
  label,
  classes,
  onPick,
}: {
  label: string
  classes: readonly string[]
  onPick: (id: number, path: string) => void
}) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [debounced] = useDebouncedValue(text, 250)
  const hits = useObjectSearch(debounced, classes)
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const hit = hits.data?.find((entry) => String(entry.id) === value)
        if (hit === undefined) return
        onPick(hit.id, hit.path)
        setText('')
        combobox.closeDropdown()
      }}
    >
      <Combobox.Target>
        <TextInput
          size="xs"
          aria-label={t('cmsAdminEditor.relations.search', { name: label })}
          placeholder={t('cmsAdminEditor.relations.searchPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value)
            combobox.openDropdown()
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={debounced.trim() === ''}>
        <Combobox.Options>
          {(hits.data ?? []).map((hit) => (
            <Combobox.Option key={hit.id} value={String(hit.id)}>
              <Text size="sm">{hit.path}</Text>
              <Text size="xs" c="dimmed">
                {hit.classId ?? hit.type}
              </Text>
            </Combobox.Option>
          ))}
          {hits.isSuccess && hits.data.length === 0 && (
            <Combobox.Empty>{t('cmsAdminEditor.relations.noHits')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
