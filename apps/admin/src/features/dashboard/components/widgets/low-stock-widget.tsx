import { Anchor, Table } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useLowStock } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

/** Variants whose stock is at or below the widget's threshold, emptiest first. */
export function LowStockWidget({ widget }: WidgetBodyProps) {
  const { t } = useTranslation()
  const config = widget.config as WidgetConfigOf<'lowStock'>
  const query = useLowStock(config.threshold ?? 5, config.limit ?? 10)
  return (
    <WidgetQueryState query={query} isEmpty={(data) => data.variants.length === 0}>
      {(data) => (
        <Table.ScrollContainer minWidth={240}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboards.stock.variant')}</Table.Th>
                <Table.Th ta="right">{t('dashboards.stock.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.variants.map((variant) => (
                <Table.Tr key={variant.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/data-objects/${variant.id}`}>
                      {variant.path}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{variant.quantity}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </WidgetQueryState>
  )
}
