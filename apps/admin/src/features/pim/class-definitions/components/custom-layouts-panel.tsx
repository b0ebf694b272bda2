import {
  Button,
  Checkbox,
  Grid,
  Group,
  MultiSelect,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CustomLayout, LayoutNode } from '@optika/domain/pim/class-definition'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useAllRoles, useAllUsers } from '../../../identity/users/api/users-api.ts'
import {
  addCustomLayout,
  classKeys,
  deleteCustomLayout,
  saveCustomLayout,
  useCustomLayout,
  useCustomLayouts,
} from '../api/class-definitions-api.ts'
import { fieldNamesOf, keepFields } from '../model/layout-tree.ts'

/** A class's custom layouts: create one from the class layout, pick its fields, assign, delete. */
export function CustomLayoutsPanel({
  classId,
  classLayout,
}: {
  classId: string
  classLayout: readonly LayoutNode[]
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const list = useCustomLayouts(classId)
  const [selected, setSelected] = useState<number | null>(null)
  const [name, setName] = useState('')
  const add = useMutation({
    mutationFn: async () => {
      const created = await addCustomLayout({ classId, name: name.trim() })
      // A new custom layout starts as the class's whole layout.
      await saveCustomLayout({ ...created, layout: [...classLayout] })
      return created
    },
    onSuccess: async (created) => {
      setName('')
      await queryClient.invalidateQueries({ queryKey: classKeys.customLayouts(classId) })
      setSelected(created.id)
    },
  })
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <form
              onSubmit={(e) => {
                e.preventDefault()
                if (name.trim() !== '') add.mutate()
              }}
            >
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={t('adminPimClasses.customLayouts.name')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <Button type="submit" loading={add.isPending} disabled={name.trim() === ''}>
                  {t('adminPimClasses.customLayouts.add')}
                </Button>
              </Group>
            </form>
            <RequestErrorAlert error={add.error ?? list.error} />
            {list.data?.length === 0 && (
              <Text c="dimmed">{t('adminPimClasses.customLayouts.empty')}</Text>
            )}
            <nav aria-label={t('adminPimClasses.customLayouts.list')}>
              {list.data?.map((layout) => (
                <NavLink
                  key={layout.id}
                  component="button"
                  label={layout.name}
                  active={selected === layout.id}
                  aria-current={selected === layout.id ? 'true' : undefined}
                  onClick={() => setSelected(layout.id)}
                />
              ))}
            </nav>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {selected !== null && (
          <CustomLayoutEditor
            key={selected}
            id={selected}
            classLayout={classLayout}
            onDeleted={() => setSelected(null)}
          />
        )}
      </Grid.Col>
    </Grid>
  )
}

function CustomLayoutEditor({
  id,
  classLayout,
  onDeleted,
}: {
  id: number
  classLayout: readonly LayoutNode[]
  onDeleted: () => void
}) {
  const loaded = useCustomLayout(id)
  if (loaded.isPending) return <ScreenLoader />
  if (loaded.isError) return <RequestErrorAlert error={loaded.error} />
  return <CustomLayoutForm layout={loaded.data} classLayout={classLayout} onDeleted={onDeleted} />
}

function CustomLayoutForm({
  layout,
  classLayout,
  onDeleted,
}: {
  layout: CustomLayout
  classLayout: readonly LayoutNode[]
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const users = useAllUsers()
  const roles = useAllRoles()
  const [draft, setDraft] = useState(layout)
  const [saved, setSaved] = useState(false)
  const shown = new Set(fieldNamesOf(draft.layout))
  const allFields = fieldNamesOf(classLayout)
  const toggle = (field: string, on: boolean) => {
    const next = new Set(shown)
    if (on) next.add(field)
    else next.delete(field)
    setSaved(false)
    setDraft({ ...draft, layout: keepFields(classLayout, next) })
  }
  const save = useMutation({
    mutationFn: () => saveCustomLayout(draft),
    onSuccess: async () => {
      setSaved(true)
      await queryClient.invalidateQueries({ queryKey: classKeys.customLayouts(layout.classId) })
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteCustomLayout(layout.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classKeys.customLayouts(layout.classId) })
      onDeleted()
    },
  })
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <TextInput
          label={t('adminPimClasses.customLayouts.name')}
          required
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <Checkbox.Group
          label={t('adminPimClasses.customLayouts.fields')}
          value={allFields.filter((f) => shown.has(f))}
        >
          <Group gap="md" mt="xs">
            {allFields.map((field) => (
              <Checkbox
                key={field}
                value={field}
                label={field}
                onChange={(e) => toggle(field, e.currentTarget.checked)}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <MultiSelect
          label={t('adminPimClasses.customLayouts.users')}
          searchable
          data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
          value={draft.userIds.map(String)}
          onChange={(ids) => setDraft({ ...draft, userIds: ids.map(Number) })}
        />
        <MultiSelect
          label={t('adminPimClasses.customLayouts.roles')}
          searchable
          data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={draft.roleIds.map(String)}
          onChange={(ids) => setDraft({ ...draft, roleIds: ids.map(Number) })}
        />
        <Checkbox
          label={t('adminPimClasses.customLayouts.default')}
          checked={draft.default}
          onChange={(e) => setDraft({ ...draft, default: e.currentTarget.checked })}
        />
        {saved && (
          <Text role="status" c="green">
            {t('adminPimClasses.editor.saved')}
          </Text>
        )}
        <RequestErrorAlert error={save.error ?? remove.error} />
        <Group justify="space-between">
          <Button
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('adminPimClasses.customLayouts.delete')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            {t('adminPimClasses.editor.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
