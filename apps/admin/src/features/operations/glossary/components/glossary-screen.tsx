import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { GlossaryTerm, GlossaryTermInput } from '@optika/domain/operations/glossary'
import { LOCALES } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useGlossaryActions, useGlossaryTerms } from '../api/glossary-api.ts'

interface Draft extends Omit<GlossaryTermInput, 'siteId'> {
  siteId: number | ''
}

const EMPTY: Draft = {
  text: '',
  language: '',
  siteId: '',
  link: '',
  abbr: '',
  acronym: '',
  caseSensitive: false,
  exactMatch: true,
}

function draftOf(term: GlossaryTerm): Draft {
  return {
    text: term.text,
    language: term.language as Draft['language'],
    siteId: term.siteId ?? '',
    link: term.link,
    abbr: term.abbr,
    acronym: term.acronym,
    caseSensitive: term.caseSensitive,
    exactMatch: term.exactMatch,
  }
}

/** One term's row in edit mode: Enter saves, Esc cancels, every control labelled. */
function EditRow({
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
}: {
  draft: Draft
  onChange: (draft: Draft) => void
  onSave: () => void
  onCancel: () => void
  saving: boolean
}) {
  const { t, i18n } = useTranslation()
  const languageName = new Intl.DisplayNames([i18n.language], { type: 'language' })
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    onChange({ ...draft, [key]: value })
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
    } else if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault()
      onSave()
    }
  }
  return (
    <Table.Tr onKeyDown={onKeyDown} data-editing="true">
      <Table.Td>
        <TextInput
          aria-label={t('siteTools.glossary.column.text')}
          value={draft.text}
          onChange={(event) => set('text', event.currentTarget.value)}
          maxLength={100}
          required
          data-autofocus
          autoFocus
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={t('siteTools.glossary.field.language')}
          value={draft.language}
          onChange={(event) => set('language', event.currentTarget.value as Draft['language'])}
          data={[
            { value: '', label: t('siteTools.glossary.language.all') },
            ...LOCALES.map((l) => ({ value: l, label: languageName.of(l) ?? l })),
          ]}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('siteTools.glossary.column.link')}
          title={t('siteTools.glossary.hint.link')}
          placeholder="/cs/…"
          value={draft.link}
          onChange={(event) => set('link', event.currentTarget.value)}
          maxLength={500}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('siteTools.glossary.column.abbr')}
          value={draft.abbr}
          onChange={(event) => set('abbr', event.currentTarget.value)}
          maxLength={200}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('siteTools.glossary.column.acronym')}
          value={draft.acronym}
          onChange={(event) => set('acronym', event.currentTarget.value)}
          maxLength={200}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={t('siteTools.glossary.column.site')}
          title={t('siteTools.glossary.hint.site')}
          value={draft.siteId}
          min={1}
          allowDecimal={false}
          onChange={(value) => set('siteId', value === '' ? '' : Number(value))}
          w={90}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Checkbox
            size="xs"
            label={t('siteTools.glossary.option.exactMatch')}
            checked={draft.exactMatch}
            onChange={(event) => set('exactMatch', event.currentTarget.checked)}
          />
          <Checkbox
            size="xs"
            label={t('siteTools.glossary.option.caseSensitive')}
            checked={draft.caseSensitive}
            onChange={(event) => set('caseSensitive', event.currentTarget.checked)}
          />
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={onSave} loading={saving}>
            {t('siteTools.glossary.save')}
          </Button>
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('siteTools.glossary.cancel')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

/**
 * /admin/glossary-terms — the glossary (Pimcore's GlossaryBundle): terms drawn as links or
 * abbreviations in document and article text, edited in place in the grid (Enter saves, Esc
 * cancels), searched as you type and filtered by language.
 */
export function GlossaryScreen() {
  const { t, i18n } = useTranslation()
  const languageName = new Intl.DisplayNames([i18n.language], { type: 'language' })
  const [search, setSearch] = useState('')
  const [language, setLanguage] = useState('*')
  const [filter] = useDebouncedValue(search.trim(), 250)
  const terms = useGlossaryTerms(filter)
  const { save, destroy } = useGlossaryActions()
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null)
  const [deleting, setDeleting] = useState<GlossaryTerm | null>(null)
  const [notice, setNotice] = useState('')

  const cancel = () => {
    setEditing(null)
    save.reset()
  }
  const commit = () => {
    if (!editing) return
    const { siteId, ...rest } = editing.draft
    save.mutate(
      { id: editing.id, input: { ...rest, siteId: siteId === '' ? null : siteId } },
      {
        onSuccess: () => {
          setEditing(null)
          setNotice(t('siteTools.glossary.saved'))
        },
      },
    )
  }
  const shown =
    terms.data?.data.filter((term) => language === '*' || term.language === language) ?? []
  const editRow = (id: number | null) =>
    editing && editing.id === id ? (
      <EditRow
        key={id ?? 'new'}
        draft={editing.draft}
        onChange={(draft) => setEditing({ id, draft })}
        onSave={commit}
        onCancel={cancel}
        saving={save.isPending}
      />
    ) : null

  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.glossary')}
        description={t('admin.screen.glossary.description')}
      />
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            label={t('siteTools.glossary.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 14rem', minWidth: 0 }}
            maxLength={200}
          />
          <NativeSelect
            label={t('siteTools.glossary.filter.language')}
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value)}
            data={[
              { value: '*', label: t('siteTools.glossary.language.all') },
              ...LOCALES.map((l) => ({ value: l, label: languageName.of(l) ?? l })),
            ]}
          />
          <Button
            onClick={() => {
              setNotice('')
              save.reset()
              setEditing({
                id: null,
                draft: {
                  ...EMPTY,
                  language: language === '*' ? '' : (language as Draft['language']),
                },
              })
            }}
            disabled={editing !== null}
          >
            {t('siteTools.glossary.add')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('siteTools.glossary.hint.keys')}
        </Text>
        <div role="status">
          {notice ? (
            <Alert color="green" withCloseButton onClose={() => setNotice('')}>
              {notice}
            </Alert>
          ) : null}
        </div>
        <RequestErrorAlert error={save.error ?? destroy.error} />
        {terms.isPending ? (
          <ScreenLoader />
        ) : !terms.isSuccess ? (
          <RequestErrorAlert error={terms.error} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('siteTools.glossary.count', { count: shown.length })}
            </Text>
            <Table.ScrollContainer minWidth={960}>
              <Table striped withTableBorder aria-label={t('admin.nav.glossary')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('siteTools.glossary.column.text')}</Table.Th>
                    <Table.Th>{t('siteTools.glossary.column.language')}</Table.Th>
                    <Table.Th>{t('siteTools.glossary.column.link')}</Table.Th>
                    <Table.Th>{t('siteTools.glossary.column.abbr')}</Table.Th>
                    <Table.Th>{t('siteTools.glossary.column.acronym')}</Table.Th>
                    <Table.Th>{t('siteTools.glossary.column.site')}</Table.Th>
                    <Table.Th>{t('siteTools.glossary.column.options')}</Table.Th>
                    <Table.Th>{t('siteTools.glossary.column.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {editRow(null)}
                  {shown.map(
                    (term) =>
                      editRow(term.id) ?? (
                        <Table.Tr key={term.id}>
                          <Table.Td>
                            <Text fw={600} size="sm">
                              {term.text}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {term.language
                              ? (languageName.of(term.language) ?? term.language)
                              : t('siteTools.glossary.language.all')}
                          </Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{term.link}</Table.Td>
                          <Table.Td>{term.abbr}</Table.Td>
                          <Table.Td>{term.acronym}</Table.Td>
                          <Table.Td>{term.siteId ?? t('siteTools.glossary.site.all')}</Table.Td>
                          <Table.Td>
                            <Text size="xs">
                              {[
                                term.exactMatch ? t('siteTools.glossary.option.exactMatch') : '',
                                term.caseSensitive
                                  ? t('siteTools.glossary.option.caseSensitive')
                                  : '',
                              ]
                                .filter(Boolean)
                                .join(', ')}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Button
                                size="xs"
                                variant="default"
                                disabled={editing !== null}
                                aria-label={`${t('siteTools.glossary.edit')}: ${term.text}`}
                                onClick={() => {
                                  setNotice('')
                                  save.reset()
                                  setEditing({ id: term.id, draft: draftOf(term) })
                                }}
                              >
                                {t('siteTools.glossary.edit')}
                              </Button>
                              <Button
                                size="xs"
                                variant="light"
                                color="red"
                                aria-label={`${t('siteTools.glossary.delete')}: ${term.text}`}
                                onClick={() => setDeleting(term)}
                              >
                                {t('siteTools.glossary.delete')}
                              </Button>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ),
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {shown.length === 0 && editing === null ? (
              <Text c="dimmed">
                {filter || language !== '*'
                  ? t('siteTools.glossary.noMatch')
                  : t('siteTools.glossary.empty')}
              </Text>
            ) : null}
          </>
        )}
      </Stack>

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('siteTools.glossary.delete')}
      >
        {deleting !== null && (
          <Stack gap="md">
            <Text>{t('siteTools.glossary.deleteConfirm', { text: deleting.text })}</Text>
            <Group>
              <Button
                color="red"
                loading={destroy.isPending}
                data-autofocus
                onClick={() =>
                  destroy.mutate(deleting.id, {
                    onSuccess: () => {
                      setDeleting(null)
                      setNotice(t('siteTools.glossary.deleted'))
                    },
                    onError: () => setDeleting(null),
                  })
                }
              >
                {t('siteTools.glossary.delete')}
              </Button>
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('siteTools.glossary.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
