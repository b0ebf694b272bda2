import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  DEFAULT_VIDEO_THUMBNAIL_SETTINGS,
  VIDEO_THUMBNAIL_FORMATS,
  type VideoThumbnailConfig,
  type VideoThumbnailSettings,
} from '@optika/domain/operations/thumbnail-settings'
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
  saveVideoThumbnailConfig,
  thumbnailSettingsKeys,
  useVideoThumbnailConfigs,
} from './thumbnail-settings-api.ts'

type Draft = VideoThumbnailSettings & { name: string }

/**
 * /admin/system-settings/video-thumbnails — how videos are transcoded for playback: width,
 * bitrates, length and formats (`preview` is what the asset editor's player shows).
 */
export function VideoThumbnailsPanel() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { data: configs = [], error } = useVideoThumbnailConfigs()
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<{ draft: Draft; isNew: boolean } | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: thumbnailSettingsKeys.videos })
  const shown = configs.filter((config) =>
    matchesSearch(search, [config.name, config.group, config.description]),
  )
  return (
    <Stack>
      <AdapterStatus kind="video" />
      <RequestErrorAlert error={error} />
      {saved && (
        <Alert color="green" role="status">
          {t('thumbnailSettings.video.saved', { name: saved })}
        </Alert>
      )}
      <SettingsToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={t('thumbnailSettings.video.search')}
        addLabel={t('thumbnailSettings.video.add')}
        onAdd={() =>
          setEditing({ draft: { ...DEFAULT_VIDEO_THUMBNAIL_SETTINGS, name: '' }, isNew: true })
        }
      />
      <TableScroll label={t('thumbnailSettings.video.list')} minWidth={640}>
        <Table striped highlightOnHover aria-label={t('thumbnailSettings.video.list')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('thumbnailSettings.field.name')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.maxWidth')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.bitrates')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.maxSeconds')}</Table.Th>
              <Table.Th>{t('thumbnailSettings.field.formats')}</Table.Th>
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
                    {config.group && (
                      <Flags>
                        <Badge variant="light">{config.group}</Badge>
                      </Flags>
                    )}
                    {config.description && (
                      <Text size="xs" c="dimmed">
                        {config.description}
                      </Text>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td>{config.width} px</Table.Td>
                <Table.Td>
                  {t('thumbnailSettings.video.bitrateValue', {
                    video: config.videoBitrate,
                    audio: config.audioBitrate,
                  })}
                </Table.Td>
                <Table.Td>{config.maxSeconds} s</Table.Td>
                <Table.Td>{config.formats.map((f) => f.toUpperCase()).join(', ')}</Table.Td>
                <Table.Td>
                  <RowActions
                    name={config.name}
                    onEdit={() => {
                      const { updatedAt: _updatedAt, ...draft } = config
                      setEditing({ draft, isNew: false })
                    }}
                    onDelete={() => setDeleting(config.name)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {editing && (
        <VideoConfigEditor
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
        message={t('thumbnailSettings.video.deleteConfirm', { name: deleting ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await deleteThumbnailConfig('video', deleting)
          await refresh()
        }}
      />
    </Stack>
  )
}

function VideoConfigEditor({
  initial,
  isNew,
  onClose,
  onSaved,
}: {
  initial: Draft
  isNew: boolean
  onClose: () => void
  onSaved: (config: VideoThumbnailConfig) => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(initial)
  const save = useMutation({
    mutationFn: () => saveVideoThumbnailConfig(isNew, { ...draft, name: draft.name.trim() }),
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
          ? t('thumbnailSettings.video.addTitle')
          : t('thumbnailSettings.video.editTitle', { name: initial.name })
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
            <NumberInput
              label={t('thumbnailSettings.field.maxWidth')}
              min={16}
              max={3840}
              allowDecimal={false}
              value={draft.width}
              onChange={(value) => set({ width: number(value) })}
            />
            <NumberInput
              label={t('thumbnailSettings.field.videoBitrate')}
              min={50}
              max={20000}
              allowDecimal={false}
              value={draft.videoBitrate}
              onChange={(value) => set({ videoBitrate: number(value) })}
            />
            <NumberInput
              label={t('thumbnailSettings.field.audioBitrate')}
              description={t('thumbnailSettings.field.audioBitrateHint')}
              min={0}
              max={320}
              allowDecimal={false}
              value={draft.audioBitrate}
              onChange={(value) => set({ audioBitrate: number(value) })}
            />
            <NumberInput
              label={t('thumbnailSettings.field.maxSeconds')}
              min={1}
              max={600}
              allowDecimal={false}
              value={draft.maxSeconds}
              onChange={(value) => set({ maxSeconds: number(value) })}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('thumbnailSettings.field.formats')}
            value={draft.formats}
            onChange={(formats) => set({ formats: formats })}
          >
            <Group mt="xs">
              {VIDEO_THUMBNAIL_FORMATS.map((format) => (
                <Checkbox key={format} value={format} label={format.toUpperCase()} />
              ))}
            </Group>
          </Checkbox.Group>
          <Textarea
            label={t('thumbnailSettings.field.description')}
            value={draft.description}
            autosize
            minRows={2}
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
