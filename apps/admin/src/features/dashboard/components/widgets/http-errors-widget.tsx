import { Anchor, Stack, Table } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useTopHttpErrors } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

/** The storefront's most frequent missing addresses (the SEO tools' HTTP error log). */
export function HttpErrorsWidget({ widget }: WidgetBodyProps) {
  const { t } = useTranslation()
  const config = widget.config as WidgetConfigOf<'httpErrors'>
  const query = useTopHttpErrors(config.limit ?? 10)
  return (
    <WidgetQueryState query={query} isEmpty={(data) => data.errors.length === 0}>
      {(data) => (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={240}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboards.http.uri')}</Table.Th>
                  <Table.Th ta="right">{t('dashboards.http.code')}</Table.Th>
                  <Table.Th ta="right">{t('dashboards.http.count')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.errors.map((error) => (
                  <Table.Tr key={error.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{error.uri}</Table.Td>
                    <Table.Td ta="right">{error.code}</Table.Td>
                    <Table.Td ta="right">{error.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Anchor component={Link} to="/seo-tools/http-errors" size="sm">
            {t('dashboards.http.all')}
          </Anchor>
        </Stack>
      )}
    </WidgetQueryState>
  )
}
