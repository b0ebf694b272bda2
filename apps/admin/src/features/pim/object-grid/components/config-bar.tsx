import { Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ColumnConfigAnswer, GridConfig } from '@optika/domain/pim/grid-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import {
  applyColumnConfigToAll,
  deleteColumnConfig,
  gridKeys,
  markFavouriteColumnConfig,
  saveColumnConfig,
} from '../api/object-grid-api.ts'

interface ConfigBarProps {
  classId: string
  folderId: number
  answer: ColumnConfigAnswer
  /** What the grid shows now (columns, sort, filters, page size, language). */
  config: GridConfig
  onSelect: (configId: number | null) => void
}

const DEFAULT = 'default'

/** Load, save, delete, favourite and apply-to-all of the grid's column configurations. */
export function ConfigBar({ classId, folderId, answer, config, onSelect }: ConfigBarProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [dialog, setDialog] = useState<'saveAs' | 'delete' | null>(null)
  const [name, setName] = useState('')
  const [shareGlobally, setShareGlobally] = useState(false)
  const [message, setMessage] = useState('')
  const current = answer.current
  const own = answer.configs.find((c) => c.id === current.id && c.isOwner)

  const refresh = async (text: string) => {
    setMessage(text)
    await queryClient.invalidateQueries({ queryKey: gridKeys.all })
  }
  const save = useMutation({
    mutationFn: (input: { asNew: boolean }) =>
      saveColumnConfig({
        ...(input.asNew || !own ? {} : { id: own.id }),
        classId,
        folderId: input.asNew || !own ? folderId : own.folderId,
        name: input.asNew || !own ? name : own.name,
        config,
        shareGlobally: input.asNew || !own ? shareGlobally : own.shareGlobally,
        sharedUserIds: own && !input.asNew ? own.sharedUserIds : [],
        sharedRoleIds: own && !input.asNew ? own.sharedRoleIds : [],
        favourite: true,
      }),
    onSuccess: async (saved) => {
      setDialog(null)
      onSelect(saved.id)
      await refresh(t('adminPimGrid.config.saved'))
    },
  })
  const remove = useMutation({
    mutationFn: (id: number) => deleteColumnConfig(id),
    onSuccess: async () => {
      setDialog(null)
      onSelect(null)
      await refresh(t('adminPimGrid.config.done'))
    },
  })
  const favourite = useMutation({
    mutationFn: (id: number) => markFavouriteColumnConfig(id, folderId),
    onSuccess: () => refresh(t('adminPimGrid.config.done')),
  })
  const applyToAll = useMutation({
    mutationFn: (id: number) => applyColumnConfigToAll(id),
    onSuccess: () => refresh(t('adminPimGrid.config.done')),
  })

  const options = [
    { value: DEFAULT, label: t('adminPimGrid.config.default') },
    ...answer.configs.map((c) => ({
      value: String(c.id),
      label:
        c.id === current.id && current.isFavourite
          ? t('adminPimGrid.config.favouriteSuffix', { name: c.name })
          : c.name,
    })),
  ]
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('adminPimGrid.config.label')}
          data={options}
          value={current.id === null ? DEFAULT : String(current.id)}
          onChange={(value) => {
            setMessage('')
            onSelect(value === null || value === DEFAULT ? null : Number(value))
          }}
          allowDeselect={false}
          w={240}
        />
        <Button
          variant="default"
          loading={save.isPending && dialog === null}
          onClick={() => (own ? save.mutate({ asNew: false }) : setDialog('saveAs'))}
        >
          {t('adminPimGrid.config.save')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setName('')
            setShareGlobally(false)
            setDialog('saveAs')
          }}
        >
          {t('adminPimGrid.config.saveAs')}
        </Button>
        {current.id !== null && (
          <>
            <Button
              variant="default"
              disabled={current.isFavourite}
              loading={favourite.isPending}
              onClick={() => favourite.mutate(current.id!)}
            >
              {t('adminPimGrid.config.favourite')}
            </Button>
            <Button
              variant="default"
              loading={applyToAll.isPending}
              onClick={() => applyToAll.mutate(current.id!)}
            >
              {t('adminPimGrid.config.applyToAll')}
            </Button>
          </>
        )}
        {own && (
          <Button variant="default" color="red" onClick={() => setDialog('delete')}>
            {t('adminPimGrid.config.delete')}
          </Button>
        )}
      </Group>
      {message !== '' && (
        <Text size="sm" role="status">
          {message}
        </Text>
      )}
      <RequestErrorAlert error={save.error ?? favourite.error ?? applyToAll.error} />
      <Modal
        opened={dialog === 'saveAs'}
        onClose={() => setDialog(null)}
        title={t('adminPimGrid.config.saveAs')}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (name.trim() !== '') save.mutate({ asNew: true })
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('adminPimGrid.config.name')}
              required
              data-autofocus
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Checkbox
              label={t('adminPimGrid.config.shareGlobally')}
              checked={shareGlobally}
              onChange={(event) => setShareGlobally(event.currentTarget.checked)}
            />
            <RequestErrorAlert error={save.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('adminPimGrid.edit.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={name.trim() === ''}>
                {t('adminPimGrid.edit.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={t('adminPimGrid.config.delete')}
      >
        <Stack gap="md">
          <Text>{t('adminPimGrid.config.deleteConfirm', { name: own?.name ?? '' })}</Text>
          <RequestErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('adminPimGrid.edit.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => own && remove.mutate(own.id)}
            >
              {t('adminPimGrid.config.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
