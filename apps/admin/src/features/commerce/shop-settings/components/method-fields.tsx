import {
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { useFieldError } from '../../../../lib/form-errors.ts'

export type Texts = Record<Locale, string>
export const emptyTexts = (): Texts => ({ cs: '', en: '', hu: '', pl: '', ro: '', sk: '' })

export interface MethodBasics {
  code: string
  name: Texts
  description: Texts
  position: number | string
  active: boolean
}

/** Code, order, active flag and the name and description in each of the six languages. */
export function MethodBasicsFields<T extends MethodBasics>({
  value,
  onChange,
  errors,
}: {
  value: T
  onChange: (next: T) => void
  errors: Record<string, string>
}) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const setText = (field: 'name' | 'description', locale: Locale, text: string) =>
    onChange({ ...value, [field]: { ...value[field], [locale]: text } })
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput
          label={t('admin.shop.method.code')}
          required
          data-autofocus
          value={value.code}
          onChange={(e) => onChange({ ...value, code: e.currentTarget.value })}
          error={fieldError(errors.code)}
        />
        <NumberInput
          label={t('admin.shop.method.position')}
          value={value.position}
          onChange={(position) => onChange({ ...value, position })}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          error={fieldError(errors.position)}
        />
      </Group>
      <Switch
        label={t('admin.shop.active')}
        checked={value.active}
        onChange={(e) => onChange({ ...value, active: e.currentTarget.checked })}
      />
      <Title order={3} size="h5">
        {t('admin.shop.method.name')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LOCALES.map((locale) => (
          <Stack key={locale} gap={4}>
            <TextInput
              label={t('admin.shop.method.nameIn', { language: locale.toUpperCase() })}
              lang={locale}
              required
              value={value.name[locale]}
              onChange={(e) => setText('name', locale, e.currentTarget.value)}
              error={fieldError(errors[`name.${locale}`])}
            />
            <Textarea
              label={t('admin.shop.method.descriptionIn', { language: locale.toUpperCase() })}
              lang={locale}
              autosize
              minRows={1}
              value={value.description[locale]}
              onChange={(e) => setText('description', locale, e.currentTarget.value)}
              error={fieldError(errors[`description.${locale}`])}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
