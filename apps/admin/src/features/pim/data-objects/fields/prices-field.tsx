import { Table, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCIES } from '@optika/domain/commerce/currencies'
import { useEditorContext } from '../model/editor-context.ts'
import { formatDataPath } from '../model/object-data.ts'
import {
  formatPrice,
  parsePrice,
  setPrice,
  type PricePart,
  type PricesValue,
} from '../model/prices.ts'
import type { FieldWidgetProps } from './field-widget.tsx'
import { FieldWrapper, useFieldState } from './use-field-state.tsx'

function readPrices(value: unknown): PricesValue | undefined {
  return value !== null && typeof value === 'object' ? value : undefined
}

/** One price typed as a decimal; kept as typed until it reads as a valid amount. */
function PriceInput({
  label,
  amount,
  currency,
  placeholder,
  readOnly,
  error,
  onChange,
}: {
  label: string
  amount: number | undefined
  currency: string
  placeholder: string | undefined
  readOnly: boolean
  error: string | undefined
  onChange: (amount: number | null) => void
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(formatPrice(amount, currency))
  const [lastAmount, setLastAmount] = useState(amount)
  // A new value from outside (reload, restore) replaces what was typed.
  if (amount !== lastAmount) {
    setLastAmount(amount)
    if (parsePrice(text, currency) !== (amount ?? null)) setText(formatPrice(amount, currency))
  }
  const parsed = parsePrice(text, currency)
  return (
    <TextInput
      aria-label={label}
      value={text}
      inputMode="decimal"
      placeholder={placeholder}
      readOnly={readOnly}
      rightSection={currency}
      rightSectionWidth={48}
      error={parsed === undefined ? t('adminPimObjects.field.priceInvalid') : error}
      onChange={(event) => {
        const next = event.currentTarget.value
        setText(next)
        const value = parsePrice(next, currency)
        if (value !== undefined) onChange(value)
      }}
    />
  )
}

/** Catalog and action price per currency, typed as decimals, stored in minor units without VAT. */
export function PricesField({ field, path }: FieldWidgetProps) {
  const { t } = useTranslation()
  const { errors } = useEditorContext()
  const state = useFieldState(field, path)
  const prices = readPrices(state.value)
  const inherited = readPrices(state.inherited)
  const parts: PricePart[] = ['catalog', 'action']
  return (
    <FieldWrapper state={state}>
      <Table withRowBorders={false} verticalSpacing={4} maw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminPimObjects.prices.currency')}</Table.Th>
            <Table.Th>{t('adminPimObjects.prices.catalog')}</Table.Th>
            <Table.Th>{t('adminPimObjects.prices.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CURRENCIES.map((currency) => (
            <Table.Tr key={currency}>
              <Table.Th scope="row">{currency}</Table.Th>
              {parts.map((part) => (
                <Table.Td key={part}>
                  <PriceInput
                    label={t(`adminPimObjects.prices.${part}Of`, {
                      name: state.common.label,
                      currency,
                    })}
                    amount={prices?.[currency]?.[part]}
                    currency={currency}
                    placeholder={
                      inherited?.[currency]?.[part] === undefined
                        ? undefined
                        : formatPrice(inherited[currency]?.[part], currency)
                    }
                    readOnly={state.readOnly}
                    error={errors[formatDataPath([...path, currency, part])]}
                    onChange={(amount) =>
                      state.set(setPrice(readPrices(state.value), currency, part, amount))
                    }
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FieldWrapper>
  )
}
