import { Checkbox, Group, MultiSelect, Stack, TagsInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import { useClasses } from '../../../pim/data-objects/api/classes-api.ts'
import { allowedClassOptions } from '../api/allowed-class-options.ts'

export interface Restrictions {
  allowedClasses: string[]
  allowedDocumentTypes: string[]
  contentLanguages: Locale[]
}

/**
 * Allowed classes (chosen from the existing classes), document types and content languages; an
 * empty list allows all.
 */
export function RestrictionsEditor({
  value,
  onChange,
}: {
  value: Restrictions
  onChange: (value: Restrictions) => void
}) {
  const { t } = useTranslation()
  const classes = useClasses()
  return (
    <Stack gap="md">
      <MultiSelect
        label={t('admin.restrictions.classes')}
        description={t('admin.restrictions.emptyMeansAll')}
        searchable
        clearable
        data={allowedClassOptions(classes.data ?? [], value.allowedClasses)}
        value={value.allowedClasses}
        onChange={(allowedClasses) => onChange({ ...value, allowedClasses })}
      />
      <TagsInput
        label={t('admin.restrictions.documentTypes')}
        description={t('admin.restrictions.emptyMeansAll')}
        value={value.allowedDocumentTypes}
        onChange={(allowedDocumentTypes) => onChange({ ...value, allowedDocumentTypes })}
      />
      <Checkbox.Group
        label={t('admin.restrictions.contentLanguages')}
        description={t('admin.restrictions.emptyMeansAll')}
        value={value.contentLanguages}
        onChange={(languages) => onChange({ ...value, contentLanguages: languages })}
      >
        <Group gap="md" mt="xs">
          {LOCALES.map((locale) => (
            <Checkbox key={locale} value={locale} label={languageName(locale)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  )
}
