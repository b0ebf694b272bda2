import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  REDIRECT_STATUS_CODES,
  type Redirect,
  type RedirectInput,
} from '@optika/domain/operations/redirects'
import { LOCALES } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../../components/request-error-alert.tsx'
import { RedirectApiError, redirectKeys, saveRedirect } from '../api/redirects-api.ts'

/** An ISO instant as a `datetime-local` value in the browser's time zone ('' for none). */
function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const offset = date.getTimezoneOffset() * 60_000
  return new Date(date.getTime() - offset).toISOString().slice(0, 16)
}

function fromLocalInput(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

function draftOf(rule: Redirect | null): RedirectInput {
  return {
    sourceType: rule?.sourceType ?? 'path',
    source: rule?.source ?? '',
    target: rule?.target ?? '',
    statusCode: rule?.statusCode ?? 301,
    priority: rule?.priority ?? 0,
    siteId: rule?.siteId ?? null,
    language: rule?.language ?? null,
    active: rule?.active ?? true,
    passQuery: rule?.passQuery ?? false,
    activeFrom: rule?.activeFrom ?? null,
    activeTo: rule?.activeTo ?? null,
    expiresAt: rule?.expiresAt ?? null,
  }
}

/** The form of one rule, in a dialog: the server's refusals show at their fields. */
export function RedirectEditor({
  rule,
  opened,
  onClose,
  onSaved,
}: {
  /** The rule to edit; null = a new one. */
  rule: Redirect | null
  opened: boolean
  onClose: () => void
  onSaved: (saved: Redirect) => void
}) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={rule ? t('seoRedirects.editor.edit') : t('seoRedirects.editor.new')}
      size="lg"
    >
      {opened && <RedirectForm rule={rule} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  )
}

function RedirectForm({
  rule,
  onClose,
  onSaved,
}: {
  rule: Redirect | null
  onClose: () => void
  onSaved: (saved: Redirect) => void
}) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const [draft, setDraft] = useState(() => draftOf(rule))
  const save = useMutation({
    mutationFn: () => saveRedirect(rule?.id ?? null, draft),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: redirectKeys.all })
      onSaved(saved)
    },
  })
  const fieldError = (field: string) =>
    save.error instanceof RedirectApiError
      ? save.error.details.find((detail) => detail.path === field)?.message
      : undefined
  const fieldErrorsShown =
    save.error instanceof RedirectApiError &&
    save.error.details.some((detail) =>
      ['source', 'target', 'statusCode', 'priority', 'activeTo'].includes(detail.path),
    )
  const languageName = new Intl.DisplayNames([i18n.language], { type: 'language' })
  const set = <K extends keyof RedirectInput>(key: K, value: RedirectInput[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="redirect-source-type">
            {t('seoRedirects.field.sourceType')}
          </Text>
          <SegmentedControl
            aria-labelledby="redirect-source-type"
            value={draft.sourceType}
            onChange={(value) => set('sourceType', value)}
            data={[
              { value: 'path', label: t('seoRedirects.sourceType.path') },
              { value: 'regex', label: t('seoRedirects.sourceType.regex') },
            ]}
          />
        </Stack>
        <TextInput
          label={t('seoRedirects.field.source')}
          description={
            draft.sourceType === 'path'
              ? t('seoRedirects.field.sourceHintPath')
              : t('seoRedirects.field.sourceHintRegex')
          }
          value={draft.source}
          onChange={(event) => set('source', event.currentTarget.value)}
          error={fieldError('source')}
          required
          maxLength={1000}
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <TextInput
          label={t('seoRedirects.field.target')}
          description={t('seoRedirects.field.targetHint')}
          value={draft.target}
          onChange={(event) => set('target', event.currentTarget.value)}
          error={fieldError('target')}
          required
          maxLength={2000}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('seoRedirects.field.statusCode')}
            value={String(draft.statusCode)}
            onChange={(value) => set('statusCode', Number(value ?? 301))}
            allowDeselect={false}
            error={fieldError('statusCode')}
            data={REDIRECT_STATUS_CODES.map((code) => ({
              value: String(code),
              label: `${code} ${t(`seoRedirects.status.s${code}`)}`,
            }))}
          />
          <NumberInput
            label={t('seoRedirects.field.priority')}
            description={t('seoRedirects.field.priorityHint')}
            value={draft.priority}
            min={0}
            max={99}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => set('priority', Number(value) || 0)}
            error={fieldError('priority')}
          />
          <Select
            label={t('seoRedirects.field.language')}
            value={draft.language ?? ''}
            onChange={(value) => set('language', value ? value : null)}
            allowDeselect={false}
            data={[
              { value: '', label: t('seoRedirects.field.anyLanguage') },
              ...LOCALES.map((locale) => ({
                value: locale,
                label: languageName.of(locale) ?? locale,
              })),
            ]}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="datetime-local"
            label={t('seoRedirects.field.activeFrom')}
            value={toLocalInput(draft.activeFrom)}
            onChange={(event) => set('activeFrom', fromLocalInput(event.currentTarget.value))}
          />
          <TextInput
            type="datetime-local"
            label={t('seoRedirects.field.activeTo')}
            value={toLocalInput(draft.activeTo)}
            onChange={(event) => set('activeTo', fromLocalInput(event.currentTarget.value))}
            error={fieldError('activeTo')}
          />
          <TextInput
            type="datetime-local"
            label={t('seoRedirects.field.expiresAt')}
            value={toLocalInput(draft.expiresAt)}
            onChange={(event) => set('expiresAt', fromLocalInput(event.currentTarget.value))}
          />
        </SimpleGrid>
        <Group>
          <Switch
            label={t('seoRedirects.field.active')}
            checked={draft.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
          />
          <Switch
            label={t('seoRedirects.field.passQuery')}
            checked={draft.passQuery}
            onChange={(event) => set('passQuery', event.currentTarget.checked)}
          />
        </Group>
        {!fieldErrorsShown && <RequestErrorAlert error={save.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('seoRedirects.action.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('seoRedirects.action.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
