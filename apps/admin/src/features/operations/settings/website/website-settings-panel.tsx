import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import {
  WEBSITE_SETTING_TYPES,
  WebsiteSettingInputSchema,
  type WebsiteSetting,
  type WebsiteSettingType,
  type WebsiteSettingValue,
} from '@optika/domain/operations/system-settings'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import {
  deleteWebsiteSetting,
  saveWebsiteSetting,
  settingsKeys,
  useWebsiteSettings,
} from '../api/settings-api.ts'

const PAGE_SIZE = 25

/** What the editor holds: a value of any type, before it is checked against the chosen one. */
interface Draft {
  name: string
  type: WebsiteSettingType
  value: WebsiteSettingValue
  siteId: number | null
  language: Locale | null
}

const EMPTY: Draft = { name: '', type: 'text', value: '', siteId: null, language: null }

/** Typed key/values for storefront code, per site and language: search, filter, add, edit, delete. */
export function WebsiteSettingsPanel() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [filter] = useDebouncedValue(search.trim(), 250)
  const [type, setType] = useState<WebsiteSettingType | null>(null)
  const [language, setLanguage] = useState<Locale | null>(null)
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null)
  const [message, setMessage] = useState('')
  const list = useWebsiteSettings({
    filter,
    type,
    language,
    start: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  })
  const remove = useMutation({
    mutationFn: (setting: WebsiteSetting) => deleteWebsiteSetting(setting.id),
    onSuccess: async (_answer, setting) => {
      setMessage(t('systemSettings.website.deleted', { name: setting.name }))
      await queryClient.invalidateQueries({ queryKey: settingsKeys.website })
    },
  })
  const languageLabel = (code: Locale | null) =>
    code === null ? t('systemSettings.website.allLanguages') : code.toUpperCase()
  const valueText = (setting: WebsiteSetting) => {
    if (setting.value === null) return '—'
    if (setting.type === 'boolean') {
      return setting.value ? t('systemSettings.website.yes') : t('systemSettings.website.no')
    }
    if (setting.elementPath) return `${setting.elementPath} (${String(setting.value)})`
    return String(setting.value)
  }
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE))
  return (
    <Stack gap="md">
      <Group align="end" wrap="wrap">
        <TextInput
          label={t('systemSettings.website.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            setPage(1)
          }}
          type="search"
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label={t('systemSettings.website.type')}
          placeholder={t('systemSettings.website.anyType')}
          data={WEBSITE_SETTING_TYPES.map((value) => ({
            value,
            label: t(`systemSettings.type.${value}`),
          }))}
          value={type}
          onChange={(value) => {
            setType(value)
            setPage(1)
          }}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <Select
          label={t('systemSettings.website.language')}
          placeholder={t('systemSettings.website.anyLanguage')}
          data={LOCALES.map((value) => ({ value, label: value.toUpperCase() }))}
          value={language}
          onChange={(value) => {
            setLanguage(value)
            setPage(1)
          }}
          clearable
          w={{ base: '100%', sm: 140 }}
        />
        <Button onClick={() => setEditing({ id: null, draft: EMPTY })}>
          {t('systemSettings.website.add')}
        </Button>
      </Group>
      <Text size="sm" role="status" c="teal.9">
        {message}
      </Text>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error ?? remove.error} />
      {list.isSuccess && list.data.data.length === 0 && (
        <Text size="sm">{t('systemSettings.website.empty')}</Text>
      )}
      {list.isSuccess && list.data.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder striped aria-label={t('systemSettings.tab.website')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('systemSettings.website.name')}</Table.Th>
                <Table.Th>{t('systemSettings.website.type')}</Table.Th>
                <Table.Th>{t('systemSettings.website.value')}</Table.Th>
                <Table.Th>{t('systemSettings.website.language')}</Table.Th>
                <Table.Th>{t('systemSettings.website.site')}</Table.Th>
                <Table.Th>{t('systemSettings.website.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((setting) => (
                <Table.Tr key={setting.id}>
                  <Table.Th scope="row" style={{ wordBreak: 'break-word' }}>
                    {setting.name}
                  </Table.Th>
                  <Table.Td>{t(`systemSettings.type.${setting.type}`)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word', maxWidth: 360 }}>
                    {valueText(setting)}
                  </Table.Td>
                  <Table.Td>{languageLabel(setting.language)}</Table.Td>
                  <Table.Td>
                    {setting.siteId === null
                      ? t('systemSettings.website.allSites')
                      : String(setting.siteId)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('systemSettings.website.editOne', { name: setting.name })}
                        onClick={() =>
                          setEditing({
                            id: setting.id,
                            draft: {
                              name: setting.name,
                              type: setting.type,
                              value: setting.value,
                              siteId: setting.siteId,
                              language: setting.language,
                            },
                          })
                        }
                      >
                        {t('systemSettings.website.edit')}
                      </Button>
                      <ActionIcon
                        variant="default"
                        aria-label={t('systemSettings.website.deleteOne', { name: setting.name })}
                        onClick={() => {
                          if (
                            window.confirm(
                              t('systemSettings.website.deleteConfirm', { name: setting.name }),
                            )
                          ) {
                            setMessage('')
                            remove.mutate(setting)
                          }
                        }}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          value={page}
          onChange={setPage}
          total={pages}
          getControlProps={(control) => ({
            'aria-label': t(`systemSettings.website.page.${control}`),
          })}
          getItemProps={(item) => ({
            'aria-label': t('systemSettings.website.pageNumber', { page: item }),
          })}
        />
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': t('systemSettings.website.cancel') }}
        title={
          editing?.id === null
            ? t('systemSettings.website.dialogAdd')
            : t('systemSettings.website.dialogEdit')
        }
      >
        {editing && (
          <WebsiteSettingForm
            id={editing.id}
            initial={editing.draft}
            onDone={(name) => {
              setEditing(null)
              setMessage(t('systemSettings.website.saved', { name }))
              void queryClient.invalidateQueries({ queryKey: settingsKeys.website })
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  )
}

/** The value a type starts from when the type is changed in the editor. */
function emptyValueOf(type: WebsiteSettingType): WebsiteSettingValue {
  return type === 'text' ? '' : type === 'boolean' ? false : null
}

function WebsiteSettingForm({
  id,
  initial,
  onDone,
  onCancel,
}: {
  id: number | null
  initial: Draft
  onDone: (name: string) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const [draft, setDraft] = useState(initial)
  const [showErrors, setShowErrors] = useState(false)
  const checked = WebsiteSettingInputSchema.safeParse(draft)
  const errors: Record<string, string | undefined> = {}
  if (showErrors && checked.error) {
    for (const issue of checked.error.issues) {
      errors[String(issue.path[0] ?? '')] ??= fieldError(issue.message)
    }
  }
  const save = useMutation({
    mutationFn: () => saveWebsiteSetting(id, WebsiteSettingInputSchema.parse(draft)),
    onSuccess: (saved) => onDone(saved.name),
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    setShowErrors(true)
    if (checked.success) save.mutate()
  }
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }))
  const elementType =
    draft.type === 'document' || draft.type === 'asset' || draft.type === 'object'
      ? draft.type
      : null
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('systemSettings.website.name')}
          description={t('systemSettings.website.nameHint')}
          value={draft.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors.name}
          required
          data-autofocus
        />
        <Select
          label={t('systemSettings.website.type')}
          data={WEBSITE_SETTING_TYPES.map((value) => ({
            value,
            label: t(`systemSettings.type.${value}`),
          }))}
          value={draft.type}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return
            const type = value
            set({ type, value: emptyValueOf(type) })
          }}
        />
        {draft.type === 'text' && (
          <Textarea
            label={t('systemSettings.website.value')}
            value={typeof draft.value === 'string' ? draft.value : ''}
            onChange={(event) => set({ value: event.currentTarget.value })}
            error={errors.value}
            autosize
            minRows={2}
          />
        )}
        {draft.type === 'number' && (
          <NumberInput
            label={t('systemSettings.website.value')}
            value={typeof draft.value === 'number' ? draft.value : ''}
            onChange={(value) => set({ value: typeof value === 'number' ? value : null })}
            error={errors.value}
          />
        )}
        {draft.type === 'boolean' && (
          <Switch
            label={t('systemSettings.website.value')}
            checked={draft.value === true}
            onChange={(event) => set({ value: event.currentTarget.checked })}
          />
        )}
        {elementType && (
          <NumberInput
            label={t('systemSettings.website.elementId')}
            description={t(`systemSettings.website.elementHint.${elementType}`)}
            value={typeof draft.value === 'number' ? draft.value : ''}
            onChange={(value) => set({ value: typeof value === 'number' ? value : null })}
            error={errors.value}
            min={1}
            allowDecimal={false}
          />
        )}
        <Select
          label={t('systemSettings.website.language')}
          data={[
            { value: '', label: t('systemSettings.website.allLanguages') },
            ...LOCALES.map((value) => ({ value, label: value.toUpperCase() })),
          ]}
          value={draft.language ?? ''}
          allowDeselect={false}
          onChange={(value) => set({ language: value ? value : null })}
        />
        <NumberInput
          label={t('systemSettings.website.site')}
          description={t('systemSettings.website.siteHint')}
          value={draft.siteId ?? ''}
          onChange={(value) => set({ siteId: typeof value === 'number' ? value : null })}
          error={errors.siteId}
          min={1}
          allowDecimal={false}
        />
        <RequestErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('systemSettings.website.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('systemSettings.website.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
