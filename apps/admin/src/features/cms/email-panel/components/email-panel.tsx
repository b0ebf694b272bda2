import {
  Alert,
  Button,
  Code,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmailSettings } from '@optika/domain/cms/document-api'
import type { EmailDraft } from '@optika/domain/cms/email-api'
import {
  MAIL_KINDS,
  MAIL_KIND_DEFINITIONS,
  isMailKind,
  type MailKind,
} from '@optika/domain/cms/mail-kinds'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useEmailPreview, useSendTestEmail } from '../api/email-panel-api.ts'

/** How long typing must pause before the preview is rendered again. */
const PREVIEW_DEBOUNCE_MS = 500

const ADDRESS_FIELDS = ['from', 'replyTo', 'to', 'cc', 'bcc'] as const

const KIND_LABELS = {
  'order-confirmation': 'cmsMails.kind.orderConfirmation',
  'order-to-shop': 'cmsMails.kind.orderToShop',
  'order-status': 'cmsMails.kind.orderStatus',
  'password-reset': 'cmsMails.kind.passwordReset',
  'partner-approved': 'cmsMails.kind.partnerApproved',
  'partner-rejected': 'cmsMails.kind.partnerRejected',
  'registration-finished': 'cmsMails.kind.registrationFinished',
  'contact-form': 'cmsMails.kind.contactForm',
  'complaint-message': 'cmsMails.kind.complaintMessage',
  'contact-reply': 'cmsMails.kind.contactReply',
  'forum-reply': 'cmsMails.kind.forumReply',
  'forum-post-hidden': 'forumModeration.mail.kind',
} as const satisfies Record<MailKind, string>

/**
 * An e-mail document's panel in the document editor: the envelope (mail kind, subject,
 * addresses), the mail as it would be sent — HTML and plain text, filled with the newest
 * order or example values, refreshed as you type — and a test mail to any address.
 */
export function EmailPanel({
  documentId,
  settings,
  body,
  onSettingsChange,
  readOnly,
}: {
  documentId: number
  settings: EmailSettings
  /** The body's HTML as the editor holds it (the `body` editable). */
  body: string
  onSettingsChange: (next: EmailSettings) => void
  readOnly: boolean
}) {
  return (
    <Stack gap="md">
      <EmailEnvelopeFields settings={settings} onChange={onSettingsChange} readOnly={readOnly} />
      <EmailPreviewPane
        draft={{ id: documentId, subject: settings.subject, body, mailKind: kindOf(settings) }}
      />
    </Stack>
  )
}

function kindOf(settings: EmailSettings) {
  return isMailKind(settings.mailKind) ? settings.mailKind : null
}

/** The envelope: which of the shop's mails this document writes, its subject and addresses. */
export function EmailEnvelopeFields({
  settings,
  onChange,
  readOnly,
}: {
  settings: EmailSettings
  onChange: (next: EmailSettings) => void
  readOnly: boolean
}) {
  const { t } = useTranslation()
  const kind = kindOf(settings)
  return (
    <Fieldset legend={t('cmsMails.panel.envelope')}>
      <Stack gap="sm">
        <Select
          label={t('cmsMails.panel.mailKind')}
          description={t('cmsMails.panel.mailKindHint')}
          data={[
            { value: '', label: t('cmsMails.panel.noMailKind') },
            ...MAIL_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) })),
          ]}
          value={kind ?? ''}
          allowDeselect={false}
          readOnly={readOnly}
          onChange={(value) =>
            onChange({ ...settings, mailKind: isMailKind(value) ? value : null })
          }
        />
        <TextInput
          label={t('cmsMails.panel.subject')}
          value={settings.subject}
          maxLength={500}
          readOnly={readOnly}
          onChange={(event) => onChange({ ...settings, subject: event.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ADDRESS_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`cmsMails.panel.${field}`)}
              description={field === 'to' ? t('cmsMails.panel.toHint') : undefined}
              value={settings[field]}
              maxLength={field === 'from' || field === 'replyTo' ? 320 : 2_000}
              readOnly={readOnly}
              onChange={(event) => onChange({ ...settings, [field]: event.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
        {kind !== null && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="email-placeholders-title">
              {t('cmsMails.panel.placeholders')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('cmsMails.panel.placeholdersHint', { section: '{{#name}}…{{/name}}' })}
            </Text>
            <Group gap={6} component="ul" aria-labelledby="email-placeholders-title" p={0} m={0}>
              {MAIL_KIND_DEFINITIONS[kind].placeholders.map((placeholder) => (
                <li key={placeholder.name} style={{ listStyle: 'none' }}>
                  <Code>{`{{${placeholder.name}}}`}</Code>
                </li>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </Fieldset>
  )
}

/** The mail rendered with sample values (HTML and text tabs), and the test mail form. */
function EmailPreviewPane({ draft }: { draft: EmailDraft }) {
  const { t } = useTranslation()
  const json = JSON.stringify(draft)
  const [debounced] = useDebouncedValue(json, PREVIEW_DEBOUNCE_MS)
  const preview = useEmailPreview(JSON.parse(debounced) as EmailDraft)
  const data = preview.data
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="email-preview-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text id="email-preview-title" fw={600} size="sm">
            {t('cmsMails.panel.preview')}
          </Text>
          <Text size="xs" c="dimmed" role="status" aria-live="polite">
            {preview.isFetching || json !== debounced
              ? t('cmsMails.panel.updating')
              : data?.sample === 'data'
                ? t('cmsMails.panel.sampleData')
                : t('cmsMails.panel.sampleExample')}
          </Text>
        </Group>
        <RequestErrorAlert error={preview.error} />
        {data !== undefined && (
          <>
            {data.unknownPlaceholders.length > 0 && (
              <Alert color="yellow" role="status">
                {t('cmsMails.panel.unknownPlaceholders', {
                  names: data.unknownPlaceholders.map((name) => `{{${name}}}`).join(', '),
                })}
              </Alert>
            )}
            <Text size="sm">
              <Text span fw={500}>
                {t('cmsMails.panel.subject')}:
              </Text>{' '}
              <span data-testid="email-preview-subject">{data.subject}</span>
            </Text>
            <Tabs defaultValue="html" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="html">{t('cmsMails.panel.html')}</Tabs.Tab>
                <Tabs.Tab value="text">{t('cmsMails.panel.text')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="html" pt="xs">
                {/* No scripts, no forms, no navigation: the frame only shows the mail. */}
                <iframe
                  title={t('cmsMails.panel.htmlFrame')}
                  sandbox=""
                  srcDoc={data.html}
                  style={{
                    width: '100%',
                    height: 480,
                    border: '1px solid var(--mantine-color-default-border)',
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="text" pt="xs">
                <Code block data-testid="email-preview-text" style={{ whiteSpace: 'pre-wrap' }}>
                  {data.text}
                </Code>
              </Tabs.Panel>
            </Tabs>
          </>
        )}
        <SendTestForm draft={draft} />
      </Stack>
    </Paper>
  )
}

function SendTestForm({ draft }: { draft: EmailDraft }) {
  const { t } = useTranslation()
  const [to, setTo] = useState('')
  const send = useSendTestEmail()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send.mutate({ ...draft, to: to.trim() })
  }
  return (
    <form onSubmit={submit} aria-labelledby="email-test-title">
      <Stack gap="xs">
        <Text id="email-test-title" fw={600} size="sm">
          {t('cmsMails.panel.testTitle')}
        </Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            type="email"
            required
            label={t('cmsMails.panel.testTo')}
            value={to}
            maxLength={320}
            onChange={(event) => {
              setTo(event.currentTarget.value)
              send.reset()
            }}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" loading={send.isPending}>
            {t('cmsMails.panel.sendTest')}
          </Button>
        </Group>
        <RequestErrorAlert error={send.error} />
        {send.isSuccess && (
          <Alert color="green" role="status">
            {t('cmsMails.panel.testSent', { to: send.variables.to })}
          </Alert>
        )}
      </Stack>
    </form>
  )
}
