import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TargetGroup, TargetGroupInput } from '@optika/domain/operations/targeting'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useGroupActions, useTargetGroups } from '../api/targeting-api.ts'

const EMPTY: TargetGroupInput = { name: '', description: '', active: true, threshold: 1 }

/** The target groups: a searchable table; add and edit in a dialog, delete after confirming. */
export function TargetGroupsPanel() {
  const { t } = useTranslation()
  const groups = useTargetGroups()
  const { save, remove } = useGroupActions()
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<{ id: number | null; draft: TargetGroupInput } | null>(
    null,
  )
  const [deleting, setDeleting] = useState<TargetGroup | null>(null)
  const [notice, setNotice] = useState('')

  if (groups.isPending) return <ScreenLoader />
  if (groups.isError) return <RequestErrorAlert error={groups.error} />
  const needle = search.trim().toLowerCase()
  const shown = groups.data.filter(
    (g) => !needle || `${g.name} ${g.description}`.toLowerCase().includes(needle),
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!editing) return
    save.mutate(
      { id: editing.id, input: editing.draft },
      {
        onSuccess: () => {
          setEditing(null)
          setNotice(t('targeting.screen.group.saved'))
        },
      },
    )
  }
  const open = (id: number | null, draft: TargetGroupInput) => {
    save.reset()
    setNotice('')
    setEditing({ id, draft })
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('targeting.screen.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 14rem', minWidth: 0 }}
          maxLength={200}
        />
        <Button onClick={() => open(null, EMPTY)}>{t('targeting.screen.group.add')}</Button>
      </Group>
      <div role="status" aria-live="polite">
        {notice ? (
          <Alert color="teal" withCloseButton onClose={() => setNotice('')}>
            {notice}
          </Alert>
        ) : null}
      </div>
      <RequestErrorAlert error={remove.error} />
      {shown.length === 0 ? (
        <Text c="dimmed">{t('targeting.screen.group.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('targeting.screen.field.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('targeting.screen.field.description')}</Table.Th>
                <Table.Th>{t('targeting.screen.field.threshold')}</Table.Th>
                <Table.Th>{t('targeting.screen.field.state')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('targeting.screen.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((group) => (
                <Table.Tr key={group.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{group.name}</Table.Td>
                  <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                    {group.description}
                  </Table.Td>
                  <Table.Td>{group.threshold}</Table.Td>
                  <Table.Td>
                    <Badge color={group.active ? 'teal' : 'gray'} variant="light">
                      {t(group.active ? 'targeting.screen.active' : 'targeting.screen.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('targeting.screen.editNamed', { name: group.name })}
                        onClick={() => open(group.id, group)}
                      >
                        {t('targeting.screen.edit')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={t('targeting.screen.deleteNamed', { name: group.name })}
                        onClick={() => {
                          remove.reset()
                          setDeleting(group)
                        }}
                      >
                        {t('targeting.screen.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.id ? 'targeting.screen.group.edit' : 'targeting.screen.group.add')}
      >
        {editing ? (
          <form onSubmit={submit}>
            <Stack gap="sm">
              <TextInput
                label={t('targeting.screen.field.name')}
                required
                maxLength={120}
                data-autofocus
                value={editing.draft.name}
                onChange={(event) =>
                  setEditing({
                    ...editing,
                    draft: { ...editing.draft, name: event.currentTarget.value },
                  })
                }
              />
              <Textarea
                label={t('targeting.screen.field.description')}
                maxLength={1000}
                autosize
                minRows={2}
                value={editing.draft.description}
                onChange={(event) =>
                  setEditing({
                    ...editing,
                    draft: { ...editing.draft, description: event.currentTarget.value },
                  })
                }
              />
              <NumberInput
                label={t('targeting.screen.field.threshold')}
                description={t('targeting.screen.hint.threshold')}
                min={1}
                max={100}
                allowDecimal={false}
                value={editing.draft.threshold}
                onChange={(value) =>
                  setEditing({
                    ...editing,
                    draft: { ...editing.draft, threshold: Number(value) || 1 },
                  })
                }
              />
              <Checkbox
                label={t('targeting.screen.field.active')}
                checked={editing.draft.active}
                onChange={(event) =>
                  setEditing({
                    ...editing,
                    draft: { ...editing.draft, active: event.currentTarget.checked },
                  })
                }
              />
              <RequestErrorAlert error={save.error} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  {t('targeting.screen.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {t('targeting.screen.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('targeting.screen.group.deleteTitle')}
      >
        <Stack gap="sm">
          <Text>{t('targeting.screen.group.deleteConfirm', { name: deleting?.name ?? '' })}</Text>
          <RequestErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('targeting.screen.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    setDeleting(null)
                    setNotice(t('targeting.screen.group.deleted'))
                  },
                })
              }
            >
              {t('targeting.screen.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
