import { Alert, Button, CopyButton, List, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** The recovery codes, shown once right after 2FA is switched on. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation()
  return (
    <Alert color="yellow" title={t('admin.twoFactor.recoveryCodes.title')} role="status">
      <Stack gap="sm">
        <Text size="sm">{t('admin.twoFactor.recoveryCodes.text')}</Text>
        <List
          aria-label={t('admin.twoFactor.recoveryCodes.title')}
          ff="monospace"
          spacing={2}
          listStyleType="none"
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" onClick={copy} w="fit-content">
              {copied ? t('admin.common.copied') : t('admin.common.copy')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  )
}
