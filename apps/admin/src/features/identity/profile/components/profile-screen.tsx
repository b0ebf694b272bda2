import { Alert, Button, Paper, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { NewPasswordSchema } from '@optika/domain/admin/auth-api'
import type { CurrentUser } from '@optika/domain/admin/users-api'
import { isLocale, LOCALES, type Locale } from '@optika/i18n/locales'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import { changeLocale } from '../../../../lib/i18n/change-locale.ts'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../auth/api/auth-api.ts'
import { NewPasswordFields } from '../../auth/components/new-password-fields.tsx'
import { updateCurrentUser } from '../api/profile-api.ts'
import { AvatarSection } from './avatar-section.tsx'
import { TwoFactorSection } from './two-factor-section.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

const DetailsSchema = z.object({
  name: z.string().trim().max(200),
  email: z.union([z.literal(''), z.email()]),
})

const PasswordChangeSchema = z
  .object({ oldPassword: z.string().min(1, 'validation.passwordRequired') })
  .and(NewPasswordSchema)

/** /admin/profile — the signed-in user's own picture, name, e-mail, language, password and 2FA. */
export function ProfileScreen() {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  return (
    <Stack gap="xl" maw={720}>
      <ScreenHeader title={t('admin.profile.title')} description={t('admin.profile.description')} />
      {user === undefined ? (
        <ScreenLoader />
      ) : (
        <>
          <AvatarSection user={user} />
          <DetailsCard user={user} />
          <PasswordCard />
          <TwoFactorSection user={user} />
        </>
      )}
    </Stack>
  )
}

function DetailsCard({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation()
  const fieldError = useFieldError()
  const queryClient = useQueryClient()
  const form = useForm<{ name: string; email: string; language: Locale }>({
    mode: 'controlled',
    initialValues: { name: user.name, email: user.email, language: user.language },
    validate: schemaResolver(DetailsSchema, { sync: true }),
  })
  const save = useMutation({
    mutationFn: (values: { name: string; email: string; language: Locale }) =>
      updateCurrentUser({
        name: values.name,
        language: values.language,
        ...(values.email === '' ? {} : { email: values.email }),
      }),
    onSuccess: async (_, values) => {
      form.resetDirty()
      if (values.language !== i18n.language) await changeLocale(i18n, values.language)
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })
    },
  })
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-details">
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-details">
            {t('admin.profile.details')}
          </Title>
          <RequestErrorAlert error={save.error} />
          {save.isSuccess && (
            <Alert color="green" role="status">
              {t('admin.common.saved')}
            </Alert>
          )}
          <TextInput label={t('admin.users.field.username')} value={user.username} readOnly />
          <TextInput
            label={t('admin.users.field.name')}
            autoComplete="name"
            {...form.getInputProps('name')}
            error={fieldError(form.errors.name)}
          />
          <TextInput
            label={t('admin.users.field.email')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            error={fieldError(form.errors.email)}
          />
          <Select
            label={t('admin.users.field.language')}
            data={LOCALES.map((locale) => ({ value: locale, label: languageName(locale) }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
            onChange={(value) => {
              if (value !== null && isLocale(value)) form.setFieldValue('language', value)
            }}
          />
          <Button type="submit" loading={save.isPending} w="fit-content">
            {t('admin.common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}

function PasswordCard() {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const form = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', password: '', passwordRepeat: '' },
    validate: schemaResolver(PasswordChangeSchema, { sync: true }),
  })
  const save = useMutation({
    mutationFn: updateCurrentUser,
    onSuccess: () => form.reset(),
  })
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-password">
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-password">
            {t('admin.profile.password')}
          </Title>
          <RequestErrorAlert error={save.error} />
          {save.isSuccess && (
            <Alert color="green" role="status">
              {t('admin.profile.passwordChanged')}
            </Alert>
          )}
          <PasswordInput
            label={t('admin.profile.oldPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('oldPassword')}
            error={fieldError(form.errors.oldPassword)}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" loading={save.isPending} w="fit-content">
            {t('admin.profile.changePassword')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
