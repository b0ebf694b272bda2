import { Anchor, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useFormats } from '../../../../components/use-formats.ts'
import { usePendingPartners } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

/** Partners waiting for the shop's decision, longest waiting first. */
export function PendingPartnersWidget({ widget }: WidgetBodyProps) {
  const { t } = useTranslation()
  const { dateTime } = useFormats()
  const config = widget.config as WidgetConfigOf<'pendingPartners'>
  const query = usePendingPartners(config.limit ?? 8)
  return (
    <WidgetQueryState query={query}>
      {(data) => (
        <Stack gap="xs">
          <Text fw={500}>{t('dashboards.partners.waiting', { count: data.total })}</Text>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.partners.map((partner) => (
              <li key={partner.id}>
                <Anchor component={Link} to={`/shop-customers/${partner.id}`}>
                  {partner.company || partner.name || partner.email}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {partner.email} · {partner.country} ·{' '}
                  {t('dashboards.partners.since', { date: dateTime(partner.createdAt) })}
                </Text>
              </li>
            ))}
          </Stack>
          <Anchor component={Link} to="/shop-partners" size="sm">
            {t('dashboards.partners.all')}
          </Anchor>
        </Stack>
      )}
    </WidgetQueryState>
  )
}
