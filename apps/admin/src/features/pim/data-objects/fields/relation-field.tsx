import { Anchor, Combobox, Group, Stack, Text, TextInput, useCombobox } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDependencies, useObjectSearch } from '../../../elements/api/element-api.ts'
import { useEditorContext } from '../model/editor-context.ts'
import type { FieldWidgetProps } from './field-widget.tsx'
import { ItemControls } from './item-controls.tsx'
import { FieldWrapper, useFieldState } from './use-field-state.tsx'

function readIds(value: unknown): number[] {
  if (typeof value === 'number') return [value]
  return Array.isArray(value)
    ? value.filter((item): item is number => typeof item === 'number')
    : []
}

/** Paths of the objects this element refers to, for labelling relation rows. */
function useKnownPaths(elementId: number): ReadonlyMap<number, string> {
  const dependencies = useDependencies({ elementType: 'object', elementId }, 1, 200)
  const paths = new Map<number, string>()
  for (const item of dependencies.data?.requires.items ?? []) {
    if (item.elementType === 'object' && item.path !== null) paths.set(item.elementId, item.path)
  }
  return paths
}

/**
 * A relation to one object or an ordered list of objects: search by key or path (limited to the
 * field's classes), add, remove, reorder, and open a target in the editor.
 */
export function RelationField({ field, path }: FieldWidgetProps) {
  const { t } = useTranslation()
  const context = useEditorContext()
  const state = useFieldState(field, path)
  const many = field.type === 'manyToManyRelation'
  const ids = readIds(state.value)
  const inheritedIds = readIds(state.inherited)
  const known = useKnownPaths(context.elementId)
  const [added, setAdded] = useState<ReadonlyMap<number, string>>(new Map())
  const [text, setText] = useState('')
  const [debounced] = useDebouncedValue(text, 250)
  const hits = useObjectSearch(debounced, field.classes ?? [])
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const labelOf = (id: number) => added.get(id) ?? known.get(id) ?? `#${id}`
  const write = (next: number[]) => state.set(many ? next : next[0])
  const full = many && field.maxItems !== undefined && ids.length >= field.maxItems
  const shown = ids.length > 0 ? ids : inheritedIds
  return (
    <FieldWrapper state={state}>
      <Stack gap={4} mt={4}>
        {shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('adminPimObjects.relation.empty')}
          </Text>
        )}
        <Stack gap={2} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((id, index) => {
            const label = labelOf(id)
            const inheritedRow = ids.length === 0
            return (
              <Group key={`${id}-${index}`} component="li" gap="xs" wrap="nowrap">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  c={inheritedRow ? 'dimmed' : undefined}
                  onClick={() => context.openElement(id)}
                  style={{ flex: 1, textAlign: 'left', minWidth: 0 }}
                >
                  {label}
                </Anchor>
                {!state.readOnly && !inheritedRow && (
                  <ItemControls
                    label={label}
                    items={ids}
                    index={index}
                    onChange={write}
                    reorderable={many}
                    wrap="nowrap"
                  />
                )}
              </Group>
            )
          })}
        </Stack>
        {!state.readOnly && !full && (
          <Combobox
            store={combobox}
            onOptionSubmit={(value) => {
              const hit = hits.data?.find((entry) => String(entry.id) === value)
              if (hit === undefined) return
              setAdded((current) => new Map(current).set(hit.id, hit.path))
              write(many ? [...ids.filter((id) => id !== hit.id), hit.id] : [hit.id])
              setText('')
              combobox.closeDropdown()
            }}
          >
            <Combobox.Target>
              <TextInput
                size="xs"
                aria-label={t('adminPimObjects.relation.search', { name: state.common.label })}
                placeholder={t('adminPimObjects.relation.searchPlaceholder')}
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
                  <Combobox.Empty>{t('adminPimObjects.search.none')}</Combobox.Empty>
                )}
              </Combobox.Options>
            </Combobox.Dropdown>
          </Combobox>
        )}
      </Stack>
    </FieldWrapper>
  )
}
