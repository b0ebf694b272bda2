import { Alert, Box, Button, Code, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { TwoFactorCodeSchema } from '@optika/domain/admin/auth-api'
import { useFieldError } from '../../../../lib/form-errors.ts'

interface TwoFactorEnrolmentProps {
  secret: string
  qrCodeSvg: string
  pending: boolean
  error?: string
  onConfirm: (code: string) => void
}

/** The QR code and secret of a new authenticator, and the code that confirms it. */
export function TwoFactorEnrolment({
  secret,
  qrCodeSvg,
  pending,
  error,
  onConfirm,
}: TwoFactorEnrolmentProps) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(TwoFactorCodeSchema, { sync: true }),
  })
  return (
    <Stack gap="md">
      <Text size="sm">{t('admin.twoFactor.setup.scan')}</Text>
      <Box
        role="img"
        aria-label={t('admin.twoFactor.setup.qrLabel')}
        w={200}
        h={200}
        bg="white"
        style={{ lineHeight: 0 }}
        // The server renders the QR code as SVG markup from the otpauth URL; it carries no input.
        dangerouslySetInnerHTML={{ __html: qrCodeSvg }}
      />
      <Stack gap={4}>
        <Text size="sm" id="two-factor-secret-label">
          {t('admin.twoFactor.setup.secret')}
        </Text>
        <Code aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret" fz="md">
          {secret}
        </Code>
      </Stack>
      <form noValidate onSubmit={form.onSubmit((values) => onConfirm(values.code.trim()))}>
        <Stack gap="md">
          {error !== undefined && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin.twoFactor.setup.code')}
            autoComplete="one-time-code"
            required
            {...form.getInputProps('code')}
            error={fieldError(form.errors.code)}
          />
          <Button type="submit" loading={pending} w="fit-content">
            {t('admin.twoFactor.setup.confirm')}
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
