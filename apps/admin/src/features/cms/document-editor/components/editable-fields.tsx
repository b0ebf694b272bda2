import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Menu,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import {
  BRICK_TYPES,
  EDITABLE_LIMITS,
  type AreaBrick,
  type Editable,
  type EditableMap,
} from '@optika/domain/cms/editables'
import { BRICKS, type EditableDefinition } from '@optika/domain/cms/templates'
import { AssetPicker } from '../../../dam/asset-picker/components/asset-picker.tsx'
import { ItemCard, ItemControls } from '../../../pim/data-objects/fields/item-controls.tsx'
import { editableLabelKey, optionLabelKey } from '../model/editable-labels.ts'
import {
  createBlockItem,
  createBrick,
  readEditable,
  writeEditable,
} from '../model/editable-values.ts'
import { DocumentPicker } from './document-picker.tsx'
import { ObjectSearch, RelationsField } from './relations-field.tsx'
import { RichTextField } from './rich-text-field.tsx'

interface FieldsProps {
  readonly definitions: readonly EditableDefinition[]
  readonly values: EditableMap
  onChange: (next: EditableMap) => void
  readonly readOnly: boolean
  readonly documentId: number
}

/** The form of a template's (or a brick's, or a block item's) editables. */
export function EditableFields({
  definitions,
  values,
  onChange,
  readOnly,
  documentId,
}: FieldsProps) {
  return (
    <Stack gap="sm">
      {definitions.map((definition) => (
        <EditableField
          key={definition.name}
          definition={definition}
          values={values}
          onChange={onChange}
          readOnly={readOnly}
          documentId={documentId}
        />
      ))}
    </Stack>
  )
}

function EditableField({
  definition,
  values,
  onChange,
  readOnly,
  documentId,
}: Omit<FieldsProps, 'definitions'> & { definition: EditableDefinition }) {
  const { t } = useTranslation()
  const label = t(editableLabelKey(definition.labelKey))
  const set = (value: Editable) => onChange(writeEditable(values, definition.name, value))
  switch (definition.type) {
    case 'input': {
      const { data } = readEditable(values, { ...definition, type: 'input' })
      return (
        <TextInput
          label={label}
          value={data}
          maxLength={EDITABLE_LIMITS.input}
          readOnly={readOnly}
          onChange={(event) => set({ type: 'input', data: event.currentTarget.value })}
        />
      )
    }
    case 'textarea': {
      const { data } = readEditable(values, { ...definition, type: 'textarea' })
      return (
        <Textarea
          label={label}
          value={data}
          autosize
          minRows={2}
          maxLength={EDITABLE_LIMITS.textarea}
          readOnly={readOnly}
          onChange={(event) => set({ type: 'textarea', data: event.currentTarget.value })}
        />
      )
    }
    case 'wysiwyg': {
      const { data } = readEditable(values, { ...definition, type: 'wysiwyg' })
      return (
        <RichTextField
          label={label}
          value={data}
          readOnly={readOnly}
          onChange={(html) => set({ type: 'wysiwyg', data: html })}
        />
      )
    }
    case 'select': {
      const { data } = readEditable(values, { ...definition, type: 'select' })
      return (
        <Select
          label={label}
          value={data}
          allowDeselect={false}
          readOnly={readOnly}
          data={(definition.options ?? []).map((value) => ({
            value,
            label: t(optionLabelKey(definition.name, value)),
          }))}
          onChange={(value) => value !== null && set({ type: 'select', data: value })}
        />
      )
    }
    case 'checkbox': {
      const { data } = readEditable(values, { ...definition, type: 'checkbox' })
      return (
        <Checkbox
          label={label}
          checked={data}
          disabled={readOnly}
          onChange={(event) => set({ type: 'checkbox', data: event.currentTarget.checked })}
        />
      )
    }
    case 'numeric': {
      const { data } = readEditable(values, { ...definition, type: 'numeric' })
      return (
        <NumberInput
          label={label}
          value={data ?? ''}
          readOnly={readOnly}
          onChange={(value) =>
            set({ type: 'numeric', data: typeof value === 'number' ? value : null })
          }
        />
      )
    }
    case 'date': {
      const { data } = readEditable(values, { ...definition, type: 'date' })
      return (
        <TextInput
          label={label}
          type="date"
          value={data ?? ''}
          readOnly={readOnly}
          onChange={(event) =>
            set({
              type: 'date',
              data: event.currentTarget.value === '' ? null : event.currentTarget.value,
            })
          }
        />
      )
    }
    case 'image': {
      const { data } = readEditable(values, { ...definition, type: 'image' })
      return (
        <Fieldset legend={label} variant="unstyled">
          <Stack gap="xs">
            <AssetPicker
              label={t('cmsAdminEditor.image.asset')}
              multiple={false}
              value={data.assetId === null ? [] : [data.assetId]}
              onChange={(ids) => set({ type: 'image', data: { ...data, assetId: ids[0] ?? null } })}
            />
            <TextInput
              label={t('cmsAdminEditor.image.alt')}
              description={t('cmsAdminEditor.image.altHint')}
              value={data.alt ?? ''}
              maxLength={500}
              readOnly={readOnly}
              onChange={(event) =>
                set({ type: 'image', data: { ...data, alt: event.currentTarget.value } })
              }
            />
          </Stack>
        </Fieldset>
      )
    }
    case 'video': {
      const { data } = readEditable(values, { ...definition, type: 'video' })
      return (
        <Fieldset legend={label} variant="unstyled">
          <Stack gap="xs">
            <AssetPicker
              label={t('cmsAdminEditor.video.asset')}
              multiple={false}
              value={data.assetId === null ? [] : [data.assetId]}
              onChange={(ids) => set({ type: 'video', data: { ...data, assetId: ids[0] ?? null } })}
            />
            <AssetPicker
              label={t('cmsAdminEditor.video.poster')}
              multiple={false}
              value={
                data.posterAssetId === null || data.posterAssetId === undefined
                  ? []
                  : [data.posterAssetId]
              }
              onChange={(ids) =>
                set({ type: 'video', data: { ...data, posterAssetId: ids[0] ?? null } })
              }
            />
            <TextInput
              label={t('cmsAdminEditor.video.title')}
              value={data.title ?? ''}
              maxLength={500}
              readOnly={readOnly}
              onChange={(event) =>
                set({ type: 'video', data: { ...data, title: event.currentTarget.value } })
              }
            />
          </Stack>
        </Fieldset>
      )
    }
    case 'link': {
      const { data } = readEditable(values, { ...definition, type: 'link' })
      const internalId =
        data.internal !== null && data.internal !== undefined && data.internal.type === 'document'
          ? data.internal.id
          : null
      return (
        <Fieldset legend={label} variant="unstyled">
          <Stack gap="xs">
            <TextInput
              label={t('cmsAdminEditor.link.text')}
              value={data.text}
              maxLength={500}
              readOnly={readOnly}
              onChange={(event) =>
                set({ type: 'link', data: { ...data, text: event.currentTarget.value } })
              }
            />
            <DocumentPicker
              label={t('cmsAdminEditor.link.document')}
              value={internalId}
              types={['page', 'link', 'hardlink']}
              readOnly={readOnly}
              onChange={(id) =>
                set({
                  type: 'link',
                  data: { ...data, internal: id === null ? null : { type: 'document', id } },
                })
              }
            />
            <TextInput
              label={t('cmsAdminEditor.link.href')}
              description={t('cmsAdminEditor.link.hrefHint')}
              value={data.href ?? ''}
              maxLength={2_000}
              readOnly={readOnly}
              disabled={internalId !== null}
              onChange={(event) =>
                set({ type: 'link', data: { ...data, href: event.currentTarget.value } })
              }
            />
            <Checkbox
              label={t('cmsAdminEditor.link.newWindow')}
              checked={data.target === '_blank'}
              disabled={readOnly}
              onChange={(event) =>
                set({
                  type: 'link',
                  data: { ...data, target: event.currentTarget.checked ? '_blank' : '' },
                })
              }
            />
          </Stack>
        </Fieldset>
      )
    }
    case 'relation':
    case 'relations': {
      const many = definition.type === 'relations'
      const current =
        definition.type === 'relation'
          ? readEditable(values, { ...definition, type: 'relation' }).data
          : readEditable(values, { ...definition, type: 'relations' }).data
      const refs = current === null ? [] : Array.isArray(current) ? current : [current]
      return (
        <RelationsField
          definition={definition}
          label={label}
          value={refs}
          many={many}
          readOnly={readOnly}
          documentId={documentId}
          onChange={(next) =>
            set(
              many
                ? { type: 'relations', data: next }
                : { type: 'relation', data: next[0] ?? null },
            )
          }
        />
      )
    }
    case 'snippet': {
      const { data } = readEditable(values, { ...definition, type: 'snippet' })
      return (
        <DocumentPicker
          label={label}
          value={data.documentId}
          types={['snippet']}
          readOnly={readOnly}
          onChange={(id) => set({ type: 'snippet', data: { documentId: id } })}
        />
      )
    }
    case 'renderlet': {
      const { data } = readEditable(values, { ...definition, type: 'renderlet' })
      return (
        <Fieldset legend={label} variant="unstyled">
          <Stack gap="xs">
            <Text size="sm">
              {t('cmsAdminEditor.renderlet.category')}:{' '}
              {data.categoryId === null ? t('cmsAdminEditor.picker.none') : `#${data.categoryId}`}
            </Text>
            {!readOnly && (
              <ObjectSearch
                label={t('cmsAdminEditor.renderlet.category')}
                classes={['Category']}
                onPick={(id) => set({ type: 'renderlet', data: { ...data, categoryId: id } })}
              />
            )}
            <TextInput
              label={t('cmsAdminEditor.renderlet.query')}
              description={t('cmsAdminEditor.renderlet.queryHint')}
              value={data.query}
              maxLength={1_000}
              readOnly={readOnly}
              onChange={(event) =>
                set({ type: 'renderlet', data: { ...data, query: event.currentTarget.value } })
              }
            />
            <NumberInput
              label={t('cmsAdminEditor.renderlet.limit')}
              min={1}
              max={24}
              value={data.limit}
              readOnly={readOnly}
              onChange={(value) =>
                typeof value === 'number' &&
                set({
                  type: 'renderlet',
                  data: { ...data, limit: Math.min(24, Math.max(1, value)) },
                })
              }
            />
          </Stack>
        </Fieldset>
      )
    }
    case 'block': {
      const { data } = readEditable(values, { ...definition, type: 'block' })
      const children = definition.children ?? []
      const max = Math.min(definition.max ?? EDITABLE_LIMITS.blockItems, EDITABLE_LIMITS.blockItems)
      const write = (items: EditableMap[]) => set({ type: 'block', data: items })
      return (
        <Fieldset legend={label}>
          <Stack gap="xs">
            {data.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('cmsAdminEditor.block.empty')}
              </Text>
            )}
            {data.map((item, index) => {
              const itemLabel = t('cmsAdminEditor.block.item', { name: label, number: index + 1 })
              return (
                <ItemCard
                  key={index}
                  label={itemLabel}
                  component="fieldset"
                  controls={
                    readOnly ? undefined : (
                      <ItemControls label={itemLabel} items={data} index={index} onChange={write} />
                    )
                  }
                >
                  <EditableFields
                    definitions={children}
                    values={item}
                    readOnly={readOnly}
                    documentId={documentId}
                    onChange={(next) => write(data.map((old, at) => (at === index ? next : old)))}
                  />
                </ItemCard>
              )
            })}
            {!readOnly && data.length < max && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => write([...data, createBlockItem(children)])}
                >
                  {t('cmsAdminEditor.block.add', { name: label })}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      )
    }
    case 'areablock': {
      const { data } = readEditable(values, { ...definition, type: 'areablock' })
      return (
        <AreaBlockField
          label={label}
          bricks={data}
          offered={definition.bricks ?? BRICK_TYPES}
          readOnly={readOnly}
          documentId={documentId}
          onChange={(next) => set({ type: 'areablock', data: next })}
        />
      )
    }
  }
}

/** An area block: bricks in order, each with its own editables; add from the brick library. */
function AreaBlockField({
  label,
  bricks,
  offered,
  readOnly,
  documentId,
  onChange,
}: {
  label: string
  bricks: readonly AreaBrick[]
  offered: readonly (typeof BRICK_TYPES)[number][]
  readOnly: boolean
  documentId: number
  onChange: (next: AreaBrick[]) => void
}) {
  const { t } = useTranslation()
  const replace = (index: number, brick: AreaBrick) =>
    onChange(bricks.map((old, at) => (at === index ? brick : old)))
  return (
    <Fieldset legend={label}>
      <Stack gap="xs">
        {bricks.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('cmsAdminEditor.area.empty')}
          </Text>
        )}
        {bricks.map((brick, index) => {
          const brickLabel = t('cmsAdminEditor.area.brick', {
            name: t(editableLabelKey(BRICKS[brick.brick].labelKey)),
            number: index + 1,
          })
          return (
            <ItemCard
              key={brick.id}
              label={brickLabel}
              component="section"
              style={brick.hidden === true ? { opacity: 0.6 } : undefined}
              controls={
                readOnly ? undefined : (
                  <Group gap="xs" wrap="nowrap">
                    <Switch
                      size="xs"
                      label={t('cmsAdminEditor.area.hidden')}
                      aria-label={t('cmsAdminEditor.area.hide', { name: brickLabel })}
                      checked={brick.hidden === true}
                      onChange={(event) =>
                        replace(index, { ...brick, hidden: event.currentTarget.checked })
                      }
                    />
                    <ItemControls
                      label={brickLabel}
                      items={bricks}
                      index={index}
                      onChange={onChange}
                      wrap="nowrap"
                    />
                  </Group>
                )
              }
            >
              <EditableFields
                definitions={BRICKS[brick.brick].editables}
                values={brick.editables}
                readOnly={readOnly}
                documentId={documentId}
                onChange={(editables) => replace(index, { ...brick, editables })}
              />
            </ItemCard>
          )
        })}
        {!readOnly && bricks.length < EDITABLE_LIMITS.areablockItems && (
          <Group>
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="light">
                  {t('cmsAdminEditor.area.add', { name: label })}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('cmsAdminEditor.area.library')}</Menu.Label>
                {offered.map((type) => (
                  <Menu.Item
                    key={type}
                    onClick={() => onChange([...bricks, createBrick(type, bricks)])}
                  >
                    {t(editableLabelKey(BRICKS[type].labelKey))}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Stack>
    </Fieldset>
  )
}
