import { Button, Grid, Group, NavLink, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Fragment, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { IDENTIFIER } from '@optika/domain/pim/class-definition'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

export interface DefinitionListItem {
  id: string
  label: string
}

interface DefinitionListPanelProps {
  /** Label of the new item's identifier input. */
  idLabel: string
  /** Accessible name of the list's navigation. */
  listLabel: string
  items: readonly DefinitionListItem[] | undefined
  listError: unknown
  /** The list's query, refreshed after a new item is created. */
  queryKey: QueryKey
  create: (id: string) => Promise<unknown>
  /** The selected item's editor; it is mounted afresh for each selected item. */
  renderEditor: (id: string, onDeleted: () => void) => ReactNode
}

/** Definitions named by an identifier: a new-item form and a list beside the selected item's editor. */
export function DefinitionListPanel({
  idLabel,
  listLabel,
  items,
  listError,
  queryKey,
  create,
  renderEditor,
}: DefinitionListPanelProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [selected, setSelected] = useState<string | null>(null)
  const [id, setId] = useState('')
  const add = useMutation({
    mutationFn: () => create(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey })
      setSelected(id)
      setId('')
    },
  })
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <form
              onSubmit={(e) => {
                e.preventDefault()
                if (IDENTIFIER.test(id)) add.mutate()
              }}
            >
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={idLabel}
                  description={t('adminPimClasses.add.idHint')}
                  value={id}
                  onChange={(e) => setId(e.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <Button type="submit" disabled={!IDENTIFIER.test(id)} loading={add.isPending}>
                  {t('adminPimClasses.containers.add')}
                </Button>
              </Group>
            </form>
            <RequestErrorAlert error={add.error ?? listError} />
            {items?.length === 0 && <Text c="dimmed">{t('adminPimClasses.containers.empty')}</Text>}
            <nav aria-label={listLabel}>
              {items?.map((item) => (
                <NavLink
                  key={item.id}
                  component="button"
                  label={item.label}
                  active={selected === item.id}
                  aria-current={selected === item.id ? 'true' : undefined}
                  onClick={() => setSelected(item.id)}
                />
              ))}
            </nav>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {selected === null ? (
          <Text c="dimmed">{t('adminPimClasses.containers.nothingSelected')}</Text>
        ) : (
          <Fragment key={selected}>{renderEditor(selected, () => setSelected(null))}</Fragment>
        )}
      </Grid.Col>
    </Grid>
  )
}

interface DefinitionDraftOptions<T> {
  initial: T
  /** The list's query, refreshed after a save or a delete. */
  queryKey: QueryKey
  save: (draft: T) => Promise<unknown>
  remove: () => Promise<unknown>
  onDeleted: () => void
}

/** The edited copy of a definition, whether it was saved since the last change, save and delete. */
export function useDefinitionDraft<T>({
  initial,
  queryKey,
  save,
  remove,
  onDeleted,
}: DefinitionDraftOptions<T>) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(initial)
  const [saved, setSaved] = useState(false)
  const update = (next: T) => {
    setSaved(false)
    setDraft(next)
  }
  const saving = useMutation({
    mutationFn: () => save(draft),
    onSuccess: async () => {
      setSaved(true)
      await queryClient.invalidateQueries({ queryKey })
    },
  })
  const removing = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey })
      onDeleted()
    },
  })
  return { draft, update, saved, save: saving, remove: removing }
}

interface PendingRequest {
  isPending: boolean
  error: unknown
  mutate: () => void
}

interface DefinitionFormState {
  saved: boolean
  save: PendingRequest
  remove: PendingRequest
}

/** A definition form's heading with save and delete, the saved notice and the request error. */
export function DefinitionFormHeader({
  title,
  name,
  form,
}: {
  title: string
  /** The definition's identifier, in the delete button's name. */
  name: string
  form: DefinitionFormState
}) {
  const { t } = useTranslation()
  return (
    <>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Group gap="xs">
          <Button loading={form.save.isPending} onClick={() => form.save.mutate()}>
            {t('adminPimClasses.editor.save')}
          </Button>
          <Button
            color="red"
            variant="subtle"
            loading={form.remove.isPending}
            onClick={() => form.remove.mutate()}
          >
            {t('adminPimClasses.containers.delete', { name })}
          </Button>
        </Group>
      </Group>
      {form.saved && (
        <Text role="status" c="green">
          {t('adminPimClasses.editor.saved')}
        </Text>
      )}
      <RequestErrorAlert error={form.save.error ?? form.remove.error} />
    </>
  )
}
