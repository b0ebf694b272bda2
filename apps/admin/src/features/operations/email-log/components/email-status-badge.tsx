import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { EMAIL_LOG_STATUSES, type EmailLogStatus } from '@optika/domain/operations/email-log'

const COLOR: Record<EmailLogStatus, string> = {
  queued: 'yellow',
  logged: 'gray',
  sent: 'green',
  failed: 'red',
  blocked: 'dark',
}

export function isEmailLogStatus(value: string): value is EmailLogStatus {
  return (EMAIL_LOG_STATUSES as readonly string[]).includes(value)
}

/** A mail's state in the log, in words and colour. */
export function EmailStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  if (!isEmailLogStatus(status)) return <Badge variant="light">{status}</Badge>
  return (
    <Badge variant="light" color={COLOR[status]}>
      {t(`emailLog.status.${status}`)}
    </Badge>
  )
}
