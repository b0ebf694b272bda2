import {
  Alert,
  Badge,
  Button,
  ColorInput,
  Group,
  Image,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  DEFAULT_IMAGE_THUMBNAIL_SETTINGS,
  THUMBNAIL_CONFIG_FORMATS,
  THUMBNAIL_MAX_SIDE,
  type ImageThumbnailConfig,
  type ImageThumbnailSettings,
} from '@optika/domain/operations/thumbnail-settings'
import { THUMBNAIL_MODES } from '@optika/domain/pim/asset-thumbnail-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { TableScroll } from '../../../elements/components/table-scroll.tsx'
import {
  AdapterStatus,
  ConfirmDelete,
  Flags,
  RowActions,
  SettingsToolbar,
  matchesSearch,
} from './settings-list-parts.tsx'
import {
  deleteThumbnailConfig,
  saveImageThumbnailConfig,
  thumbnailSettingsKeys,
  useImageThumbnailConfigs,
} from './thumbnail-settings-api.ts'

/** The draft the editor holds: the name plus every setting. */
type Draft = ImageThumbnailSettings & { name: string }

/**
 * /admin/system-settings/thumbnails — the named picture sizes the asset library and the shop render:
 * a searchable list, an editor (size, how the picture fits, format, quality, @2x, download menu)
 * and a try-out on any picture asset.
 */
export function ImageThumbnailsPanel() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { data: configs = [], error } = useImageThumbnailConfigs()
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<{ draft: Draft; isNew: boolean } | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const shown = configs.filter((config) =>
    matchesSearch(search, [config.name, config.group, config.description]),
  )
  const refresh = () => queryClient.invalidateQueries({ queryKey: thumbnailSettingsKeys.images })
  return (
    <Stack>
      <AdapterStatus kind="image" />
      <RequestErrorAlert error={error} />
      {saved && (
        <Alert color="green" role="status">
          {t('thumbnailSettings.image.saved', { name: saved })}
        </Alert>
      )}
      <SettingsToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={t('thumbnailSettings.image.search')}
        addLabel={t('thumbnailSettings.image.add')}
        onAdd={() =>
          setEditing({ draft: { ...DEFAULT_IMAGE_THUMBNAIL_SETTINGS, name: '' }, isNew: true })
        }
      />
      <TableScroll label={t('thumbnailSettings.image.list')} minWidth={720}>
        <Table striped highlightOnHover aria-label={t('thumbnailSettings.image.list')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('thumbnailSettings.field.name')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.size')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.mode')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.format')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.quality')}</Table.Th>
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
            {shown.map((config) => (
              <Table.Tr key={config.name}>
                <Table.Th scope="row">
                  <Stack gap={2}>
                    <span>{config.name}</span>
                    <Flags>
                      {config.group && <Badge variant="light">{config.group}</Badge>}
                      {config.highDpi && (
                        <Badge variant="light" color="grape">
                          @2x
                        </Badge>
                      )}
                      {config.downloadable && (
                        <Badge variant="light" color="teal">
                          {t('thumbnailSettings.field.downloadableShort')}
                        </Badge>
                      )}
                    </Flags>
                    {config.description && (
                      <Text size="xs" c="dimmed">
                        {config.description}
                      </Text>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td>
                  {config.width} × {config.height}
                </Table.Td>
                <Table.Td>{t(`thumbnailSettings.mode.${config.mode}`)}</Table.Td>
                <Table.Td>{t(`thumbnailSettings.format.${config.format}`)}</Table.Td>
                <Table.Td>{config.format === 'png' ? '—' : config.quality}</Table.Td>
                <Table.Td>
                  <RowActions
                    name={config.name}
                    onEdit={() => setEditing({ draft: toDraft(config), isNew: false })}
                    onDelete={() => setDeleting(config.name)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <TryThumbnail configs={configs} />
      {editing && (
        <ImageConfigEditor
          key={editing.draft.name || 'new'}
          initial={editing.draft}
          isNew={editing.isNew}
          onClose={() => setEditing(null)}
          onSaved={(config) => {
            setEditing(null)
            setSaved(config.name)
            void refresh()
          }}
        />
      )}
      <ConfirmDelete
        name={deleting}
        message={t('thumbnailSettings.image.deleteConfirm', { name: deleting ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await deleteThumbnailConfig('image', deleting)
          await refresh()
        }}
      />
    </Stack>
  )
}

function toDraft(config: ImageThumbnailConfig): Draft {
  const { updatedAt: _updatedAt, ...draft } = config
  return draft
}

function ImageConfigEditor({
  initial,
  isNew,
  onClose,
  onSaved,
}: {
  initial: Draft
  isNew: boolean
  onClose: () => void
  onSaved: (config: ImageThumbnailConfig) => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(initial)
  const save = useMutation({
    mutationFn: () => saveImageThumbnailConfig(isNew, { ...draft, name: draft.name.trim() }),
    onSuccess: onSaved,
  })
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }))
  const number = (value: string | number) => (typeof value === 'number' ? value : 0)
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        isNew
          ? t('thumbnailSettings.image.addTitle')
          : t('thumbnailSettings.image.editTitle', { name: initial.name })
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
          <TextInput
            label={t('thumbnailSettings.field.name')}
            description={t('thumbnailSettings.field.nameHint')}
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            readOnly={!isNew}
            required
            data-autofocus={isNew || undefined}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('thumbnailSettings.field.group')}
              value={draft.group}
              onChange={(event) => set({ group: event.currentTarget.value })}
            />
            <Select
              label={t('thumbnailSettings.field.mode')}
              data={THUMBNAIL_MODES.map((mode) => ({
                value: mode,
                label: t(`thumbnailSettings.mode.${mode}`),
              }))}
              value={draft.mode}
              allowDeselect={false}
              onChange={(mode) => mode && set({ mode: mode })}
            />
            <NumberInput
              label={t('thumbnailSettings.field.width')}
              min={1}
              max={THUMBNAIL_MAX_SIDE}
              allowDecimal={false}
              value={draft.width}
              onChange={(value) => set({ width: number(value) })}
              required
            />
            <NumberInput
              label={t('thumbnailSettings.field.height')}
              min={1}
              max={THUMBNAIL_MAX_SIDE}
              allowDecimal={false}
              value={draft.height}
              onChange={(value) => set({ height: number(value) })}
              required
            />
            <Select
              label={t('thumbnailSettings.field.format')}
              data={THUMBNAIL_CONFIG_FORMATS.map((format) => ({
                value: format,
                label: t(`thumbnailSettings.format.${format}`),
              }))}
              value={draft.format}
              allowDeselect={false}
              onChange={(format) => format && set({ format: format })}
            />
            <NumberInput
              label={t('thumbnailSettings.field.quality')}
              description={t('thumbnailSettings.field.qualityHint')}
              min={1}
              max={100}
              allowDecimal={false}
              value={draft.quality}
              onChange={(value) => set({ quality: number(value) })}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t(`thumbnailSettings.modeHint.${draft.mode}`)}
          </Text>
          {draft.mode === 'frame' && (
            <ColorInput
              label={t('thumbnailSettings.field.background')}
              description={t('thumbnailSettings.field.backgroundHint')}
              format="hex"
              value={draft.background ?? ''}
              onChange={(value) => set({ background: value === '' ? null : value })}
            />
          )}
          <Switch
            label={t('thumbnailSettings.field.highDpi')}
            description={t('thumbnailSettings.field.highDpiHint', { name: draft.name || '…' })}
            checked={draft.highDpi}
            onChange={(event) => set({ highDpi: event.currentTarget.checked })}
          />
          <Switch
            label={t('thumbnailSettings.field.downloadable')}
            checked={draft.downloadable}
            onChange={(event) => set({ downloadable: event.currentTarget.checked })}
          />
          <Textarea
            label={t('thumbnailSettings.field.description')}
            value={draft.description}
            autosize
            minRows={2}
            onChange={(event) => set({ description: event.currentTarget.value })}
          />
          {!isNew && (
            <Text size="sm" c="dimmed">
              {t('thumbnailSettings.image.changeClears')}
            </Text>
          )}
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

/** Renders a chosen picture asset in a chosen configuration and says the size it came out at. */
function TryThumbnail({ configs }: { configs: readonly ImageThumbnailConfig[] }) {
  const { t } = useTranslation()
  const [assetId, setAssetId] = useState<string | number>('')
  const [config, setConfig] = useState<string | null>(null)
  const [shown, setShown] = useState<{ url: string; config: string } | null>(null)
  const [size, setSize] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const options = configs.flatMap((c) => (c.highDpi ? [c.name, `${c.name}@2x`] : [c.name]))
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="try-thumbnail">
      <Title order={2} size="h5" id="try-thumbnail" mb="xs">
        {t('thumbnailSettings.try.title')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (typeof assetId !== 'number' || !config) return
          setSize(null)
          setFailed(false)
          setShown({
            url: `/admin/asset/get-image-thumbnail?id=${assetId}&config=${encodeURIComponent(config)}&t=${Date.now()}`,
            config,
          })
        }}
      >
        <Group align="end" wrap="wrap">
          <NumberInput
            label={t('thumbnailSettings.try.assetId')}
            description={t('thumbnailSettings.try.assetIdHint')}
            min={1}
            allowDecimal={false}
            value={assetId}
            onChange={setAssetId}
            w={180}
          />
          <Select
            label={t('thumbnailSettings.try.config')}
            data={options}
            value={config}
            onChange={setConfig}
            searchable
            w={220}
          />
          <Button type="submit" variant="light" disabled={typeof assetId !== 'number' || !config}>
            {t('thumbnailSettings.try.render')}
          </Button>
        </Group>
      </form>
      {shown && (
        <Stack mt="md" gap="xs">
          {failed ? (
            <Alert color="red" role="alert">
              {t('thumbnailSettings.try.failed')}
            </Alert>
          ) : (
            <Text size="sm" role="status" aria-live="polite">
              {size ?? t('thumbnailSettings.try.rendering')}
            </Text>
          )}
          <Image
            src={shown.url}
            alt={t('thumbnailSettings.try.alt', { config: shown.config })}
            maw="100%"
            w="auto"
            fit="contain"
            style={{
              alignSelf: 'flex-start',
              background: 'repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px',
            }}
            onLoad={(event) => {
              const image = event.currentTarget
              setSize(
                t('thumbnailSettings.try.renderedSize', {
                  width: image.naturalWidth,
                  height: image.naturalHeight,
                }),
              )
            }}
            onError={() => setFailed(true)}
          />
        </Stack>
      )}
    </Paper>
  )
}
