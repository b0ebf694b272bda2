import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { ContactStatus } from '@optika/domain/community/contact-api'

const COLORS: Record<ContactStatus, string> = { new: 'blue', answered: 'green', closed: 'gray' }

export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`contact.admin.status.${status}`)}
    </Badge>
  )
}
