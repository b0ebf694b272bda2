import { Button, Grid, Group, NavLink, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { IDENTIFIER, type SelectOptionsSet } from '@optika/domain/pim/class-definition'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import {
  classKeys,
  deleteOptionSet,
  saveOptionSet,
  useOptionSet,
  useOptionSets,
} from '../api/class-definitions-api.ts'
import { OptionRows } from './node-settings.tsx'

/** Named option sets shared by select fields: a list, a new-set form and key/value rows. */
export function SelectOptionsPanel() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const sets = useOptionSets()
  const [selected, setSelected] = useState<string | null>(null)
  const [id, setId] = useState('')
  const create = useMutation({
    mutationFn: () => saveOptionSet({ id, options: [] }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classKeys.optionSets })
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
                if (IDENTIFIER.test(id)) create.mutate()
              }}
            >
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={t('adminPimClasses.selectOptions.id')}
                  description={t('adminPimClasses.add.idHint')}
                  value={id}
                  onChange={(e) => setId(e.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <Button type="submit" disabled={!IDENTIFIER.test(id)} loading={create.isPending}>
                  {t('adminPimClasses.containers.add')}
                </Button>
              </Group>
            </form>
            <RequestErrorAlert error={create.error ?? sets.error} />
            {sets.data?.length === 0 && (
              <Text c="dimmed">{t('adminPimClasses.containers.empty')}</Text>
            )}
            <nav aria-label={t('adminPimClasses.tabs.selectOptions')}>
              {sets.data?.map((set) => (
                <NavLink
                  key={set.id}
                  component="button"
                  label={set.group ? `${set.id} (${set.group})` : set.id}
                  active={selected === set.id}
                  aria-current={selected === set.id ? 'true' : undefined}
                  onClick={() => setSelected(set.id)}
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
          <OptionSetEditor key={selected} id={selected} onDeleted={() => setSelected(null)} />
        )}
      </Grid.Col>
    </Grid>
  )
}

function OptionSetEditor({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const loaded = useOptionSet(id)
  if (loaded.isPending) return <ScreenLoader />
  if (loaded.isError) return <RequestErrorAlert error={loaded.error} />
  return <OptionSetForm set={loaded.data} onDeleted={onDeleted} />
}

function OptionSetForm({ set, onDeleted }: { set: SelectOptionsSet; onDeleted: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(set)
  const [saved, setSaved] = useState(false)
  const update = (next: SelectOptionsSet) => {
    setSaved(false)
    setDraft(next)
  }
  const save = useMutation({
    mutationFn: () => saveOptionSet(draft),
    onSuccess: async () => {
      setSaved(true)
      await queryClient.invalidateQueries({ queryKey: classKeys.optionSets })
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteOptionSet(set.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classKeys.optionSets })
      onDeleted()
    },
  })
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2}>{t('adminPimClasses.selectOptions.rows', { name: set.id })}</Title>
          <Group gap="xs">
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              {t('adminPimClasses.editor.save')}
            </Button>
            <Button
              color="red"
              variant="subtle"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t('adminPimClasses.containers.delete', { name: set.id })}
            </Button>
          </Group>
        </Group>
        {saved && (
          <Text role="status" c="green">
            {t('adminPimClasses.editor.saved')}
          </Text>
        )}
        <RequestErrorAlert error={save.error ?? remove.error} />
        <TextInput
          label={t('adminPimClasses.settings.group')}
          value={draft.group ?? ''}
          onChange={(e) => update({ ...draft, group: e.currentTarget.value || undefined })}
        />
        <OptionRows
          options={draft.options}
          onChange={(options) => update({ ...draft, options })}
          onChangeRow={(index, patch) =>
            update({
              ...draft,
              options: draft.options.map((o, i) => (i === index ? { ...o, ...patch } : o)),
            })
          }
        />
      </Stack>
    </Paper>
  )
}
