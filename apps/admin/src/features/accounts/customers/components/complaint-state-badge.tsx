import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { ComplaintState } from '@optika/domain/accounts/admin-customers-api'

const COLORS = { open: 'blue', accepted: 'green', rejected: 'red', resolved: 'gray' } as const

export function ComplaintStateBadge({ state }: { state: ComplaintState }) {
  const { t } = useTranslation()
  return (
    <Badge variant="light" color={COLORS[state]}>
      {t(`adminCustomers.complaintState.${state}`)}
    </Badge>
  )
}
