import {
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { addNote, elementKeys, useNotes, type ElementRef } from '../api/element-api.ts'

const NOTE_TYPES = ['content', 'notice', 'email'] as const

/** Notes about the element: the list, newest first, and a form to add one. */
export function NotesTab({ element }: { element: ElementRef }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const notes = useNotes(element)
  const [type, setType] = useState<string>('content')
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [touched, setTouched] = useState(false)
  const add = useMutation({
    mutationFn: () => addNote({ ...element, type, title: title.trim(), description }),
    onSuccess: async () => {
      setTitle('')
      setDescription('')
      setTouched(false)
      await queryClient.invalidateQueries({ queryKey: elementKeys.notes(element) })
    },
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (title.trim() !== '') add.mutate()
  }
  return (
    <Stack gap="md">
      <form noValidate onSubmit={submit} aria-label={t('adminPimObjects.notes.add')}>
        <Stack gap="xs">
          <RequestErrorAlert error={add.error} />
          <Group grow align="flex-start">
            <Select
              label={t('adminPimObjects.notes.typeLabel')}
              data={NOTE_TYPES.map((value) => ({
                value,
                label: t(`adminPimObjects.notes.type.${value}`),
              }))}
              value={type}
              onChange={(value) => setType(value ?? 'content')}
              allowDeselect={false}
            />
            <TextInput
              label={t('adminPimObjects.notes.title')}
              required
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={touched && title.trim() === '' ? t('admin.form.required') : undefined}
            />
          </Group>
          <Textarea
            label={t('adminPimObjects.notes.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" size="xs" loading={add.isPending}>
              {t('adminPimObjects.notes.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      <RequestErrorAlert error={notes.error} />
      {notes.data?.items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('adminPimObjects.notes.empty')}
        </Text>
      )}
      {(notes.data?.items ?? []).map((note) => (
        <Paper key={note.id} withBorder p="sm" radius="sm" component="article">
          <Group justify="space-between">
            <Title order={3} size="h6">
              {note.title}
            </Title>
            <Text size="xs" c="dimmed">
              {note.type} · {note.userName ?? '—'} ·{' '}
              {new Date(note.date).toLocaleString(i18n.language)}
            </Text>
          </Group>
          {note.description !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.description}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  )
}
