import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import type { EditLock } from '../model/use-edit-lock.ts'

/** Someone else holds the element's edit lock: open it read-only or take the lock over. */
export function LockBanner({
  holder,
  lock,
  lockedByOther,
}: {
  holder: { userName: string; lockedAt: string } | null
  lock: EditLock
  lockedByOther: boolean
}) {
  const { t, i18n } = useTranslation()
  if (lock.state.kind !== 'refused' && !(lockedByOther && lock.state.kind !== 'held')) return null
  if (lock.state.kind === 'refused' && lock.state.dismissed) {
    return (
      <Alert color="gray" role="status">
        {t('adminPimObjects.lock.readOnly')}
      </Alert>
    )
  }
  const since = holder === null ? '' : new Date(holder.lockedAt).toLocaleString(i18n.language)
  return (
    <Alert color="yellow" role="alert" title={t('adminPimObjects.lock.title')}>
      <Stack gap="xs">
        <Text size="sm">
          {holder === null
            ? lock.state.kind === 'refused' && lock.state.error instanceof Error
              ? lock.state.error.message
              : t('adminPimObjects.lock.lockedShort')
            : t('adminPimObjects.lock.lockedBy', { name: holder.userName, since })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={lock.dismiss}>
            {t('adminPimObjects.lock.openReadOnly')}
          </Button>
          <Button size="xs" color="yellow" onClick={lock.takeOver}>
            {t('adminPimObjects.lock.takeOver')}
          </Button>
        </Group>
        {lock.state.kind === 'refused' && <RequestErrorAlert error={lock.state.error} />}
      </Stack>
    </Alert>
  )
}
