import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  METADATA_TARGET_SUBTYPES,
  PREDEFINED_METADATA_TYPES,
  type PredefinedMetadata,
  type PredefinedMetadataInput,
} from '@optika/domain/operations/thumbnail-settings'
import { LOCALES } from '@optika/i18n/locales'
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
  usePredefinedMetadata,
  writePredefinedMetadata,
} from '../thumbnails/thumbnail-settings-api.ts'

const EMPTY: PredefinedMetadataInput = {
  name: '',
  description: '',
  type: 'input',
  data: null,
  config: '',
  language: '',
  targetSubtype: '',
  group: '',
}

/**
 * /admin/system-settings/metadata — the metadata fields the asset editor offers ready-made
 * (name, type, default, language and which kind of asset), so staff fill in the same fields alike.
 */
export function MetadataDefinitionsPanel() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { data: definitions = [], error } = usePredefinedMetadata()
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<{
    draft: PredefinedMetadataInput
    id: number | null
  } | null>(null)
  const [deleting, setDeleting] = useState<PredefinedMetadata | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: thumbnailSettingsKeys.metadata })
  const shown = definitions.filter((d) => matchesSearch(search, [d.name, d.description, d.group]))
  const subtypeLabel = (subtype: PredefinedMetadata['targetSubtype']) =>
    t(`thumbnailSettings.subtype.${subtype === '' ? 'all' : subtype}`)
  return (
    <Stack>
      <RequestErrorAlert error={error} />
      <SettingsToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={t('thumbnailSettings.metadata.search')}
        addLabel={t('thumbnailSettings.metadata.add')}
        onAdd={() => setEditing({ draft: EMPTY, id: null })}
      />
      <TableScroll label={t('thumbnailSettings.metadata.list')} minWidth={720}>
        <Table striped highlightOnHover aria-label={t('thumbnailSettings.metadata.list')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('thumbnailSettings.field.name')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.type')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.default')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.language')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.targetSubtype')}</Table.Th>
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
            {shown.map((definition) => (
              <Table.Tr key={definition.id}>
                <Table.Th scope="row">
                  <Stack gap={2}>
                    <span>{definition.name}</span>
                    {definition.group && (
                      <Flags>
                        <Badge variant="light">{definition.group}</Badge>
                      </Flags>
                    )}
                    {definition.description && (
                      <Text size="xs" c="dimmed">
                        {definition.description}
                      </Text>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td>{t(`thumbnailSettings.metadataType.${definition.type}`)}</Table.Td>
                <Table.Td>{definition.data ?? '—'}</Table.Td>
                <Table.Td>
                  {definition.language === ''
                    ? t('thumbnailSettings.allLanguages')
                    : definition.language.toUpperCase()}
                </Table.Td>
                <Table.Td>{subtypeLabel(definition.targetSubtype)}</Table.Td>
                <Table.Td>
                  <RowActions
                    name={definition.name}
                    onEdit={() => {
                      const { id, updatedAt: _updatedAt, ...draft } = definition
                      setEditing({ draft, id })
                    }}
                    onDelete={() => setDeleting(definition)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {editing && (
        <MetadataEditor
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
        message={t('thumbnailSettings.metadata.deleteConfirm', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await writePredefinedMetadata('destroy', { id: deleting.id })
          await refresh()
        }}
      />
    </Stack>
  )
}

function MetadataEditor({
  initial,
  id,
  onClose,
  onSaved,
}: {
  initial: PredefinedMetadataInput
  id: number | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(initial)
  const set = (change: Partial<PredefinedMetadataInput>) =>
    setDraft((current) => ({ ...current, ...change }))
  const save = useMutation({
    mutationFn: () =>
      id === null
        ? writePredefinedMetadata('create', draft)
        : writePredefinedMetadata('update', { ...draft, id }),
    onSuccess: onSaved,
  })
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        id === null
          ? t('thumbnailSettings.metadata.addTitle')
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
              label={t('thumbnailSettings.field.group')}
              value={draft.group}
              onChange={(event) => set({ group: event.currentTarget.value })}
            />
            <Select
              label={t('thumbnailSettings.field.type')}
              data={PREDEFINED_METADATA_TYPES.map((type) => ({
                value: type,
                label: t(`thumbnailSettings.metadataType.${type}`),
              }))}
              value={draft.type}
              allowDeselect={false}
              onChange={(type) => type && set({ type: type })}
            />
            <TextInput
              label={t('thumbnailSettings.field.default')}
              description={
                draft.type === 'checkbox'
                  ? t('thumbnailSettings.field.defaultYesNoHint')
                  : undefined
              }
              value={draft.data ?? ''}
              onChange={(event) => set({ data: event.currentTarget.value || null })}
            />
            <Select
              label={t('thumbnailSettings.field.language')}
              data={['', ...LOCALES].map((language) => ({
                value: language,
                label:
                  language === '' ? t('thumbnailSettings.allLanguages') : language.toUpperCase(),
              }))}
              value={draft.language}
              allowDeselect={false}
              onChange={(language) =>
                language !== null &&
                set({ language: language as PredefinedMetadataInput['language'] })
              }
            />
            <Select
              label={t('thumbnailSettings.field.targetSubtype')}
              data={METADATA_TARGET_SUBTYPES.map((subtype) => ({
                value: subtype,
                label: t(`thumbnailSettings.subtype.${subtype === '' ? 'all' : subtype}`),
              }))}
              value={draft.targetSubtype}
              allowDeselect={false}
              onChange={(subtype) => subtype !== null && set({ targetSubtype: subtype })}
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
