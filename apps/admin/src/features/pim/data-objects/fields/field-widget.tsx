import {
  Checkbox,
  ColorInput,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { lazy, Suspense, useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldDefinition, SelectOption } from '@optika/domain/pim/class-definition'
import { AssetPicker } from '../../../dam/asset-picker/components/asset-picker.tsx'
import { useSelectOptions } from '../api/objects-api.ts'
import { useEditorContext } from '../model/editor-context.ts'
import { toFieldNumber } from '../model/layout-model.ts'
import type { DataPath } from '../model/object-data.ts'
import { BlockField } from './block-field.tsx'
import { ClassificationStoreField } from './classification-store-field.tsx'
import { FieldCollectionsField, ObjectBricksField } from './container-fields.tsx'
import { PricesField } from './prices-field.tsx'
import { QuantityValueField } from './quantity-value-field.tsx'
import { RelationField } from './relation-field.tsx'
import { FieldWrapper, useFieldState } from './use-field-state.tsx'

export interface FieldWidgetProps {
  field: FieldDefinition
  path: DataPath
}

// The rich-text editor is big; it loads with the first class that has a wysiwyg field.
const WysiwygField = lazy(async () => ({
  default: (await import('./wysiwyg-field.tsx')).WysiwygField,
}))

/** Many options read better as a searchable list than as a column of checkboxes. */
const CHECKBOX_LIMIT = 12

/** Labels of options: a translation key (`status.new`) is translated, plain text shown as is. */
export function useOptionLabel(): (option: SelectOption) => string {
  const { i18n } = useTranslation()
  return useCallback(
    (option: SelectOption) => {
      const label = option.value || option.key
      return i18n.exists(label) ? i18n.t(label, label) : label
    },
    [i18n],
  )
}

/** The field's options: inline in the class, or a named set loaded from the server. */
export function useFieldOptions(field: FieldDefinition): readonly SelectOption[] {
  const { classId } = useEditorContext()
  const remote = useSelectOptions(
    classId,
    field.name,
    field.options === undefined && field.optionsProviderId !== undefined,
  )
  return field.options ?? remote.data ?? []
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}

function asIds(value: unknown): number[] {
  if (typeof value === 'number') return [value]
  return Array.isArray(value)
    ? value.filter((item): item is number => typeof item === 'number')
    : []
}

function TextField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
  const Component = field.type === 'textarea' ? Textarea : TextInput
  return (
    <Component
      {...state.common}
      value={asString(state.value)}
      placeholder={state.inheritedText}
      readOnly={state.readOnly}
      maxLength={field.maxLength}
      {...(field.type === 'textarea' ? { autosize: true, minRows: 2, maxRows: 12 } : {})}
      onChange={(event) => state.set(event.currentTarget.value)}
    />
  )
}

function NumberField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
  const value = typeof state.value === 'number' ? state.value : ''
  return (
    <NumberInput
      {...state.common}
      value={value}
      placeholder={state.inheritedText}
      readOnly={state.readOnly}
      min={field.min}
      max={field.max}
      decimalScale={field.decimals}
      allowDecimal={field.decimals !== 0}
      rightSection={
        field.unit ? (
          <Text size="xs" c="dimmed">
            {field.unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={field.unit ? 56 : undefined}
      onChange={(next) => state.set(toFieldNumber(next, field.decimals))}
    />
  )
}

function SelectField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
  const options = useFieldOptions(field)
  const label = useOptionLabel()
  const inherited = options.find((option) => option.key === state.inherited)
  return (
    <Select
      {...state.common}
      data={options.map((option) => ({ value: option.key, label: label(option) }))}
      value={asString(state.value) || null}
      placeholder={inherited ? label(inherited) : undefined}
      readOnly={state.readOnly}
      clearable={!state.readOnly}
      searchable={options.length > CHECKBOX_LIMIT}
      onChange={(next) => state.set(next ?? undefined)}
    />
  )
}

function MultiselectField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
  const options = useFieldOptions(field)
  const label = useOptionLabel()
  const selected = asStrings(state.value)
  const inherited = asStrings(state.inherited)
  if (options.length > CHECKBOX_LIMIT) {
    return (
      <MultiSelect
        {...state.common}
        data={options.map((option) => ({ value: option.key, label: label(option) }))}
        value={selected}
        placeholder={state.inheritedText}
        readOnly={state.readOnly}
        searchable
        clearable={!state.readOnly}
        onChange={(next) => state.set(next)}
      />
    )
  }
  return (
    <Checkbox.Group
      {...state.common}
      value={selected.length > 0 ? selected : []}
      onChange={(next) => state.set(next)}
    >
      <Group gap="md" mt={4}>
        {options.map((option) => (
          <Checkbox
            key={option.key}
            value={option.key}
            label={label(option)}
            disabled={state.readOnly}
            indeterminate={selected.length === 0 && inherited.includes(option.key)}
          />
        ))}
      </Group>
    </Checkbox.Group>
  )
}

function BooleanField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
  const checked = state.value === true || (state.value === undefined && state.inherited === true)
  return (
    <Checkbox
      label={state.common.label}
      description={state.common.description}
      error={state.common.error}
      checked={checked}
      disabled={state.readOnly}
      onChange={(event) => state.set(event.currentTarget.checked)}
    />
  )
}

function DateField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
  return (
    <TextInput
      {...state.common}
      type="date"
      value={asString(state.value)}
      placeholder={state.inheritedText}
      readOnly={state.readOnly}
      onChange={(event) => state.set(event.currentTarget.value)}
    />
  )
}

function ColorField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
  return (
    <ColorInput
      {...state.common}
      format="hex"
      value={asString(state.value)}
      placeholder={state.inheritedText}
      readOnly={state.readOnly}
      disallowInput={state.readOnly}
      withPicker={!state.readOnly}
      onChange={(next) => state.set(next)}
    />
  )
}

function ImageField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
  const multiple = field.type === 'imageGallery'
  const own = asIds(state.value)
  return (
    <FieldWrapper state={state}>
      <Stack gap={4}>
        {own.length === 0 && state.inherited !== undefined && (
          <Text size="xs" c="dimmed">
            {state.inheritedText}
          </Text>
        )}
        <AssetPicker
          value={own}
          multiple={multiple}
          label={state.common.label}
          onChange={(ids) => {
            if (state.readOnly) return
            state.set(multiple ? ids : ids[0])
          }}
        />
      </Stack>
    </FieldWrapper>
  )
}

/** The editor's widget for one field of any type (see FIELD_TYPES). */
export function FieldWidget({ field, path }: FieldWidgetProps) {
  if (field.invisible === true) return null
  switch (field.type) {
    case 'input':
    case 'textarea':
      return <TextField field={field} path={path} />
    case 'wysiwyg':
      return (
        <Suspense fallback={<Loader size="xs" />}>
          <WysiwygField field={field} path={path} />
        </Suspense>
      )
    case 'number':
      return <NumberField field={field} path={path} />
    case 'quantityValue':
      return <QuantityValueField field={field} path={path} />
    case 'select':
      return <SelectField field={field} path={path} />
    case 'multiselect':
      return <MultiselectField field={field} path={path} />
    case 'boolean':
      return <BooleanField field={field} path={path} />
    case 'date':
      return <DateField field={field} path={path} />
    case 'color':
      return <ColorField field={field} path={path} />
    case 'image':
    case 'imageGallery':
      return <ImageField field={field} path={path} />
    case 'manyToOneRelation':
    case 'manyToManyRelation':
      return <RelationField field={field} path={path} />
    case 'prices':
      return <PricesField field={field} path={path} />
    case 'block':
      return <BlockField field={field} path={path} />
    case 'fieldcollections':
      return <FieldCollectionsField field={field} path={path} />
    case 'objectbricks':
      return <ObjectBricksField field={field} path={path} />
    case 'classificationstore':
      return <ClassificationStoreField field={field} path={path} />
  }
}
