import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  FieldDefinitionSchema,
  type FieldDefinition,
  type FieldType,
  type LayoutNode,
  type SelectOption,
} from '@optika/domain/pim/class-definition'
import { LOCALES } from '@optika/i18n/locales'
import { z } from 'zod'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import { useClassTree, useContainerTree, useOptionSets } from '../api/class-definitions-api.ts'

const TEXT_TYPES: readonly FieldType[] = ['input', 'textarea', 'wysiwyg']
const OPTION_TYPES: readonly FieldType[] = ['select', 'multiselect']
const RELATION_TYPES: readonly FieldType[] = ['manyToOneRelation', 'manyToManyRelation']
const ITEM_TYPES: readonly FieldType[] = [
  'multiselect',
  'manyToManyRelation',
  'imageGallery',
  'block',
]

function toNumber(value: string | number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

interface NodeSettingsProps {
  readonly node: LayoutNode
  onChange: (node: LayoutNode) => void
}

/** The settings of the selected layout node: every option its type has. */
export function NodeSettings({ node, onChange }: NodeSettingsProps) {
  const { t } = useTranslation()
  const headingId = `node-settings-${node.name}`
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} id={headingId}>
        {t('adminPimClasses.node.settings', { name: node.name })}
      </Title>
      <Text size="sm" c="dimmed">
        {t('adminPimClasses.node.type')}:{' '}
        {node.kind === 'field'
          ? t(`adminPimClasses.fieldType.${node.type}`)
          : t(`adminPimClasses.layoutType.${node.type}`)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('adminPimClasses.node.name')}
          required
          value={node.name}
          onChange={(e) => onChange({ ...node, name: e.currentTarget.value })}
        />
        <TextInput
          label={t('adminPimClasses.node.title')}
          value={node.title}
          onChange={(e) => onChange({ ...node, title: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Fieldset legend={t('adminFixes.titles.legend')}>
        <Text size="xs" c="dimmed" mb="xs">
          {t('adminFixes.titles.hint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LOCALES.map((locale) => (
            <TextInput
              key={locale}
              label={languageName(locale)}
              lang={locale}
              value={node.titles?.[locale] ?? ''}
              onChange={(e) => {
                const { [locale]: _previous, ...others } = node.titles ?? {}
                const text = e.currentTarget.value
                const titles = text === '' ? others : { ...others, [locale]: text }
                onChange({
                  ...node,
                  titles: Object.keys(titles).length === 0 ? undefined : titles,
                })
              }}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      {node.kind === 'layout' ? (
        <Checkbox
          label={t('adminPimClasses.node.collapsed')}
          checked={node.collapsed ?? false}
          onChange={(e) => onChange({ ...node, collapsed: e.currentTarget.checked })}
        />
      ) : (
        <FieldSettings field={node} onChange={onChange} />
      )}
    </Stack>
  )
}

function FieldSettings({
  field,
  onChange,
}: {
  field: FieldDefinition
  onChange: (field: FieldDefinition) => void
}) {
  const { t } = useTranslation()
  const set = <K extends keyof FieldDefinition>(key: K, value: FieldDefinition[K]) =>
    onChange({ ...field, [key]: value })
  const flag = (
    key: 'mandatory' | 'unique' | 'noteditable' | 'invisible' | 'visibleGridView' | 'visibleSearch',
  ) => (
    <Checkbox
      label={t(`adminPimClasses.node.${key}`)}
      checked={field[key] ?? false}
      onChange={(e) => set(key, e.currentTarget.checked || undefined)}
    />
  )
  const number = (
    key:
      'minLength' | 'maxLength' | 'min' | 'max' | 'decimals' | 'minItems' | 'maxItems' | 'storeId',
  ) => (
    <NumberInput
      label={t(`adminPimClasses.node.${key}`)}
      value={field[key] ?? ''}
      allowDecimal={key === 'min' || key === 'max'}
      allowNegative={key === 'min' || key === 'max'}
      onChange={(value) => set(key, toNumber(value))}
    />
  )
  const type = field.type
  return (
    <Stack gap="sm">
      <TextInput
        label={t('adminPimClasses.node.tooltip')}
        value={field.tooltip ?? ''}
        onChange={(e) => set('tooltip', e.currentTarget.value || undefined)}
      />
      <Group gap="lg">
        {flag('mandatory')}
        {flag('unique')}
        {flag('noteditable')}
        {flag('invisible')}
        {flag('visibleGridView')}
        {flag('visibleSearch')}
      </Group>
      {TEXT_TYPES.includes(type) && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {type !== 'wysiwyg' && (
            <TextInput
              label={t('adminPimClasses.node.regex')}
              value={field.regex ?? ''}
              onChange={(e) => set('regex', e.currentTarget.value || undefined)}
            />
          )}
          {number('minLength')}
          {number('maxLength')}
        </SimpleGrid>
      )}
      {(type === 'number' || type === 'quantityValue') && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {number('min')}
          {number('max')}
          {type === 'number' && number('decimals')}
        </SimpleGrid>
      )}
      {type === 'number' && (
        <TextInput
          label={t('adminPimClasses.node.unit')}
          value={field.unit ?? ''}
          onChange={(e) => set('unit', e.currentTarget.value || undefined)}
        />
      )}
      {type === 'quantityValue' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TagsInput
            label={t('adminPimClasses.node.validUnits')}
            value={[...(field.validUnits ?? [])]}
            onChange={(units) => set('validUnits', units.length > 0 ? units : undefined)}
          />
          <TextInput
            label={t('adminPimClasses.node.defaultUnit')}
            value={field.defaultUnit ?? ''}
            onChange={(e) => set('defaultUnit', e.currentTarget.value || undefined)}
          />
        </SimpleGrid>
      )}
      {ITEM_TYPES.includes(type) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {number('minItems')}
          {number('maxItems')}
        </SimpleGrid>
      )}
      {OPTION_TYPES.includes(type) && <OptionsSettings field={field} onChange={onChange} />}
      {RELATION_TYPES.includes(type) && <ClassChoice field={field} onChange={onChange} />}
      {(type === 'fieldcollections' || type === 'objectbricks') && (
        <AllowedTypes
          field={field}
          kind={type === 'fieldcollections' ? 'fieldcollection' : 'objectbrick'}
          onChange={onChange}
        />
      )}
      {type === 'classificationstore' && number('storeId')}
      {type === 'block' && <BlockChildren field={field} onChange={onChange} />}
    </Stack>
  )
}

/** Inline options (key/label rows) or a named option set. */
function OptionsSettings({
  field,
  onChange,
}: {
  field: FieldDefinition
  onChange: (field: FieldDefinition) => void
}) {
  const { t } = useTranslation()
  const sets = useOptionSets()
  const options = field.options ?? []
  const setOptions = (next: SelectOption[]) => onChange({ ...field, options: next })
  const change = (index: number, patch: Partial<SelectOption>) =>
    setOptions(options.map((o, i) => (i === index ? { ...o, ...patch } : o)))
  return (
    <Fieldset legend={t('adminPimClasses.node.options')}>
      <Stack gap="xs">
        <Select
          label={t('adminPimClasses.node.optionsProvider')}
          placeholder={t('adminPimClasses.node.optionsInline')}
          clearable
          data={(sets.data ?? []).map((s) => s.id)}
          value={field.optionsProviderId ?? null}
          onChange={(id) => onChange({ ...field, optionsProviderId: id ?? undefined })}
        />
        {field.optionsProviderId === undefined && (
          <OptionRows options={options} onChange={setOptions} onChangeRow={change} />
        )}
      </Stack>
    </Fieldset>
  )
}

/** Editable key/label rows; used by select fields and option sets. */
export function OptionRows({
  options,
  onChange,
  onChangeRow,
}: {
  options: readonly SelectOption[]
  onChange: (options: SelectOption[]) => void
  onChangeRow: (index: number, patch: Partial<SelectOption>) => void
}) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs">
      {options.map((option, index) => {
        const number = index + 1
        return (
          <Group
            key={index}
            gap="xs"
            align="flex-end"
            role="group"
            aria-label={t('adminPimClasses.node.optionRow', { number })}
          >
            <TextInput
              label={t('adminPimClasses.node.optionKey')}
              value={option.key}
              onChange={(e) => onChangeRow(index, { key: e.currentTarget.value })}
            />
            <TextInput
              label={t('adminPimClasses.node.optionValue')}
              value={option.value}
              onChange={(e) => onChangeRow(index, { value: e.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('adminPimClasses.node.removeOption', { number })}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        )
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => onChange([...options, { key: '', value: '' }])}
        >
          {t('adminPimClasses.node.addOption')}
        </Button>
      </Group>
    </Stack>
  )
}

function ClassChoice({
  field,
  onChange,
}: {
  field: FieldDefinition
  onChange: (field: FieldDefinition) => void
}) {
  const { t } = useTranslation()
  const tree = useClassTree()
  const ids = (tree.data ?? []).flatMap((g) =>
    g.classes.map((c) => ({ value: c.id, label: c.name })),
  )
  return (
    <MultiSelect
      label={t('adminPimClasses.node.classes')}
      data={ids}
      searchable
      value={[...(field.classes ?? [])]}
      onChange={(classes) =>
        onChange({ ...field, classes: classes.length > 0 ? classes : undefined })
      }
    />
  )
}

function AllowedTypes({
  field,
  kind,
  onChange,
}: {
  field: FieldDefinition
  kind: 'fieldcollection' | 'objectbrick'
  onChange: (field: FieldDefinition) => void
}) {
  const { t } = useTranslation()
  const tree = useContainerTree(kind)
  return (
    <MultiSelect
      label={t('adminPimClasses.node.allowedTypes')}
      data={(tree.data ?? []).map((c) => ({ value: c.key, label: c.title || c.key }))}
      searchable
      value={[...(field.allowedTypes ?? [])]}
      onChange={(keys) => onChange({ ...field, allowedTypes: keys })}
    />
  )
}

/** A block's row fields, edited as JSON (rare, and a nested tree editor would not fit here). */
function BlockChildren({
  field,
  onChange,
}: {
  field: FieldDefinition
  onChange: (field: FieldDefinition) => void
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(() => JSON.stringify(field.children ?? [], null, 2))
  const [invalid, setInvalid] = useState(false)
  return (
    <Textarea
      label={t('adminPimClasses.node.children')}
      autosize
      minRows={4}
      styles={{ input: { fontFamily: 'monospace' } }}
      value={text}
      error={invalid ? t('adminPimClasses.node.childrenInvalid') : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value
        setText(next)
        try {
          const parsed = z.array(FieldDefinitionSchema).safeParse(JSON.parse(next))
          setInvalid(!parsed.success)
          if (parsed.success) onChange({ ...field, children: parsed.data })
        } catch {
          setInvalid(true)
        }
      }}
    />
  )
}
