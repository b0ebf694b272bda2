import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  PREDEFINED_PROPERTY_TYPES,
  PROPERTY_CONTENT_TYPES,
  type PredefinedProperty,
  type PredefinedPropertyInput,
} from '@optika/domain/operations/thumbnail-settings'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { TableScroll } from '../../../elements/components/table-scroll.tsx'
import {
  ConfirmDelete,
  Flags,
  RowActions,
  SettingsToolbar,
  matchesSearch,
} from '../thumbnails/settings-list-parts.tsx'
import {
  thumbnailSettingsKeys,
  usePredefinedProperties,
  writePredefinedProperty,
} from '../thumbnails/thumbnail-settings-api.ts'

const EMPTY: PredefinedPropertyInput = {
  name: '',
  description: '',
  key: '',
  type: 'text',
  data: null,
  config: '',
  ctype: ['document'],
  inheritable: false,
  group: '',
}

/**
 * /admin/system-settings/properties — properties offered ready-made in the properties tab of
 * documents, assets and objects: key, label, type, default, inheritance and where they apply.
 */
export function PredefinedPropertiesPanel() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { data: properties = [], error } = usePredefinedProperties()
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<{
    draft: PredefinedPropertyInput
    id: number | null
  } | null>(null)
  const [deleting, setDeleting] = useState<PredefinedProperty | null>(null)
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: thumbnailSettingsKeys.properties })
  const shown = properties.filter((p) =>
    matchesSearch(search, [p.name, p.key, p.description, p.group]),
  )
  return (
    <Stack>
      <RequestErrorAlert error={error} />
      <SettingsToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={t('thumbnailSettings.properties.search')}
        addLabel={t('thumbnailSettings.properties.add')}
        onAdd={() => setEditing({ draft: EMPTY, id: null })}
      />
      <TableScroll label={t('thumbnailSettings.properties.list')} minWidth={760}>
        <Table striped highlightOnHover aria-label={t('thumbnailSettings.properties.list')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('thumbnailSettings.field.name')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.key')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.type')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.default')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.contentTypes')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6} c="dimmed">
                  {t('thumbnailSettings.none')}
                </Table.Td>
              </Table.Tr>
            )}
            {shown.map((property) => (
              <Table.Tr key={property.id}>
                <Table.Th scope="row">
                  <Stack gap={2}>
                    <span>{property.name}</span>
                    <Flags>
                      {property.group && <Badge variant="light">{property.group}</Badge>}
                      {property.inheritable && (
                        <Badge variant="light" color="grape">
                          {t('thumbnailSettings.field.inheritable')}
                        </Badge>
                      )}
                    </Flags>
                    {property.description && (
                      <Text size="xs" c="dimmed">
                        {property.description}
                      </Text>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td>
                  <code>{property.key}</code>
                </Table.Td>
                <Table.Td>{t(`thumbnailSettings.propertyType.${property.type}`)}</Table.Td>
                <Table.Td>{property.data ?? '—'}</Table.Td>
                <Table.Td>
                  {property.ctype.map((c) => t(`thumbnailSettings.contentType.${c}`)).join(', ')}
                </Table.Td>
                <Table.Td>
                  <RowActions
                    name={property.name}
                    onEdit={() => {
                      const { id, updatedAt: _updatedAt, ...draft } = property
                      setEditing({ draft, id })
                    }}
                    onDelete={() => setDeleting(property)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {editing && (
        <PropertyEditor
          initial={editing.draft}
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void refresh()
          }}
        />
      )}
      <ConfirmDelete
        name={deleting?.name ?? null}
        message={t('thumbnailSettings.properties.deleteConfirm', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await writePredefinedProperty('destroy', { id: deleting.id })
          await refresh()
        }}
      />
    </Stack>
  )
}

function PropertyEditor({
  initial,
  id,
  onClose,
  onSaved,
}: {
  initial: PredefinedPropertyInput
  id: number | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(initial)
  const set = (change: Partial<PredefinedPropertyInput>) =>
    setDraft((current) => ({ ...current, ...change }))
  const save = useMutation({
    mutationFn: () =>
      id === null
        ? writePredefinedProperty('create', draft)
        : writePredefinedProperty('update', { ...draft, id }),
    onSuccess: onSaved,
  })
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        id === null
          ? t('thumbnailSettings.properties.addTitle')
          : t('thumbnailSettings.editNamed', { name: initial.name })
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate()
        }}
      >
        <Stack>
          <RequestErrorAlert error={save.error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('thumbnailSettings.field.name')}
              value={draft.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              required
              data-autofocus
            />
            <TextInput
              label={t('thumbnailSettings.field.key')}
              description={t('thumbnailSettings.field.keyHint')}
              value={draft.key}
              onChange={(event) => set({ key: event.currentTarget.value })}
              required
            />
            <Select
              label={t('thumbnailSettings.field.type')}
              data={PREDEFINED_PROPERTY_TYPES.map((type) => ({
                value: type,
                label: t(`thumbnailSettings.propertyType.${type}`),
              }))}
              value={draft.type}
              allowDeselect={false}
              onChange={(type) => type && set({ type: type })}
            />
            <TextInput
              label={t('thumbnailSettings.field.default')}
              description={
                draft.type === 'bool' ? t('thumbnailSettings.field.defaultYesNoHint') : undefined
              }
              value={draft.data ?? ''}
              onChange={(event) => set({ data: event.currentTarget.value || null })}
            />
            <TextInput
              label={t('thumbnailSettings.field.group')}
              value={draft.group}
              onChange={(event) => set({ group: event.currentTarget.value })}
            />
          </SimpleGrid>
          {draft.type === 'select' && (
            <TextInput
              label={t('thumbnailSettings.field.options')}
              description={t('thumbnailSettings.field.optionsHint')}
              value={draft.config}
              onChange={(event) => set({ config: event.currentTarget.value })}
              required
            />
          )}
          <Checkbox.Group
            label={t('thumbnailSettings.field.contentTypes')}
            value={draft.ctype}
            onChange={(ctype) => set({ ctype: ctype })}
            required
          >
            <Group mt="xs">
              {PROPERTY_CONTENT_TYPES.map((c) => (
                <Checkbox key={c} value={c} label={t(`thumbnailSettings.contentType.${c}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch
            label={t('thumbnailSettings.field.inheritable')}
            description={t('thumbnailSettings.field.inheritableHint')}
            checked={draft.inheritable}
            onChange={(event) => set({ inheritable: event.currentTarget.checked })}
          />
          <TextInput
            label={t('thumbnailSettings.field.description')}
            value={draft.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
