import { Button, NumberInput, Stack, Table, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CountrySettingInputSchema,
  type CountrySetting,
} from '@optika/domain/commerce/admin-shop-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import { saveCountrySetting, shopKeys, useCountrySettings } from '../api/shop-settings-api.ts'
import { fromMinor, toMinor } from '../model/amounts.ts'
import { issuesByPath } from '../model/issues.ts'

/** VAT rate and free-shipping threshold of each delivery country, each row saved on its own. */
export function CountriesTab() {
  const { t } = useTranslation()
  const countries = useCountrySettings()
  const [message, setMessage] = useState('')
  return (
    <Stack gap="md">
      {countries.isPending && <ScreenLoader />}
      <RequestErrorAlert error={countries.error} />
      <Text size="sm" role="status" c="green.8">
        {message}
      </Text>
      {countries.isSuccess && (
        <Table.ScrollContainer minWidth={760}>
          <Table withTableBorder striped aria-label={t('admin.shop.tab.countries')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.shop.country.country')}</Table.Th>
                <Table.Th>{t('admin.shop.country.currency')}</Table.Th>
                <Table.Th>{t('admin.shop.country.vatPercent')}</Table.Th>
                <Table.Th>{t('admin.shop.country.freeShipping')}</Table.Th>
                <Table.Th>{t('admin.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {countries.data.map((row) => (
                <CountryRow key={row.country} row={row} onSaved={setMessage} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}

function CountryRow({ row, onSaved }: { row: CountrySetting; onSaved: (m: string) => void }) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const queryClient = useQueryClient()
  const country = t(`country.${row.country}`)
  const [vat, setVat] = useState<number | string>(row.vatPercent)
  const [threshold, setThreshold] = useState<number | string>(
    fromMinor(row.freeShippingThresholdNet, row.currency),
  )
  const input = {
    vatPercent: typeof vat === 'number' ? vat : Number.NaN,
    freeShippingThresholdNet: threshold === '' ? Number.NaN : toMinor(threshold, row.currency),
  }
  const checked = CountrySettingInputSchema.safeParse(input)
  const [showErrors, setShowErrors] = useState(false)
  const errors = showErrors ? issuesByPath(checked.error) : {}
  const save = useMutation({
    mutationFn: () => saveCountrySetting(row.country, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopKeys.countries })
      onSaved(`${country}: ${t('admin.common.saved')}`)
    },
  })
  return (
    <Table.Tr>
      <Table.Th scope="row">{country}</Table.Th>
      <Table.Td>{row.currency}</Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={t('admin.shop.country.vatFor', { country })}
          value={vat}
          onChange={setVat}
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          w={110}
          error={fieldError(errors.vatPercent)}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={t('admin.shop.country.freeShippingFor', { country, currency: row.currency })}
          value={threshold}
          onChange={setThreshold}
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=" "
          rightSection={<Text size="xs">{row.currency}</Text>}
          rightSectionWidth={48}
          w={200}
          error={fieldError(errors.freeShippingThresholdNet)}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Button
            size="xs"
            loading={save.isPending}
            aria-label={t('admin.shop.country.saveFor', { country })}
            onClick={() => {
              setShowErrors(true)
              if (checked.success) save.mutate()
            }}
          >
            {t('admin.common.save')}
          </Button>
          <RequestErrorAlert error={save.error} />
        </Stack>
      </Table.Td>
    </Table.Tr>
  )
}
