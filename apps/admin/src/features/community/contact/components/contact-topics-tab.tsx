import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminContactTopic } from '@optika/domain/community/contact-api'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { contactKeys, saveTopic, useContactTopics } from '../api/contact-messages-api.ts'

type Draft = {
  key: string
  titles: Record<Locale, string>
  email: string
  position: number
  active: boolean
}

function draftOf(topic: AdminContactTopic | null, nextPosition: number): Draft {
  return {
    key: topic?.key ?? '',
    titles: Object.fromEntries(LOCALES.map((l) => [l, topic?.titles[l] ?? ''])) as Record<
      Locale,
      string
    >,
    email: topic?.email ?? '',
    position: topic?.position ?? nextPosition,
    active: topic?.active ?? true,
  }
}

function TopicEditor({
  topic,
  nextPosition,
  onClose,
}: {
  topic: AdminContactTopic | null
  nextPosition: number
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const [draft, setDraft] = useState(() => draftOf(topic, nextPosition))
  const save = useMutation({
    mutationFn: () => saveTopic(topic?.id ?? null, draft),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: contactKeys.topics })
      onClose()
    },
  })
  const language = new Intl.DisplayNames([i18n.language], { type: 'language' })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('contact.admin.topic.key')}
            value={draft.key}
            onChange={(event) => setDraft({ ...draft, key: event.currentTarget.value })}
            required
            maxLength={40}
          />
          <TextInput
            type="email"
            label={t('contact.admin.topic.email')}
            description={t('contact.admin.topic.emailHint')}
            value={draft.email}
            onChange={(event) => setDraft({ ...draft, email: event.currentTarget.value })}
            maxLength={254}
          />
          {LOCALES.map((locale) => (
            <TextInput
              key={locale}
              lang={locale}
              label={t('contact.admin.topic.title', { language: language.of(locale) ?? locale })}
              value={draft.titles[locale]}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  titles: { ...draft.titles, [locale]: event.currentTarget.value },
                })
              }
              maxLength={200}
            />
          ))}
          <NumberInput
            label={t('contact.admin.topic.position')}
            value={draft.position}
            min={0}
            max={10000}
            allowDecimal={false}
            onChange={(value) => setDraft({ ...draft, position: Number(value) || 0 })}
          />
          <Checkbox
            mt="xl"
            label={t('contact.admin.topic.active')}
            checked={draft.active}
            onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })}
          />
        </SimpleGrid>
        <RequestErrorAlert error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('contact.admin.topic.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The form's topics: titles in six languages, the address their messages go to, order, active. */
export function ContactTopicsTab() {
  const { t, i18n } = useTranslation()
  const topics = useContactTopics()
  const [editing, setEditing] = useState<AdminContactTopic | 'new' | null>(null)
  if (topics.isPending) return <ScreenLoader />
  if (!topics.isSuccess) return <RequestErrorAlert error={topics.error} />
  const locale = (LOCALES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Locale)
    : 'en'
  const nextPosition = Math.max(0, ...topics.data.map((topic) => topic.position)) + 10
  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing('new')}>{t('contact.admin.topic.add')}</Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder aria-label={t('contact.admin.tab.topics')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contact.admin.topic.position')}</Table.Th>
              <Table.Th>{t('contact.admin.column.topic')}</Table.Th>
              <Table.Th>{t('contact.admin.topic.email')}</Table.Th>
              <Table.Th>{t('contact.admin.topic.active')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                {t('contact.admin.topic.messages')}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {topics.data.map((topic) => (
              <Table.Tr key={topic.id}>
                <Table.Td>{topic.position}</Table.Td>
                <Table.Td>{topic.titles[locale] || topic.titles['en'] || topic.key}</Table.Td>
                <Table.Td>{topic.email || t('contact.admin.topic.emailHint')}</Table.Td>
                <Table.Td>{topic.active ? '✓' : '—'}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{topic.messageCount}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(topic)}
                    aria-label={`${t('contact.admin.topic.edit')}: ${topic.key}`}
                  >
                    {t('contact.admin.topic.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('contact.admin.topic.add') : t('contact.admin.topic.edit')}
        size="lg"
      >
        {editing !== null && (
          <TopicEditor
            topic={editing === 'new' ? null : editing}
            nextPosition={nextPosition}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  )
}
