import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { EmailSettingsSchema, type EmailSettings } from '@optika/domain/cms/document-api'

/** An e-mail document's stored envelope with the schema's defaults. */
export function readEmailSettings(settings: Record<string, unknown>): EmailSettings {
  const parsed = EmailSettingsSchema.safeParse(settings)
  return parsed.success ? parsed.data : EmailSettingsSchema.parse({})
}

const FIELDS = ['subject', 'from', 'replyTo', 'to', 'cc', 'bcc'] as const

/** The envelope of an e-mail document: subject (with placeholders) and addresses. */
export function EmailSettingsForm({
  settings,
  onChange,
  readOnly,
}: {
  settings: EmailSettings
  onChange: (next: EmailSettings) => void
  readOnly: boolean
}) {
  const { t } = useTranslation()
  return (
    <Fieldset legend={t('cmsAdminEditor.email.legend')}>
      <Stack gap="sm">
        {settings.mailKind !== null && (
          <Text size="sm">{t('cmsAdminEditor.email.mailKind', { kind: settings.mailKind })}</Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`cmsAdminEditor.email.${field}`)}
              value={settings[field]}
              maxLength={
                field === 'subject' ? 500 : field === 'from' || field === 'replyTo' ? 320 : 2_000
              }
              readOnly={readOnly}
              onChange={(event) => onChange({ ...settings, [field]: event.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  )
}
