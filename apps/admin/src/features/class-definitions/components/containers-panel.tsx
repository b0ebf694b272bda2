import { Button, Grid, Group, NavLink, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { IDENTIFIER, type FieldContainerDefinition } from '@optika/domain/pim/class-definition'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import {
  classKeys,
  deleteContainer,
  saveContainer,
  useContainer,
  useContainerTree,
  type ContainerKind,
} from '../api/class-definitions-api.ts'
import { LayoutEditor } from './layout-editor.tsx'

/** Field collections or object bricks: a list, a new-item form and the same layout editor as classes. */
export function ContainersPanel({ kind }: { kind: ContainerKind }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const tree = useContainerTree(kind)
  const [selected, setSelected] = useState<string | null>(null)
  const [key, setKey] = useState('')
  const create = useMutation({
    mutationFn: () => saveContainer(kind, { key, title: key, layout: [] }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classKeys.containers(kind) })
      setSelected(key)
      setKey('')
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
                if (IDENTIFIER.test(key)) create.mutate()
              }}
            >
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={t('adminPimClasses.containers.key')}
                  description={t('adminPimClasses.add.idHint')}
                  value={key}
                  onChange={(e) => setKey(e.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <Button type="submit" disabled={!IDENTIFIER.test(key)} loading={create.isPending}>
                  {t('adminPimClasses.containers.add')}
                </Button>
              </Group>
            </form>
            <RequestErrorAlert error={create.error ?? tree.error} />
            {tree.data?.length === 0 && (
              <Text c="dimmed">{t('adminPimClasses.containers.empty')}</Text>
            )}
            <nav aria-label={t('adminPimClasses.containers.label')}>
              {tree.data?.map((item) => (
                <NavLink
                  key={item.key}
                  component="button"
                  label={
                    item.title === '' || item.title === item.key
                      ? item.key
                      : `${item.title} (${item.key})`
                  }
                  active={selected === item.key}
                  aria-current={selected === item.key ? 'true' : undefined}
                  onClick={() => setSelected(item.key)}
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
          <ContainerEditor
            key={selected}
            kind={kind}
            itemKey={selected}
            onDeleted={() => setSelected(null)}
          />
        )}
      </Grid.Col>
    </Grid>
  )
}

function ContainerEditor({
  kind,
  itemKey,
  onDeleted,
}: {
  kind: ContainerKind
  itemKey: string
  onDeleted: () => void
}) {
  const loaded = useContainer(kind, itemKey)
  if (loaded.isPending) return <ScreenLoader />
  if (loaded.isError) return <RequestErrorAlert error={loaded.error} />
  return <ContainerForm kind={kind} definition={loaded.data} onDeleted={onDeleted} />
}

function ContainerForm({
  kind,
  definition,
  onDeleted,
}: {
  kind: ContainerKind
  definition: FieldContainerDefinition
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(definition)
  const [saved, setSaved] = useState(false)
  const save = useMutation({
    mutationFn: () => saveContainer(kind, draft),
    onSuccess: async () => {
      setSaved(true)
      await queryClient.invalidateQueries({ queryKey: classKeys.containers(kind) })
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteContainer(kind, definition.key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classKeys.containers(kind) })
      onDeleted()
    },
  })
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{draft.title || draft.key}</Title>
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
            {t('adminPimClasses.containers.delete', { name: definition.key })}
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
        label={t('adminPimClasses.containers.title')}
        value={draft.title}
        onChange={(e) => {
          setSaved(false)
          setDraft({ ...draft, title: e.currentTarget.value })
        }}
      />
      <LayoutEditor
        layout={draft.layout}
        onChange={(layout) => {
          setSaved(false)
          setDraft({ ...draft, layout })
        }}
      />
    </Stack>
  )
}
