import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { CustomerListItem } from '@optika/domain/accounts/admin-customers-api'

const COLORS = { pending: 'yellow', approved: 'green', rejected: 'red' } as const

/** A partner's approval state as a coloured, translated badge. */
export function PartnerStatusBadge({
  status,
}: {
  status: NonNullable<CustomerListItem['partnerStatus']>
}) {
  const { t } = useTranslation()
  return (
    <Badge variant="light" color={COLORS[status]}>
      {t(`adminCustomers.partnerStatus.${status}`)}
    </Badge>
  )
}
