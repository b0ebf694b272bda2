import { Group, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type Country } from '@optika/domain/commerce/countries'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { localize } from '@optika/domain/i18n/localized-text'
import { isLocale } from '@optika/i18n/locales'
import { ActiveBadge, RowActions } from './editor-parts.tsx'

interface Method {
  id: number
  name: LocalizedText
  active: boolean
  rates: readonly { country: Country }[]
}

/**
 * Shipping or payment methods as rows with a column a country: the method's name and flags,
 * one column of its own, its rate in each country (or that it is not offered there) and actions.
 */
export function MethodsTable<M extends Method>({
  label,
  column,
  empty,
  methods,
  badges,
  cell,
  rate,
  onEdit,
  onDelete,
}: {
  label: string
  /** The heading of the method's own column. */
  column: string
  empty: string
  methods: readonly M[]
  /** Flags shown beside the active one. */
  badges?: (method: M) => ReactNode
  cell: (method: M) => ReactNode
  rate: (rate: M['rates'][number], country: Country) => ReactNode
  onEdit: (method: M) => void
  onDelete: (method: M) => void
}) {
  const { t, i18n } = useTranslation()
  const locale = isLocale(i18n.language) ? i18n.language : 'en'
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table withTableBorder striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.shop.method.name')}</Table.Th>
            <Table.Th>{column}</Table.Th>
            {COUNTRIES.map((c) => (
              <Table.Th key={c}>{t(`country.${c}`)}</Table.Th>
            ))}
            <Table.Th>{t('admin.common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {methods.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={COUNTRIES.length + 3} c="dimmed">
                {empty}
              </Table.Td>
            </Table.Tr>
          )}
          {methods.map((method) => {
            const name = localize(method.name, locale)
            return (
              <Table.Tr key={method.id}>
                <Table.Th scope="row">
                  <Stack gap={2}>
                    <span>{name}</span>
                    {badges ? (
                      <Group gap={4}>
                        <ActiveBadge active={method.active} />
                        {badges(method)}
                      </Group>
                    ) : (
                      <ActiveBadge active={method.active} />
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td>{cell(method)}</Table.Td>
                {COUNTRIES.map((country) => {
                  const found = method.rates.find((r) => r.country === country)
                  return (
                    <Table.Td key={country}>
                      {found ? (
                        rate(found, country)
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('admin.shop.shipping.notOffered')}
                        </Text>
                      )}
                    </Table.Td>
                  )
                })}
                <Table.Td>
                  <RowActions
                    name={name}
                    onEdit={() => onEdit(method)}
                    onDelete={() => onDelete(method)}
                  />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
