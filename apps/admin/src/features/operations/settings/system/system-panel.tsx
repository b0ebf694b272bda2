import {
  Button,
  Checkbox,
  FileButton,
  Fieldset,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import {
  CUSTOM_LOGO_TYPES,
  SystemSettingsSchema,
  type CustomLogo,
  type SystemSettings,
} from '@optika/domain/operations/system-settings'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import {
  deleteLogo,
  saveSystemSettings,
  settingsKeys,
  uploadLogo,
  useSystemSettings,
} from '../api/settings-api.ts'

/** Each language named in the back office's language, capitalised as a list item. */
function useLanguageName() {
  const { i18n } = useTranslation()
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' })
  return (code: Locale) => {
    const name = names.of(code) ?? code
    return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1)
  }
}

/** Languages, logo, shop name and contact, mail sender, debug mode. */
export function SystemPanel() {
  const settings = useSystemSettings()
  return (
    <Stack gap="lg">
      {settings.isPending && <ScreenLoader />}
      <RequestErrorAlert error={settings.error} />
      {settings.isSuccess && (
        <>
          <SystemSettingsForm
            key={JSON.stringify(settings.data.settings)}
            initial={settings.data.settings}
          />
          <LogoFieldset logo={settings.data.logo} />
        </>
      )}
    </Stack>
  )
}

function SystemSettingsForm({ initial }: { initial: SystemSettings }) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const languageName = useLanguageName()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(initial)
  const [showErrors, setShowErrors] = useState(false)
  const [message, setMessage] = useState('')
  const checked = SystemSettingsSchema.safeParse(values)
  const errors: Record<string, string | undefined> = {}
  if (showErrors && checked.error) {
    for (const issue of checked.error.issues) {
      const path = String(issue.path[0] ?? '')
      errors[path] ??= fieldError(issue.message)
    }
  }
  const save = useMutation({
    mutationFn: (next: SystemSettings) => saveSystemSettings(next),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.system, answer)
      setMessage(t('systemSettings.system.saved'))
    },
  })
  const set = <K extends keyof SystemSettings>(key: K, value: SystemSettings[K]) => {
    setMessage('')
    setValues((current) => ({ ...current, [key]: value }))
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    setShowErrors(true)
    if (checked.success) save.mutate(checked.data)
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('systemSettings.system.languages')}>
          <Stack gap="sm">
            <Checkbox.Group
              label={t('systemSettings.system.enabledLanguages')}
              description={t('systemSettings.system.enabledHint')}
              value={values.enabledLanguages}
              onChange={(next) =>
                set(
                  'enabledLanguages',
                  LOCALES.filter((code) => next.includes(code)),
                )
              }
              error={errors.enabledLanguages}
            >
              <Group gap="md" mt="xs">
                {LOCALES.map((code) => (
                  <Checkbox key={code} value={code} label={languageName(code)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Select
              label={t('systemSettings.system.defaultLanguage')}
              data={LOCALES.map((code) => ({ value: code, label: languageName(code) }))}
              value={values.defaultLanguage}
              onChange={(value) => value && set('defaultLanguage', value)}
              allowDeselect={false}
              error={errors.defaultLanguage}
              maw={320}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('systemSettings.system.shop')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('systemSettings.system.shopName')}
              value={values.shopName}
              onChange={(event) => set('shopName', event.currentTarget.value)}
              error={errors.shopName}
              required
            />
            <TextInput
              label={t('systemSettings.system.contactEmail')}
              type="email"
              value={values.contactEmail}
              onChange={(event) => set('contactEmail', event.currentTarget.value)}
              error={errors.contactEmail}
            />
            <TextInput
              label={t('systemSettings.system.contactPhone')}
              type="tel"
              value={values.contactPhone}
              onChange={(event) => set('contactPhone', event.currentTarget.value)}
              error={errors.contactPhone}
            />
            <Textarea
              label={t('systemSettings.system.contactAddress')}
              value={values.contactAddress}
              onChange={(event) => set('contactAddress', event.currentTarget.value)}
              error={errors.contactAddress}
              autosize
              minRows={2}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('systemSettings.system.mail')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('systemSettings.system.mailSenderName')}
              value={values.mailSenderName}
              onChange={(event) => set('mailSenderName', event.currentTarget.value)}
              error={errors.mailSenderName}
              required
            />
            <TextInput
              label={t('systemSettings.system.mailSenderAddress')}
              type="email"
              value={values.mailSenderAddress}
              onChange={(event) => set('mailSenderAddress', event.currentTarget.value)}
              error={errors.mailSenderAddress}
              required
            />
          </SimpleGrid>
        </Fieldset>
        <Switch
          label={t('systemSettings.system.debugMode')}
          description={t('systemSettings.system.debugModeHint')}
          checked={values.debugMode}
          onChange={(event) => set('debugMode', event.currentTarget.checked)}
        />
        <RequestErrorAlert error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('systemSettings.system.save')}
          </Button>
          <Text size="sm" role="status" c="teal.9">
            {message}
          </Text>
        </Group>
      </Stack>
    </form>
  )
}

/** The admin UI's logo: upload (checked on the server: an SVG with script is refused), remove. */
function LogoFieldset({ logo }: { logo: CustomLogo }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [message, setMessage] = useState('')
  const refresh = async (text: string) => {
    setMessage(text)
    await queryClient.invalidateQueries({ queryKey: settingsKeys.system })
    await queryClient.invalidateQueries({ queryKey: settingsKeys.logo })
  }
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => refresh(t('systemSettings.logo.uploaded')),
  })
  const remove = useMutation({
    mutationFn: deleteLogo,
    onSuccess: () => refresh(t('systemSettings.logo.removed')),
  })
  return (
    <Fieldset legend={t('systemSettings.logo.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('systemSettings.logo.hint')}
        </Text>
        {logo.hasLogo ? (
          <Image
            src={`/admin/settings/display-custom-logo?v=${encodeURIComponent(logo.updatedAt ?? '')}`}
            alt={t('systemSettings.logo.current')}
            h={48}
            w="auto"
            fit="contain"
            maw="100%"
          />
        ) : (
          <Text size="sm">{t('systemSettings.logo.noneSet')}</Text>
        )}
        <RequestErrorAlert error={upload.error ?? remove.error} />
        <Group>
          <FileButton
            accept={CUSTOM_LOGO_TYPES.join(',')}
            onChange={(file) => {
              setMessage('')
              if (file) upload.mutate(file)
            }}
          >
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending}>
                {t('systemSettings.logo.upload')}
              </Button>
            )}
          </FileButton>
          {logo.hasLogo && (
            <Button
              variant="default"
              loading={remove.isPending}
              onClick={() => {
                setMessage('')
                remove.mutate()
              }}
            >
              {t('systemSettings.logo.remove')}
            </Button>
          )}
          <Text size="sm" role="status" c="teal.9">
            {message}
          </Text>
        </Group>
      </Stack>
    </Fieldset>
  )
}
