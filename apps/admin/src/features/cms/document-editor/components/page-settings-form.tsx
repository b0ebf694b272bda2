import { Checkbox, Fieldset, Stack, TextInput, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PageSettingsSchema, type PageSettings } from '@optika/domain/cms/document-api'
import { lengthHint, SEO_LENGTHS } from '../model/seo-hints.ts'

/** A page's stored settings read with the schema's defaults (older rows may lack fields). */
export function readPageSettings(settings: Record<string, unknown>): PageSettings {
  const parsed = PageSettingsSchema.safeParse(settings)
  return parsed.success ? parsed.data : PageSettingsSchema.parse({})
}

/** A page's SEO (title, description with length hints, canonical, noindex) and navigation. */
export function PageSettingsForm({
  settings,
  onChange,
  readOnly,
}: {
  settings: PageSettings
  onChange: (next: PageSettings) => void
  readOnly: boolean
}) {
  const { t } = useTranslation()
  const titleHint = lengthHint('title', settings.title)
  const descriptionHint = lengthHint('description', settings.description)
  return (
    <Stack gap="md">
      <Fieldset legend={t('cmsAdminEditor.seo.legend')}>
        <Stack gap="sm">
          <TextInput
            label={t('cmsAdminEditor.seo.title')}
            description={t(`cmsAdminEditor.seo.hint.${titleHint}`, {
              count: settings.title.trim().length,
              recommended: SEO_LENGTHS.title.recommended,
            })}
            value={settings.title}
            maxLength={300}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...settings, title: event.currentTarget.value })}
          />
          <Textarea
            label={t('cmsAdminEditor.seo.description')}
            description={t(`cmsAdminEditor.seo.hint.${descriptionHint}`, {
              count: settings.description.trim().length,
              recommended: SEO_LENGTHS.description.recommended,
            })}
            value={settings.description}
            autosize
            minRows={2}
            maxLength={1_000}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...settings, description: event.currentTarget.value })}
          />
          <TextInput
            label={t('cmsAdminEditor.seo.canonical')}
            description={t('cmsAdminEditor.seo.canonicalHint')}
            value={settings.canonical}
            maxLength={2_000}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...settings, canonical: event.currentTarget.value })}
          />
          <Checkbox
            label={t('cmsAdminEditor.seo.noindex')}
            checked={settings.noindex}
            disabled={readOnly}
            onChange={(event) => onChange({ ...settings, noindex: event.currentTarget.checked })}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('cmsAdminEditor.navigation.legend')}>
        <Stack gap="sm">
          <TextInput
            label={t('cmsAdminEditor.navigation.title')}
            description={t('cmsAdminEditor.navigation.titleHint')}
            value={settings.navigation.title}
            maxLength={300}
            readOnly={readOnly}
            onChange={(event) =>
              onChange({
                ...settings,
                navigation: { ...settings.navigation, title: event.currentTarget.value },
              })
            }
          />
          <Checkbox
            label={t('cmsAdminEditor.navigation.exclude')}
            checked={settings.navigation.exclude}
            disabled={readOnly}
            onChange={(event) =>
              onChange({
                ...settings,
                navigation: { ...settings.navigation, exclude: event.currentTarget.checked },
              })
            }
          />
        </Stack>
      </Fieldset>
    </Stack>
  )
}
